// Property-based fuzzing (fast-check) of every route of the reference service over real HTTP on loopback.
// The routes come from the generated route tables, so a new route is fuzzed without touching this file.
// Every request is correctly authenticated (bearer token, access key, Digest) and then hostile in its
// path parameters, query string, headers and body. Every answer must be a 4xx in the interface's error
// shape, or a 2xx; never a 5xx. Afterwards the server still answers and no prototype was polluted.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiRoutes } from '../../generated/admin-api/metadata.js';
import { bannerApiRoutes } from '../../generated/banner-api/metadata.js';
import { priceListApiRoutes } from '../../generated/price-list-api/metadata.js';
import { testSeed } from '../helpers/seed.js';
import type { RouteMeta } from '../../generated/runtime/core/interface-meta.js';
import { storeApiRoutes } from '../../generated/store-api/metadata.js';
import {
  ACCESS_KEY,
  DigestUser,
  apiUser,
  passwordGrant,
  send,
  startService,
  type ReceivedResponse,
  type Service,
} from '../server/helpers.js';

const RUNS_PER_ROUTE = Number(process.env.SVC_FUZZ_RUNS ?? 200);
const LIMIT = 1_048_576;

type Shape = 'errors-array' | 'success-false' | 'oauth';

interface Interface {
  readonly name: string;
  readonly shape: Shape;
  readonly routes: Readonly<Record<string, RouteMeta>>;
}

const INTERFACES: readonly Interface[] = [
  { name: 'admin-api', shape: 'errors-array', routes: adminApiRoutes },
  { name: 'store-api', shape: 'errors-array', routes: storeApiRoutes },
  { name: 'price-list-api', shape: 'success-false', routes: priceListApiRoutes },
  { name: 'banner-api', shape: 'success-false', routes: bannerApiRoutes },
];

// ---- generators ------------------------------------------------------------------------------

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '..',
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '\u0000',
    '__proto__',
    'constructor',
    'prototype',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(400),
    '00000000000000000000000000000000',
    'ffffffffffffffffffffffffffffffff',
    'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
    "' OR 1=1 --",
    '"; DROP TABLE banner; --',
    '<script>alert(1)</script>',
    '\u202e\ud83d\ude00\u0301',
    '\ud800',
    '',
    ' ',
  ),
);

const numberish = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2 ** 53, -(2 ** 63), 1e308));

/** Path parameter values; encoded so that they stay one segment (traversal dots stay literal). */
const pathParam = fc.oneof(
  hostileText,
  fc.integer({ min: -5, max: 50 }).map(String),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
);

const queryKey = (names: readonly string[]) =>
  fc.oneof(
    names.length > 0 ? fc.constantFrom(...names) : fc.constant('limit'),
    fc.constantFrom(
      '__proto__[x]',
      '__proto__[polluted]',
      'constructor[prototype][y]',
      'constructor[prototype][polluted]',
      'a[__proto__][b]',
      'filter[0][property]',
      'filter[0][value]',
      'filter[0][expression]',
      'filter[__proto__]',
      'sort[0][property]',
      'sort[0][direction]',
      'sort[]',
      'includes[country][]',
      'includes[__proto__][]',
      'filters',
      'limit',
      'page',
      'offset',
      'start',
      '_response',
      'a[b][c][d][e][f][g][h][i][j]',
      'a[99999999]',
      'a[]',
      '[]',
      '[',
      ']',
      '%E0%A4%A',
      '%',
    ),
    fc.string({ maxLength: 12 }).map(encodeText),
  );

const queryValue = fc.oneof(
  hostileText.map(encodeText),
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '501',
    '1001',
    'true',
    'ASC',
    'DESC',
    'eq',
    'like',
    '%',
    '%zz',
    '[]',
    '{}',
    '{"filters":[]}',
    '[{"field-name":"id","value":1,"type":"eq"}]',
  ),
  numberish.map((value) => encodeText(String(value))),
);

const queryString = (names: readonly string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(queryKey(names), queryValue), { maxLength: 8 })
        .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&')),
    },
    // Huge counts and deep nesting.
    // Huge counts and deep nesting, kept under Node's 16 KiB request-head limit (Digest repeats the URL in its
    // Authorization header; beyond the limit Node answers 431 before any route, tested apart).
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 500, max: 700 })
        .map((count) => Array.from({ length: count }, (_, i) => `a[]=${i % 10}`).join('&')),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 600, max: 1000 })
        .map((count) => Array.from({ length: count }, () => 'x=1').join('&')),
    },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 1200 }).map((depth) => `a${'[x]'.repeat(depth)}=1`) },
    {
      weight: 1,
      arbitrary: fc.constant(
        '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__.polluted=1&a[__proto__][polluted]=1',
      ),
    },
  );

const jsonValue = fc.jsonValue({ maxDepth: 4 });

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface BodyCase {
  readonly text: string | undefined;
  readonly contentType: string | undefined;
}

const json = (value: unknown): BodyCase => ({ text: JSON.stringify(value), contentType: 'application/json' });

/** A plausible body for the route, then broken in one way. */
const fieldNames = [
  'id',
  'name',
  'priority',
  'priceListId',
  'orderNumber',
  'price',
  'pseudoPrice',
  'from',
  'to',
  'validFrom',
  'validTo',
  'calculation',
  'gross',
  'type',
  'value',
  'description',
  'image',
  'link',
  'linkTarget',
  'categoryId',
  'extension',
  'taxRate',
  'stock',
  'active',
  'taxId',
  'manufacturerId',
  'parentId',
  'items',
  'referencedId',
  'quantity',
  'username',
  'password',
  'filters',
  'includes',
  'prices',
  'data',
];

const bodyCase: fc.Arbitrary<BodyCase> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<BodyCase>({ text: undefined, contentType: undefined }) },
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom(...fieldNames), fc.oneof(jsonValue, hostileText, numberish), { maxKeys: 8 })
      .map(json),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(jsonValue, numberish), { maxKeys: 6 }), {
        maxLength: 5,
      })
      .map(json),
  },
  { weight: 2, arbitrary: jsonValue.map(json) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), jsonValue, { maxKeys: 5 }).map(json) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<BodyCase>(
      { text: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/json' },
      { text: '{"constructor":{"prototype":{"polluted":"yes"}}}', contentType: 'application/json' },
      { text: '[{"__proto__":{"polluted":"yes"},"id":1}]', contentType: 'application/json' },
      {
        text: '{"filters":[{"field-name":"__proto__","value":{"polluted":1},"type":"eq"}]}',
        contentType: 'application/json',
      },
      {
        text: '{"items":[{"type":"product","referencedId":"__proto__","quantity":1}]}',
        contentType: 'application/json',
      },
      { text: '{"includes":{"__proto__":["polluted"]}}', contentType: 'application/json' },
      {
        text: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
        contentType: 'application/x-www-form-urlencoded',
      },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<BodyCase>(
      { text: '{', contentType: 'application/json' },
      { text: '{"a":', contentType: 'application/json' },
      { text: "{'a':1}", contentType: 'application/json' },
      { text: 'nul', contentType: 'application/json' },
      { text: '\ufeff{}', contentType: 'application/json' },
      { text: '{"a":1}garbage', contentType: 'application/json' },
      { text: '{"a":NaN}', contentType: 'application/json' },
      { text: '"\\ud800"', contentType: 'application/json' },
      { text: '{"a":1}', contentType: 'text/plain' },
      { text: '<a>1</a>', contentType: 'application/xml' },
      {
        text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        contentType: 'multipart/form-data; boundary=x',
      },
      { text: 'a=1&b[]=2', contentType: 'application/x-www-form-urlencoded' },
      { text: '{"a":1}', contentType: 'application/json; charset=utf-16' },
      { text: '{"a":1}', contentType: 'application/vnd.api+json' },
      { text: '{"a":1}', contentType: '' },
      { text: '{"a":1}', contentType: 'application/json\u00ff' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1000, max: 10_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
      .map(([depth, kind]) => ({ text: deepJson(depth, kind), contentType: 'application/json' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 10_000, max: 400_000 })
      .map((size) =>
        json({ name: 'x'.repeat(size), description: '\u00e9'.repeat(size / 4), orderNumber: 'y'.repeat(size) }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text, contentType: 'application/json' })),
  },
);

const unicodeHeader = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('\u202e\ud83d\ude00', 'é', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'a'.repeat(2000)),
);

/** UTF-8 bytes of a text as a latin1 string: what a client puts on the wire for a unicode header value. */
function wireBytes(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[\r\n\0]/g, ' ');
}

const headerCase = fc.record({
  accept: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      '*/*',
      'application/json',
      'application/vnd.api+json',
      'text/html',
      'application/vnd.api+json; ext=x',
      '',
    ),
    unicodeHeader,
  ),
  extra: fc.dictionary(
    fc.constantFrom(
      'x-custom',
      'svc-language-id',
      'svc-currency-id',
      'x-forwarded-host',
      'x-forwarded-proto',
      'svc-context-token',
      'if-none-match',
      'user-agent',
    ),
    unicodeHeader,
    { maxKeys: 3 },
  ),
});

// ---- assertions -------------------------------------------------------------------------------

function shapeProblem(shape: Shape, answer: ReceivedResponse): string | undefined {
  const body = answer.json as Record<string, unknown> | undefined;
  if (body === undefined || typeof body !== 'object' || body === null) return 'no JSON body';
  if (shape === 'success-false') {
    if (body['success'] !== false) return 'success is not false';
    if (typeof body['message'] !== 'string') return 'message is not a string';
    if (
      body['errors'] !== undefined &&
      !(Array.isArray(body['errors']) && body['errors'].every((entry) => typeof entry === 'string'))
    )
      return 'errors is not a list of strings';
    return undefined;
  }
  if (shape === 'oauth') {
    if (typeof body['error'] !== 'string' || typeof body['error_description'] !== 'string') return 'no RFC 6749 error';
  }
  const errors = body['errors'];
  if (!Array.isArray(errors) || errors.length === 0) return 'no errors array';
  for (const entry of errors as Record<string, unknown>[]) {
    for (const key of ['status', 'code', 'title', 'detail'])
      if (typeof entry[key] !== 'string') return `errors[].${key} is not a string`;
    if (entry['status'] !== String(answer.status))
      return `errors[].status ${String(entry['status'])} differs from ${answer.status}`;
  }
  return undefined;
}

interface Failure {
  readonly route: string;
  readonly request: string;
  readonly status: number;
  readonly problem: string;
  readonly body: string;
}

// ---- the service ------------------------------------------------------------------------------

let service: Service;
let bearer: string;
let digest: DigestUser;
const sentPerRoute = new Map<string, number>();
const failures: Failure[] = [];
const fuzzedRoutes = new Set<string>();
const prototypeKeys = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  fn: Object.getOwnPropertyNames(Function.prototype).sort(),
};

beforeAll(async () => {
  service = await startService({ SVC_LOG: '0' });
  bearer = (await passwordGrant(service)).access_token;
  digest = apiUser(service);
});

afterAll(async () => {
  const counts = [...sentPerRoute.entries()].filter(([key]) => fuzzedRoutes.has(key)).map(([, count]) => count);
  const total = [...sentPerRoute.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `server fuzz: ${total} requests; ${counts.length} routes fuzzed (min ${Math.min(...counts)}, max ${Math.max(...counts)} requests per route), plus limit checks; ${failures.length} failures`,
  );
  for (const [route, count] of sentPerRoute) console.log(`  ${route}: ${count}`);
  await service?.close();
});

interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

async function authorisedSend(api: Interface, request: FuzzRequest): Promise<ReceivedResponse> {
  const options = {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
  if (api.shape === 'success-false') return digest.send(request.path, options);
  if (api.name === 'admin-api')
    return send(service.baseUrl, request.path, {
      ...options,
      headers: { ...request.headers, authorization: `Bearer ${bearer}` },
    });
  return send(service.baseUrl, request.path, {
    ...options,
    headers: { ...request.headers, 'svc-access-key': ACCESS_KEY },
  });
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` body(${request.body.length})=${request.body.slice(0, 160)}`;
  return `${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 200)}${body}`;
}

async function check(
  api: Interface,
  routeKey: string,
  request: FuzzRequest,
  shape: Shape = api.shape,
): Promise<ReceivedResponse> {
  sentPerRoute.set(routeKey, (sentPerRoute.get(routeKey) ?? 0) + 1);
  const answer = await authorisedSend(api, request);
  let problem: string | undefined;
  if (answer.status >= 500) problem = 'server error';
  else if (answer.status >= 400) {
    problem = shapeProblem(shape, answer);
    // The client resolved dot segments ("/Banner/.." is "/"): the request reached another path, whose owner answers.
    const sentPath = new URL(request.path, service.baseUrl).pathname;
    if (problem && sentPath !== request.path.split('?')[0]) {
      const other: Shape = shape === 'success-false' ? 'errors-array' : 'success-false';
      problem = shapeProblem(other, answer) === undefined ? undefined : problem;
    }
  } else if (answer.status < 200 || answer.status >= 300) problem = `unexpected status`;
  recordProblem(routeKey, request, answer, problem);
  return answer;
}

/** Keeps an answer that broke the rules (when there is a `problem`), for the test's report of failures. */
function recordProblem(
  routeKey: string,
  request: FuzzRequest,
  answer: ReceivedResponse,
  problem: string | undefined,
): void {
  if (problem)
    failures.push({
      route: routeKey,
      request: describeRequest(request),
      status: answer.status,
      problem,
      body: answer.text.slice(0, 300),
    });
}

function routeRequest(route: RouteMeta) {
  return fc.record({
    path: fc.constantFrom(...route.paths),
    params: fc.array(pathParam, { minLength: route.pathParams.length, maxLength: route.pathParams.length }),
    query: fc.oneof(fc.constant(''), queryString(route.query ?? [])),
    headers: headerCase,
    body: bodyCase,
  });
}

describe('fuzzing every route of the reference service', () => {
  for (const api of INTERFACES) {
    for (const route of Object.values(api.routes)) {
      const routeKey = `${api.name} ${route.method} ${route.path}`;
      it(`${routeKey}: ${RUNS_PER_ROUTE} hostile requests, never a 5xx, always the interface's error body`, async () => {
        const before = failures.length;
        fuzzedRoutes.add(routeKey);
        await fc.assert(
          fc.asyncProperty(routeRequest(route), async (input) => {
            let index = 0;
            const path = input.path.replace(/\{[^}]+\}/g, () => encodeText(input.params[index++] ?? ''));
            const headers: Record<string, string> = {};
            if (input.headers.accept !== undefined) headers['accept'] = wireBytes(input.headers.accept);
            for (const [name, value] of Object.entries(input.headers.extra)) headers[name] = wireBytes(value);
            if (input.body.contentType !== undefined) headers['content-type'] = input.body.contentType;
            await check(api, routeKey, {
              method: route.method,
              path: input.query === '' ? path : `${path}?${input.query}`,
              headers,
              body: input.body.text,
            });
          }),
          { numRuns: RUNS_PER_ROUTE, seed: testSeed() ^ hash(routeKey) },
        );
        expect(failures.slice(before)).toEqual([]);
        expect(sentPerRoute.get(routeKey)).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
      });
    }
  }

  it(`the OAuth token endpoint: ${RUNS_PER_ROUTE} hostile requests, RFC 6749 error bodies`, async () => {
    const api: Interface = { name: 'admin-api', shape: 'oauth', routes: {} };
    const routeKey = 'admin-api POST /api/oauth/token';
    const before = failures.length;
    fuzzedRoutes.add(routeKey);
    const grantBody = fc.oneof(
      bodyCase,
      fc
        .record(
          {
            grant_type: fc.oneof(
              fc.constantFrom('password', 'client_credentials', 'refresh_token', 'implicit', ''),
              hostileText,
              jsonValue,
            ),
            client_id: fc.oneof(
              fc.constantFrom('administration', 'SVCIADEMOINTEGRATION0000001'),
              hostileText,
              jsonValue,
            ),
            client_secret: fc.oneof(hostileText, jsonValue),
            username: fc.oneof(fc.constant('admin'), hostileText),
            password: fc.oneof(hostileText, jsonValue),
            refresh_token: fc.oneof(hostileText, fc.constant('A'.repeat(5000))),
            scopes: fc.oneof(fc.constantFrom('write', 'read write', ''), hostileText),
          },
          { requiredKeys: [] },
        )
        .chain((fields) =>
          fc.constantFrom(json(fields), {
            text: new URLSearchParams(
              Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
            ).toString(),
            contentType: 'application/x-www-form-urlencoded',
          }),
        ),
    );
    await fc.assert(
      fc.asyncProperty(grantBody, headerCase, async (body, headerInput) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(headerInput.extra)) headers[name] = wireBytes(value);
        if (body.contentType !== undefined) headers['content-type'] = body.contentType;
        // Sent without credentials of the fuzzer's own: the token endpoint is public.
        sentPerRoute.set(routeKey, (sentPerRoute.get(routeKey) ?? 0) + 1);
        const request = { method: 'POST', path: '/api/oauth/token', headers, body: body.text };
        const answer = await send(service.baseUrl, request.path, {
          method: 'POST',
          headers,
          ...(body.text !== undefined ? { body: body.text } : {}),
        });
        let problem: string | undefined;
        if (answer.status >= 500) problem = 'server error';
        else if (answer.status >= 400) problem = shapeProblem(api.shape, answer);
        else if (answer.status !== 200) problem = 'unexpected status';
        recordProblem(routeKey, request, answer, problem);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: testSeed() },
    );
    expect(failures.slice(before)).toEqual([]);
  });

  it('bodies over the configured limit (1 MiB) get 413 in the interface error shape, on every interface', async () => {
    // The hostile requests above sent hundreds of unknown access keys from this address, which spends its throttle
    // budget (docs/server.md, "Login throttling"): the lockout is waited out on the service's clock.
    // The suite runs for minutes: a fresh token, so that the token's lifetime is not what these checks measure.
    service.clock.advance(61);
    bearer = (await passwordGrant(service)).access_token;
    const big = JSON.stringify({ name: 'x'.repeat(LIMIT + 10) });
    const cases: [Interface, string, string][] = [
      [INTERFACES[0] as Interface, 'POST', '/api/v3/product'],
      [INTERFACES[1] as Interface, 'POST', '/store-api/v3/checkout/cart/line-item'],
      [INTERFACES[1] as Interface, 'GET', '/store-api/v3/context'],
      [INTERFACES[2] as Interface, 'POST', '/api/PriceListPrices'],
      [INTERFACES[2] as Interface, 'GET', '/api/PriceListPrices'],
      [INTERFACES[3] as Interface, 'POST', '/api/Banner'],
      [INTERFACES[3] as Interface, 'PUT', '/api/Banner'],
    ];
    for (const [api, method, path] of cases) {
      const answer = await check(api, `${api.name} 413 ${method} ${path}`, {
        method,
        path,
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      expect(answer.status, `${method} ${path}`).toBe(413);
    }
    const token = await send(service.baseUrl, '/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(token.status).toBe(413);
    expect(shapeProblem('oauth', token)).toBeUndefined();
    // Just under the limit is read (and judged on its content).
    const under = JSON.stringify({ name: 'x'.repeat(LIMIT - 100) });
    const answer = await check(INTERFACES[3] as Interface, 'banner-api under-limit POST /api/Banner', {
      method: 'POST',
      path: '/api/Banner',
      headers: { 'content-type': 'application/json' },
      body: under,
    });
    expect(answer.status).toBe(400);
  });

  it('a request head over 16 KiB is refused by the HTTP layer (431) and the server goes on', async () => {
    const answer = await send(service.baseUrl, `/api/v3/product?${'a[]=1&'.repeat(5000)}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(answer.status).toBe(431);
    const after = await send(service.baseUrl, '/api/v3/product', { headers: { authorization: `Bearer ${bearer}` } });
    expect(after.status).toBe(200);
  });

  it('afterwards: the server still answers, nothing was polluted, and every failure is listed', async () => {
    const alive = await send(service.baseUrl, '/api/v3/product', { headers: { authorization: `Bearer ${bearer}` } });
    expect(alive.status).toBe(200);
    const store = await send(service.baseUrl, '/store-api/v3/context', { headers: { 'svc-access-key': ACCESS_KEY } });
    expect(store.status).toBe(200);
    const banner = await digest.send('/api/Banner');
    expect(banner.status).toBe(200);
    const probe: Record<string, unknown> = {};
    for (const key of ['polluted', 'x', 'y', 'a', 'b']) expect(probe[key], key).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys.object);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(prototypeKeys.array);
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(prototypeKeys.fn);
    expect(failures).toEqual([]);
  });
});

/** encodeURIComponent that sends a lone surrogate as the invalid UTF-8 it would be on the wire (%ED%A0%80). */
function encodeText(text: string): string {
  let out = '';
  for (const char of text) out += /^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char);
  return out;
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (Math.imul(value, 31) + char.charCodeAt(0)) | 0;
  return value;
}
