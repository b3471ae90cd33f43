// A tour of the four interfaces through the generated clients: every route, as an integration
// would call it. `npm run tour` runs it against BASE (default http://127.0.0.1:8080) with the
// credentials of the same SVC_* variables as the reference service; any failure exits non-zero.
import { AdminApiClient } from '../generated/admin-api/client.js';
import { BannerApiClient } from '../generated/banner-api/client.js';
import { PriceListApiClient } from '../generated/price-list-api/client.js';
import { ApiClientError } from '../generated/runtime/client/client-errors.js';
import { createStorefrontProxy } from './reference-service/storefront-proxy.js';
import { StoreApiClient } from '../generated/store-api/client.js';

export interface TourOptions {
  readonly base: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly log: (line: string) => void;
}

const DEFAULT_CREDENTIALS = {
  SVC_ADMIN_USERNAME: 'admin',
  SVC_ADMIN_PASSWORD: 'admin-demo-password',
  SVC_INTEGRATION_ID: 'SVCIADEMOINTEGRATION0000001',
  SVC_INTEGRATION_SECRET: 'integration-demo-secret',
  SVC_SALES_CHANNEL_ACCESS_KEY: 'SVCSCDEMOACCESSKEY000000001',
  SVC_CUSTOMER_EMAIL: 'customer@example.com',
  SVC_CUSTOMER_PASSWORD: 'customer-demo-password',
  SVC_API_USERNAME: 'api',
  SVC_API_KEY: 'api-demo-key',
  SVC_API_READER_USERNAME: 'reader',
  SVC_API_READER_KEY: 'reader-demo-key',
} as const;

type CredentialName = keyof typeof DEFAULT_CREDENTIALS;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`tour: ${message}`);
}

async function expectError(status: number, call: () => Promise<unknown>, what: string): Promise<ApiClientError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ApiClientError && error.status === status) return error;
    throw error;
  }
  throw new Error(`tour: ${what} should have failed with ${status}`);
}

export async function runTour({ base, env, log }: TourOptions): Promise<void> {
  const credential = (name: CredentialName): string => env[name] ?? DEFAULT_CREDENTIALS[name];
  const step = (line: string) => log(`  ${line}`);

  log('Admin API (OAuth 2.0 password grant, json:api)');
  const admin = new AdminApiClient({
    baseUrl: base,
    validateResponses: true,
    auth: {
      oauth: {
        grant: 'password',
        username: credential('SVC_ADMIN_USERNAME'),
        password: credential('SVC_ADMIN_PASSWORD'),
      },
    },
  });
  const taxes = await admin.listTax({ query: { limit: 5 } });
  step(`listTax: ${taxes.items.length} of ${taxes.total} taxes`);
  let counted = 0;
  for (
    let page: Awaited<ReturnType<typeof admin.listProduct>> | undefined = await admin.listProduct({
      query: { limit: 10 },
    });
    page;
    page = await page.next()
  ) {
    counted += page.items.length;
  }
  const products = await admin.listProduct({ query: { limit: 25 } });
  check(counted === products.total, `paging visited ${counted} products, total is ${products.total}`);
  step(`listProduct: ${products.total} products, walked page by page`);
  const withParent = products.items.find((product) => product.parentId) ?? products.items[0];
  check(withParent, 'no product');
  const product = await admin.getProduct({ params: { id: withParent.id } });
  step(`getProduct ${product.id}: ${product.name}`);
  const tax = await admin.getProductTax({ params: { id: product.id } });
  const maker = await admin.getProductManufacturer({ params: { id: product.id } });
  const parent = await admin.getProductParent({ params: { id: product.id } });
  const children = await admin.getProductChildren({ params: { id: product.id } });
  step(
    `associations: tax ${tax?.name ?? 'none'}, manufacturer ${maker?.name ?? 'none'}, parent ${parent?.name ?? 'none'}, ${children.total} children`,
  );
  check(tax, 'product without tax');
  const taxRecord = await admin.getTax({ params: { id: tax.id } });
  const taxProducts = await admin.getTaxProducts({ params: { id: tax.id } });
  step(`getTax ${taxRecord.name} (${taxRecord.taxRate}%): ${taxProducts.total} products`);
  const makers = await admin.listManufacturer();
  const firstMaker = makers.items[0];
  check(firstMaker, 'no manufacturer');
  const makerRecord = await admin.getManufacturer({ params: { id: firstMaker.id } });
  const makerProducts = await admin.getManufacturerProducts({ params: { id: firstMaker.id } });
  step(`getManufacturer ${makerRecord.name}: ${makerProducts.total} products`);

  const newTax = await admin.createTax({ query: { _response: true }, body: { name: 'Tour tax', taxRate: 5 } });
  check(newTax, 'createTax returned no record');
  await admin.updateTax({ params: { id: newTax.id }, body: { taxRate: 7 } });
  const newMaker = await admin.createManufacturer({
    query: { _response: true },
    body: { name: 'Tour maker', catalogId: 'tour' },
  });
  check(newMaker, 'createManufacturer returned no record');
  await admin.updateManufacturer({ params: { id: newMaker.id }, body: { name: 'Tour maker 2' } });
  const created = await admin.createProduct({
    query: { _response: true },
    body: {
      name: 'Tour product',
      taxId: newTax.id,
      manufacturerId: newMaker.id,
      parentId: null,
      stock: 3,
      active: true,
      price: { net: 10, gross: 10.7, linked: true },
    },
  });
  check(created, 'createProduct returned no record');
  await admin.updateProduct({ params: { id: created.id }, body: { stock: 4 } });
  const updated = await admin.getProduct({ params: { id: created.id } });
  check(updated.stock === 4, 'updateProduct did not change the stock');
  step(`created tax, manufacturer and product ${created.id}, then updated them`);
  await expectError(409, () => admin.deleteTax({ params: { id: newTax.id } }), 'deleting a referenced tax');
  await admin.deleteProduct({ params: { id: created.id } });
  await admin.deleteTax({ params: { id: newTax.id } });
  await admin.deleteManufacturer({ params: { id: newMaker.id } });
  const missing = await expectError(
    404,
    () => admin.getProduct({ params: { id: created.id } }),
    'reading a deleted product',
  );
  step(`deleted them; reading the product again: ${missing.status} ${missing.code}`);
  const plain = await admin.getProduct({ params: { id: product.id } }, { headers: { accept: 'application/json' } });
  check(plain.id === product.id, 'plain JSON read failed');
  step('plain JSON on request (Accept: application/json)');
  const integration = new AdminApiClient({
    baseUrl: base,
    auth: {
      oauth: {
        grant: 'client_credentials',
        clientId: credential('SVC_INTEGRATION_ID'),
        clientSecret: credential('SVC_INTEGRATION_SECRET'),
      },
    },
  });
  step(`client_credentials grant: ${(await integration.listTax()).total} taxes`);

  log('Store API (access key, context token)');
  const proxy = createStorefrontProxy(
    (contextTokens) =>
      new StoreApiClient({
        baseUrl: base,
        validateResponses: true,
        auth: { accessKey: { apiKey: credential('SVC_SALES_CHANNEL_ACCESS_KEY'), contextTokens } },
      }),
  );
  const first = await proxy(undefined, (store) =>
    store.getContext({ body: { includes: { sales_channel_context: ['token'] } } }),
  );
  check(first.contextToken && first.result.token === first.contextToken, 'context token missing');
  check(Object.keys(first.result).length === 1, 'includes did not filter the context');
  step(`getContext with includes (GET body): a new session, token ${first.contextToken.slice(0, 6)}…`);
  const countries = await proxy(first.contextToken, (store) => store.listCountries());
  step(`listCountries (v2): ${countries.result.total} active countries`);
  const added = await proxy(first.contextToken, (store) =>
    store.addCartLineItems({ body: { items: [{ type: 'product', referencedId: product.id, quantity: 2 }] } }),
  );
  const cart = await proxy(added.contextToken, (store) => store.getCart());
  check(cart.result.lineItems.length === 1, 'cart does not hold the line item');
  step(`addCartLineItems, getCart: ${cart.result.lineItems.length} line item, total ${cart.result.price.totalPrice}`);
  const login = await proxy(cart.contextToken, (store) =>
    store.login({
      body: { username: credential('SVC_CUSTOMER_EMAIL'), password: credential('SVC_CUSTOMER_PASSWORD') },
    }),
  );
  check(login.rotated && login.result.contextToken === login.contextToken, 'login did not rotate the token');
  const after = await proxy(login.contextToken, (store) => store.getCart());
  check(after.result.lineItems.length === 1, 'the cart was lost at login');
  step('login: the token rotated and the cart moved with it');

  log('Price-List API (HTTP Digest)');
  const prices = new PriceListApiClient({
    baseUrl: base,
    validateResponses: true,
    auth: { digest: { username: credential('SVC_API_USERNAME'), password: credential('SVC_API_KEY') } },
  });
  const lists = await prices.listPriceLists();
  step(`listPriceLists: ${lists.total} lists`);
  const list = await prices.createPriceList({ body: { name: 'Tour list', priority: 3 } });
  await prices.updatePriceList({ params: { id: list.id }, body: { name: 'Tour list 2', priority: 4 } });
  check((await prices.getPriceList({ params: { id: list.id } })).name === 'Tour list 2', 'updatePriceList');
  const conditions = await prices.listPriceListConditions();
  const conditionType = conditions.items[0]?.type;
  check(conditionType, 'no condition to copy a type from');
  const condition = await prices.createPriceListCondition({
    body: { priceListId: list.id, type: conditionType, value: 'EUR' },
  });
  await prices.updatePriceListCondition({
    params: { id: condition.id },
    body: { priceListId: list.id, type: conditionType, value: 'USD' },
  });
  check(
    (await prices.getPriceListCondition({ params: { id: condition.id } })).value === 'USD',
    'updatePriceListCondition',
  );
  step(`created, updated and read price list ${list.id} and condition ${condition.id}`);
  const createdPrices = await prices.createPriceListPrices({
    body: {
      prices: [
        {
          priceListId: list.id,
          orderNumber: 'TOUR-1',
          price: 9.5,
          pseudoPrice: 12,
          from: 1,
          to: 10,
          validFrom: null,
          validTo: null,
          calculation: null,
          gross: true,
        },
      ],
    },
  });
  const priceId = createdPrices[0]?.id;
  check(priceId !== undefined, 'no price created');
  const filtered = await prices.listPriceListPrices({
    body: { filters: [{ 'field-name': 'orderNumber', value: 'TOUR-1', type: 'eq' }] },
  });
  check(filtered.items.length === 1, `the GET body filter found ${filtered.items.length} prices`);
  step('createPriceListPrices, then listPriceListPrices filtered by a GET body');
  const price = await prices.getPriceListPrice({ params: { id: priceId } });
  await prices.updatePriceListPrices({ body: { prices: [{ ...price, price: 8.5 }] } });
  check((await prices.getPriceListPrice({ params: { id: priceId } })).price === 8.5, 'updatePriceListPrices');
  await prices.deletePriceListPrices({ body: { prices: [{ id: priceId }] } });
  await prices.deletePriceListCondition({ params: { id: condition.id } });
  await prices.deletePriceList({ params: { id: list.id } });
  await expectError(404, () => prices.getPriceList({ params: { id: list.id } }), 'reading a deleted price list');
  step('updated and deleted the price, the condition and the list');

  log('Banner Resource API (HTTP Digest, privileges)');
  const banners = new BannerApiClient({
    baseUrl: base,
    validateResponses: true,
    auth: { digest: { username: credential('SVC_API_USERNAME'), password: credential('SVC_API_KEY') } },
  });
  const listing = await banners.listBanners({ query: { limit: 10 } });
  step(`listBanners: ${listing.total} banners`);
  const banner = await banners.createBanner({
    body: {
      description: 'Tour banner',
      image: 'media/tour.png',
      link: 'https://example.com/',
      linkTarget: '_blank',
      categoryId: 3,
      validFrom: null,
      validTo: null,
    },
  });
  const read = await banners.getBanner({ params: { id: banner.id } });
  check(read.extension === 'png', 'extension not derived from the image');
  await banners.updateBanner({ params: { id: banner.id }, body: { description: 'Tour banner 2' } });
  const batch = await banners.batchUpdateBanners({
    body: [
      { id: banner.id, link: 'https://example.org/' },
      {
        description: 'Batch banner',
        image: 'media/b.jpg',
        link: 'https://example.net/',
        linkTarget: '_self',
        categoryId: 4,
      },
    ],
  });
  check(
    batch.every((entry) => entry.success),
    'a batch entry failed',
  );
  const batchCreated = batch.find((entry) => entry.operation === 'create')?.data?.id;
  check(batchCreated !== undefined, 'batch did not create');
  step(`created banner ${banner.id}, updated it, batch-updated it and created ${batchCreated}`);
  const reader = new BannerApiClient({
    baseUrl: base,
    auth: { digest: { username: credential('SVC_API_READER_USERNAME'), password: credential('SVC_API_READER_KEY') } },
  });
  const refused = await expectError(
    403,
    () => reader.updateBanner({ params: { id: banner.id }, body: { description: 'no' } }),
    'a reader updating',
  );
  step(
    `the read-only user may read (${(await reader.getBanner({ params: { id: banner.id } })).id}) but not update: ${refused.message}`,
  );
  await banners.batchDeleteBanners({ body: [{ id: batchCreated }] });
  await banners.deleteBanner({ params: { id: banner.id } });
  await expectError(404, () => banners.getBanner({ params: { id: banner.id } }), 'reading a deleted banner');
  step('batch-deleted and deleted them');
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\/examples\//, '/examples/'));
if (isMain) {
  const base = (process.env['BASE'] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  console.log(`svcgen tour against ${base}`);
  runTour({ base, env: process.env, log: (line) => console.log(line) }).then(
    () => console.log('tour: every interface answered as expected'),
    (error: unknown) => {
      console.error(
        error instanceof ApiClientError
          ? `tour failed: ${error.interfaceName} ${error.status} ${error.code ?? ''} ${error.message}`
          : `tour failed: ${String(error instanceof Error ? error.message : error)}`,
      );
      process.exitCode = 1;
    },
  );
}
