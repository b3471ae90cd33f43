// Store API `includes` on every route (context, cart, line items, login, countries), in its three
// forms (a GET's JSON body, includes[<alias>][]=<field>, JSON text in one parameter), over loopback.
// Every answer is validated against the emitted store-api openapi.json with ajv 2020-12, formats on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../examples/reference-service/seed.js';
import { ACCESS_KEY, send, startService, type ReceivedResponse, type Send, type Service } from './helpers.js';
import { OpenApiResponses } from './openapi-responses.js';

type Includes = Record<string, string[]>;
type Json = Record<string, any>;

const openapi = new OpenApiResponses('store-api');
const document = openapi.document;
const expectDocumented = (answer: ReceivedResponse, path: string, method: string) =>
  openapi.expectDocumented(answer, path, method);
const validateFull = (name: string, value: unknown): boolean => openapi.fits(name, value);

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service.close());

const PRODUCT = seedId('product:Water Bottle');

function store(path: string, token: string | undefined, options: Send = {}): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, {
    ...options,
    headers: { 'svc-access-key': ACCESS_KEY, ...(token ? { 'svc-context-token': token } : {}), ...options.headers },
  });
}

/** The three ways to send includes; the GET body only on GET routes. */
const FORMS = {
  body: (includes: Includes) => ({ query: '', body: { includes } }),
  deepObject: (includes: Includes) => ({
    query: Object.entries(includes)
      .flatMap(([alias, fields]) =>
        fields.map((field) => `includes[${encodeURIComponent(alias)}][]=${encodeURIComponent(field)}`),
      )
      .join('&'),
    body: undefined,
  }),
  json: (includes: Includes) => ({
    query: `includes=${encodeURIComponent(JSON.stringify(includes))}`,
    body: undefined,
  }),
} as const;
type Form = keyof typeof FORMS;

interface Route {
  readonly method: 'get' | 'post';
  /** The path as the document names it. */
  readonly path: string;
  readonly body?: unknown;
}

/** One filtered request: its answer, validated against the document and with the session token header. */
async function filtered(
  route: Route,
  form: Form,
  includes: Includes,
  token: string | undefined,
): Promise<ReceivedResponse> {
  const { query, body } = FORMS[form](includes);
  const url = query === '' ? route.path : `${route.path}?${query}`;
  const answer = await store(url, token, {
    method: route.method.toUpperCase(),
    ...((body ?? route.body) ? { body: body ?? route.body } : {}),
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.header('svc-context-token')).toMatch(/^[A-Za-z0-9]{32}$/);
  expectDocumented(answer, route.path, route.method);
  return answer;
}

const CONTEXT: Route = { method: 'get', path: '/store-api/v3/context' };
const CART: Route = { method: 'get', path: '/store-api/v3/checkout/cart' };
const COUNTRIES: Route = { method: 'get', path: '/store-api/v2/country' };
const ADD: Route = {
  method: 'post',
  path: '/store-api/v3/checkout/cart/line-item',
  body: { items: [{ type: 'product', referencedId: PRODUCT, quantity: 1 }] },
};

async function newToken(): Promise<string> {
  return (await store('/store-api/v3/context', undefined)).header('svc-context-token') as string;
}

describe('includes on every Store API answer', () => {
  for (const form of Object.keys(FORMS) as Form[]) {
    const getOnly = form === 'body';

    it(`filters the context (${form})`, async () => {
      const answer = await filtered(CONTEXT, form, { sales_channel_context: ['token', 'currency'] }, undefined);
      expect(answer.json).toEqual({
        token: answer.header('svc-context-token'),
        currency: { isoCode: 'EUR' },
        apiAlias: 'sales_channel_context',
      });
      // The record in full requires salesChannel, language, …: the filtered answer needs the document's second shape.
      expect(validateFull('Context', answer.json)).toBe(false);
    });

    it(`filters the cart and its line items (${form})`, async () => {
      const token = await newToken();
      await store(ADD.path, token, { method: 'POST', body: ADD.body });
      const answer = await filtered(CART, form, { cart: ['price', 'lineItems'] }, token);
      expect(Object.keys(answer.json).sort()).toEqual(['apiAlias', 'lineItems', 'price']);
      expect(answer.json.lineItems).toEqual([expect.objectContaining({ referencedId: PRODUCT, quantity: 1 })]);
      expect(validateFull('Cart', answer.json)).toBe(false);
    });

    it(`filters the country list and each country (${form})`, async () => {
      const answer = await filtered(
        COUNTRIES,
        form,
        { dal_entity_search_result: ['total', 'elements'], country: ['iso', 'name'] },
        undefined,
      );
      expect(Object.keys(answer.json).sort()).toEqual(['apiAlias', 'elements', 'total']);
      expect(answer.json.elements.length).toBe(answer.json.total);
      expect(answer.json.elements.length).toBeGreaterThan(0);
      for (const country of answer.json.elements)
        expect(Object.keys(country).sort()).toEqual(['apiAlias', 'iso', 'name']);
      const elementsOnly = await filtered(COUNTRIES, form, { country: ['iso'] }, undefined);
      expect(elementsOnly.json).toMatchObject({
        total: answer.json.total,
        page: 1,
        apiAlias: 'dal_entity_search_result',
      });
      for (const country of elementsOnly.json.elements)
        expect(country).toEqual({ iso: expect.stringMatching(/^[A-Z]{2}$/), apiAlias: 'country' });
    });

    if (getOnly) continue;

    it(`filters the answers of POST routes: line items and login (${form})`, async () => {
      const token = await newToken();
      const cart = await filtered(ADD, form, { cart: ['token'] }, token);
      expect(cart.json).toEqual({ token, apiAlias: 'cart' });
      const login: Route = {
        method: 'post',
        path: '/store-api/v3/account/login',
        body: { username: service.config.customerEmail, password: service.config.customerPassword },
      };
      const answer = await filtered(login, form, { array_struct: ['apiAlias'] }, token);
      expect(answer.json).toEqual({ apiAlias: 'array_struct' });
      expect(answer.header('svc-context-token')).not.toBe(token);
      expect(validateFull('LoginResult', answer.json)).toBe(false);
    });
  }

  it('leaves objects of other apiAliases whole, and answers in full without includes', async () => {
    const token = await newToken();
    const cart = await filtered(CART, 'json', { country: ['iso'] }, token);
    expect(cart.json).toEqual({ token, lineItems: [], price: { totalPrice: 0 }, apiAlias: 'cart' });
    expect(validateFull('Cart', cart.json)).toBe(true);
    for (const route of [CONTEXT, CART, COUNTRIES]) {
      const answer = await store(route.path, token);
      expectDocumented(answer, route.path, route.method);
    }
  });

  it('refuses includes of the wrong shape with a documented 400, on every route', async () => {
    const token = await newToken();
    const wrong: Send[] = [{ body: { includes: ['token'] } }, { body: { includes: { cart: 'token' } } }];
    for (const options of wrong) {
      const answer = await store(CART.path, token, options);
      expect(answer.status, answer.text).toBe(400);
      expectDocumented(answer, CART.path, 'get');
    }
    const queries = [
      'includes=token',
      `includes=${encodeURIComponent('{"cart":"token"}')}`,
      `includes=${encodeURIComponent('[1]')}`,
      'includes[cart]=token',
    ];
    for (const route of [CONTEXT, CART, COUNTRIES, ADD]) {
      for (const query of queries) {
        const answer = await store(`${route.path}?${query}`, token, {
          method: route.method.toUpperCase(),
          ...(route.body ? { body: route.body } : {}),
        });
        expect(answer.status, `${route.path}?${query}: ${answer.text}`).toBe(400);
        expect(answer.json.errors[0]).toMatchObject({ code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER' });
        expectDocumented(answer, route.path, route.method);
      }
    }
    // A refused request changes nothing: the cart is still empty.
    expect((await store(CART.path, token)).json.lineItems).toEqual([]);
  });

  it('documents includes on every operation of the Store API', () => {
    for (const [path, operations] of Object.entries(document['paths'] as Json)) {
      for (const [method, operation] of Object.entries(operations as Json)) {
        const names = (operation.parameters ?? []).map((parameter: Json) => parameter['name']);
        expect(names, `${method} ${path}`).toContain('includes');
      }
    }
  });
});
