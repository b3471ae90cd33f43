// What the harness asks of every client, per interface: each step names an operation, the request in the
// OpenAPI document's terms (path, query as the wire form, headers, body) for the third-party clients, and
// the same call as svcgen's own generated client makes it. Later steps read ids from earlier answers.
export interface Call {
  readonly path?: Record<string, string | number>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
}

/** How an answer that is not JSON is read: a file's bytes, or the events of a `text/event-stream` answer. */
export type Reading = 'file' | 'events';

/** One event as a client read it: its name, its data (parsed JSON) and its id, if it had one. */
export interface ServerEvent {
  readonly event: string;
  readonly data: unknown;
  readonly id?: string;
}

/** The constructs of the clinic API each reported on their own line. */
export type Construct = 'union' | 'multipart' | 'upload' | 'download' | 'events';

/** The answers so far, by step name (parsed JSON bodies). */
export type Answers = Record<string, unknown>;

export interface Step {
  readonly name: string;
  readonly op: string;
  readonly call: (answers: Answers) => Call;
  /** svcgen's client input for the same call, when it differs from `call` (typed query, GET body). */
  readonly svcgen?: (answers: Answers) => { params?: object; query?: object; body?: unknown };
  /** The construct the step tries, reported on its own line (the clinic API's routes). */
  readonly construct?: Construct;
  /** The answer is read as a file or as events through the tool's API, not recorded as JSON off the wire. */
  readonly read?: Reading;
  /** What the read answer must be (bytes, or events with their data and in order), whoever the client. */
  readonly expect?: (answers: Answers) => Uint8Array | readonly Omit<ServerEvent, 'id'>[];
}

export interface Scenario {
  readonly api: 'admin-api' | 'store-api' | 'price-list-api' | 'banner-api' | 'clinic-api';
  readonly steps: readonly Step[];
}

function at(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) current = (current as Record<string | number, unknown> | undefined)?.[key];
  return current;
}

/** The id of a json:api document's (first) resource. */
const jsonApiId = (answers: Answers, step: string): string => {
  const data = at(answers[step], 'data');
  return String(Array.isArray(data) ? at(data, 0, 'id') : at(data, 'id'));
};
const numberAt = (answers: Answers, step: string, ...keys: (string | number)[]): number =>
  Number(at(answers[step], ...keys));

const ADMIN: Scenario = {
  api: 'admin-api',
  steps: [
    {
      name: 'token',
      op: 'oauthToken',
      call: () => ({
        body: {
          grant_type: 'password',
          client_id: 'administration',
          username: 'admin',
          password: 'admin-demo-password',
        },
      }),
    },
    { name: 'taxes', op: 'listTax', call: () => ({ query: { limit: 5 } }) },
    { name: 'products', op: 'listProduct', call: () => ({ query: { limit: 3, page: 2 } }) },
    { name: 'product', op: 'getProduct', call: (a) => ({ path: { id: jsonApiId(a, 'products') } }) },
    { name: 'productTax', op: 'getProductTax', call: (a) => ({ path: { id: jsonApiId(a, 'products') } }) },
    {
      name: 'createTax',
      op: 'createTax',
      call: () => ({ query: { _response: true }, body: { name: 'Ecosystem tax', taxRate: 5 } }),
    },
    {
      name: 'updateTax',
      op: 'updateTax',
      call: (a) => ({ path: { id: jsonApiId(a, 'createTax') }, query: { _response: true }, body: { taxRate: 7 } }),
    },
    { name: 'getTax', op: 'getTax', call: (a) => ({ path: { id: jsonApiId(a, 'createTax') } }) },
    {
      name: 'createMaker',
      op: 'createManufacturer',
      call: () => ({ query: { _response: true }, body: { name: 'Ecosystem maker', catalogId: 'eco' } }),
    },
    {
      name: 'makerProducts',
      op: 'getManufacturerProducts',
      call: (a) => ({ path: { id: jsonApiId(a, 'createMaker') }, query: { limit: 2, page: 1 } }),
    },
    { name: 'deleteMaker', op: 'deleteManufacturer', call: (a) => ({ path: { id: jsonApiId(a, 'createMaker') } }) },
    { name: 'deleteTax', op: 'deleteTax', call: (a) => ({ path: { id: jsonApiId(a, 'createTax') } }) },
    { name: 'deletedTax', op: 'getTax', call: (a) => ({ path: { id: jsonApiId(a, 'createTax') } }) },
  ],
};

const CONTEXT_INCLUDES = { sales_channel_context: ['token'] };

const STORE: Scenario = {
  api: 'store-api',
  steps: [
    {
      name: 'context',
      op: 'getContext',
      call: () => ({ query: { includes: JSON.stringify(CONTEXT_INCLUDES) } }),
      svcgen: () => ({ body: { includes: CONTEXT_INCLUDES } }),
    },
    { name: 'countries', op: 'listCountries', call: () => ({}) },
    { name: 'emptyCart', op: 'getCart', call: () => ({}) },
    {
      name: 'add',
      op: 'addCartLineItems',
      call: (a) => ({ body: { items: [{ type: 'product', referencedId: a['productId'], quantity: 2 }] } }),
    },
    { name: 'cart', op: 'getCart', call: () => ({}) },
    {
      name: 'addAgain',
      op: 'addCartLineItems',
      call: (a) => ({ body: { items: [{ type: 'product', referencedId: a['productId'], quantity: 1 }] } }),
    },
    {
      name: 'login',
      op: 'login',
      call: () => ({ body: { username: 'customer@example.com', password: 'customer-demo-password' } }),
    },
    { name: 'cartAfterLogin', op: 'getCart', call: () => ({}) },
    { name: 'fullContext', op: 'getContext', call: () => ({}) },
    {
      name: 'badLogin',
      op: 'login',
      call: () => ({ body: { username: 'customer@example.com', password: 'wrong-password' } }),
    },
  ],
};

const FILTERS = [{ 'field-name': 'orderNumber', value: 'ECO-1', type: 'eq' }];
const PRICE = {
  orderNumber: 'ECO-1',
  price: 9.5,
  pseudoPrice: 12,
  from: 1,
  to: 10,
  validFrom: null,
  validTo: null,
  calculation: null,
  gross: true,
};

const PRICE_LIST: Scenario = {
  api: 'price-list-api',
  steps: [
    { name: 'lists', op: 'listPriceLists', call: () => ({ query: { limit: 5, offset: 0 } }) },
    { name: 'create', op: 'createPriceList', call: () => ({ body: { name: 'Ecosystem list', priority: 3 } }) },
    {
      name: 'update',
      op: 'updatePriceList',
      call: (a) => ({
        path: { id: numberAt(a, 'create', 'data', 'id') },
        body: { name: 'Ecosystem list 2', priority: 4 },
      }),
    },
    { name: 'read', op: 'getPriceList', call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') } }) },
    { name: 'conditions', op: 'listPriceListConditions', call: () => ({}) },
    {
      name: 'condition',
      op: 'createPriceListCondition',
      call: (a) => ({
        body: {
          priceListId: numberAt(a, 'create', 'data', 'id'),
          type: at(a['conditions'], 'data', 0, 'type'),
          value: 'EUR',
        },
      }),
    },
    {
      name: 'prices',
      op: 'createPriceListPrices',
      call: (a) => ({ body: { prices: [{ ...PRICE, priceListId: numberAt(a, 'create', 'data', 'id') }] } }),
    },
    {
      name: 'filtered',
      op: 'listPriceListPrices',
      call: () => ({ query: { limit: 10, filters: JSON.stringify(FILTERS) } }),
      svcgen: () => ({ query: { limit: 10 }, body: { filters: FILTERS } }),
    },
    { name: 'price', op: 'getPriceListPrice', call: (a) => ({ path: { id: numberAt(a, 'prices', 'data', 0, 'id') } }) },
    {
      name: 'updatePrices',
      op: 'updatePriceListPrices',
      call: (a) => ({ body: { prices: [{ ...(at(a['price'], 'data') as object), price: 8.5 }] } }),
    },
    {
      name: 'deletePrices',
      op: 'deletePriceListPrices',
      call: (a) => ({ body: { prices: [{ id: numberAt(a, 'prices', 'data', 0, 'id') }] } }),
    },
    {
      name: 'deleteCondition',
      op: 'deletePriceListCondition',
      call: (a) => ({ path: { id: numberAt(a, 'condition', 'data', 'id') } }),
    },
    { name: 'delete', op: 'deletePriceList', call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') } }) },
    { name: 'deleted', op: 'getPriceList', call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') } }) },
  ],
};

const BANNER = {
  description: 'Ecosystem banner',
  image: 'media/eco.png',
  link: 'https://example.com/',
  linkTarget: '_blank',
  categoryId: 3,
  validFrom: null,
  validTo: null,
};

const BANNER_API: Scenario = {
  api: 'banner-api',
  steps: [
    { name: 'list', op: 'listBanners', call: () => ({ query: { limit: 10, start: 0 } }) },
    { name: 'create', op: 'createBanner', call: () => ({ body: BANNER }) },
    {
      name: 'sorted',
      op: 'listBanners',
      call: () => ({
        query: { limit: 5, 'sort[0][property]': 'categoryId', 'sort[0][direction]': 'DESC', 'sort[1][property]': 'id' },
      }),
      svcgen: () => ({
        query: { limit: 5, sort: [{ property: 'categoryId', direction: 'DESC' }, { property: 'id' }] },
      }),
    },
    {
      name: 'shortFilter',
      op: 'listBanners',
      call: () => ({ query: { filter: { linkTarget: '_blank' } } }),
      svcgen: () => ({ query: { filter: [{ property: 'linkTarget', value: '_blank' }] } }),
    },
    {
      name: 'indexedFilter',
      op: 'listBanners',
      call: () => ({
        query: {
          'filter[0][property]': 'description',
          'filter[0][expression]': 'LIKE',
          'filter[0][value]': 'Ecosystem%',
        },
      }),
      svcgen: () => ({ query: { filter: [{ property: 'description', expression: 'LIKE', value: 'Ecosystem%' }] } }),
    },
    { name: 'read', op: 'getBanner', call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') } }) },
    {
      name: 'update',
      op: 'updateBanner',
      call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') }, body: { description: 'Ecosystem banner 2' } }),
    },
    {
      name: 'batch',
      op: 'batchUpdateBanners',
      call: (a) => ({
        body: [
          { id: numberAt(a, 'create', 'data', 'id'), link: 'https://example.org/' },
          { ...BANNER, description: 'Ecosystem batch' },
        ],
      }),
    },
    {
      name: 'batchDelete',
      op: 'batchDeleteBanners',
      call: (a) => ({ body: [{ id: numberAt(a, 'batch', 'data', 1, 'data', 'id') }] }),
    },
    { name: 'delete', op: 'deleteBanner', call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') } }) },
    { name: 'deleted', op: 'getBanner', call: (a) => ({ path: { id: numberAt(a, 'create', 'data', 'id') } }) },
  ],
};

const PATIENT = '6f1c2a70-3b7e-4c1a-9d3e-2f4b5a6c7d8e';
const booking = (contact: object, room: string | number | null) => ({
  patient: PATIENT,
  startsAt: '2026-12-01T09:30:00Z',
  length: 'PT30M',
  contact,
  room,
  notes: { summary: 'Knee', allergies: 'none known' },
});
/** A scan the size of a small PNG; a new File per call, since a body is read once. */
const SCAN_BYTES = Uint8Array.from({ length: 3000 }, (_, index) => (index * 31) % 256);
/** The photo uploaded as the body itself, then downloaded: every byte value, some twice. */
const PHOTO_BYTES = Uint8Array.from({ length: 4099 }, (_, index) => (index * 7 + 3) % 256);

/**
 * The clinic API's tagged union (each variant sent and read back), its multipart upload, a photo uploaded
 * as the body and downloaded as a file, and the event stream of the appointments booked before it.
 */
const CLINIC: Scenario = {
  api: 'clinic-api',
  steps: [
    {
      name: 'bookPhone',
      op: 'bookAppointment',
      construct: 'union',
      call: () => ({ body: booking({ kind: 'phone', number: '+4930123456' }, 12) }),
    },
    {
      name: 'readPhone',
      op: 'getAppointment',
      construct: 'union',
      call: (a) => ({ path: { id: String(at(a['bookPhone'], 'data', 'id')) } }),
    },
    {
      name: 'bookMail',
      op: 'bookAppointment',
      construct: 'union',
      call: () => ({ body: booking({ kind: 'mail', address: 'ada@example.org' }, 'B-2') }),
    },
    {
      name: 'readMail',
      op: 'getAppointment',
      construct: 'union',
      call: (a) => ({ path: { id: String(at(a['bookMail'], 'data', 'id')) } }),
    },
    {
      name: 'scan',
      op: 'addScan',
      construct: 'multipart',
      call: () => ({
        path: { patient: PATIENT },
        body: { scan: new File([SCAN_BYTES], 'scan.png', { type: 'image/png' }), title: 'X-ray' },
      }),
    },
    {
      name: 'putPhoto',
      op: 'putPhoto',
      construct: 'upload',
      call: () => ({ path: { patient: PATIENT }, body: new Blob([PHOTO_BYTES], { type: 'image/png' }) }),
    },
    {
      name: 'getPhoto',
      op: 'getPhoto',
      construct: 'download',
      read: 'file',
      call: () => ({ path: { patient: PATIENT } }),
      expect: () => PHOTO_BYTES,
    },
    {
      name: 'feed',
      op: 'watchAppointments',
      construct: 'events',
      read: 'events',
      call: () => ({ query: { count: 10 } }),
      expect: (a) => [
        { event: 'booked', data: at(a['readPhone'], 'data') },
        { event: 'booked', data: at(a['readMail'], 'data') },
      ],
    },
  ],
};

export const SCENARIOS: readonly Scenario[] = [ADMIN, STORE, PRICE_LIST, BANNER_API, CLINIC];
