// Every status the runtime sends on its own, provoked over real loopback HTTP on every operation of
// the shop's four interfaces and of two fixture APIs, is among the operation's OpenAPI responses and
// its body fits the schema given there (ajv, conformance.ts): a body in a media type the route does
// not read (415), a body over the limit (413), a body that is not JSON (400) everywhere; a store
// that finds its disk full (503); missing credentials (401), a missing scope (403) and a throttled
// login (429). Where the definitions have no catalog entry for a status, the answer is the runtime's
// default entry, worded for people: never the bare kind name as code, title or detail.
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../../src/ir/types.js';
import { generateFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import {
  ACCESS_KEY,
  apiUser,
  passwordGrant,
  send,
  startService,
  type ReceivedResponse,
  type Send,
  type Service,
} from '../server/helpers.js';
import { OpenApiConformance } from './conformance.js';

type Json = Record<string, any>;
type Sender = (path: string, options: Send) => Promise<ReceivedResponse>;

interface Operation {
  readonly method: string;
  /** The path with each placeholder filled in. */
  readonly path: string;
}

/** Over every limit of the shop and the fixtures (the largest is 1 MiB). */
const HUGE = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) });
const KINDS = new Set<string>([...ERROR_KINDS, 'notImplemented']);

function operations(document: Json): Operation[] {
  return Object.entries(document['paths'] as Json).flatMap(([path, item]) =>
    Object.keys(item as Json)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

/** What conformance finds wrong with an answer, and a default entry that reads like a kind name. */
function findings(conformance: OpenApiConformance, { method, path }: Operation, answer: ReceivedResponse): string[] {
  const exchange = { method, path, status: answer.status, header: answer.header, text: answer.text };
  const entries: Json[] = Array.isArray(answer.json?.errors) ? answer.json.errors : [];
  const bare = entries
    .filter((entry) => [entry['code'], entry['title'], entry['detail']].some((value) => KINDS.has(value)))
    .map((entry) => `${method} ${path} → ${answer.status}: a kind name where people read: ${JSON.stringify(entry)}`);
  return [...conformance.violations(exchange), ...bare];
}

/** Sends the three bodies every route refuses before its handler runs; the statuses seen, and findings. */
async function refusedBodies(
  conformance: OpenApiConformance,
  document: Json,
  sender: Sender,
  headers: Record<string, string> = {},
): Promise<{ statuses: Map<string, number[]>; problems: string[] }> {
  const statuses = new Map<string, number[]>();
  const problems: string[] = [];
  const cases: [number, Send][] = [
    [415, { body: 'x', headers: { ...headers, 'content-type': 'text/plain' } }],
    [413, { body: HUGE, headers: { ...headers, 'content-type': 'application/json' } }],
    [400, { body: '{"title":', headers: { ...headers, 'content-type': 'application/json' } }],
  ];
  for (const operation of operations(document)) {
    const seen: number[] = [];
    for (const [expected, options] of cases) {
      const answer = await sender(operation.path, { ...options, method: operation.method });
      seen.push(answer.status);
      if (answer.status !== expected)
        problems.push(`${operation.method} ${operation.path}: ${answer.status}, not ${expected}`);
      problems.push(...findings(conformance, operation, answer));
    }
    statuses.set(`${operation.method} ${operation.path}`, seen);
  }
  return { statuses, problems };
}

describe('the shop', () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => service?.close());

  it('every operation of the four interfaces: 415, 413 and 400 for bodies, as documented', async () => {
    const bearer = (await passwordGrant(service)).access_token;
    const digest = apiUser(service);
    const senders: Record<string, [Sender, Record<string, string>]> = {
      'admin-api': [(path, options) => send(service.baseUrl, path, options), { authorization: `Bearer ${bearer}` }],
      'store-api': [(path, options) => send(service.baseUrl, path, options), { 'svc-access-key': ACCESS_KEY }],
      'price-list-api': [(path, options) => digest.send(path, options), {}],
      'banner-api': [(path, options) => digest.send(path, options), {}],
    };
    const problems: string[] = [];
    let count = 0;
    for (const [api, [sender, headers]] of Object.entries(senders)) {
      const conformance = new OpenApiConformance(api);
      const document = (await import(`../../generated/${api}/openapi.json`, { with: { type: 'json' } })).default;
      const result = await refusedBodies(conformance, document, sender, headers);
      count += result.statuses.size;
      problems.push(...result.problems.map((line) => `${api} ${line}`));
    }
    console.log(`runtime statuses: ${count} shop operations, 3 refused bodies each`);
    expect(problems).toEqual([]);
  }, 300_000);

  it('429 for a login the handler checks through context.checkCredential (Store API), as documented', async () => {
    const conformance = new OpenApiConformance('store-api');
    const operation = { method: 'POST', path: '/store-api/v3/account/login' };
    const statuses: number[] = [];
    const problems: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const answer = await send(service.baseUrl, operation.path, {
        method: 'POST',
        headers: { 'svc-access-key': ACCESS_KEY },
        body: { username: 'throttled@example.com', password: 'guess' },
      });
      statuses.push(answer.status);
      problems.push(...findings(conformance, operation, answer));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('a fixture API without catalog entries for them (library)', () => {
  let served: ServedApp;
  let base: string;
  let document: Json;
  beforeAll(async () => {
    const fixture = await generateFixture('library');
    document = await fixture.json('library-api/openapi.json');
    const { libraryApiPlugin } = await fixture.load('library-api/server.ts');
    // Every handler finds its store's disk full.
    const full = async () => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    const handlers = new Proxy({}, { get: () => full });
    served = await serveFixture(fixture, (app) => app.register(libraryApiPlugin({ handlers, auth: {} })));
    base = served.origin;
  }, 120_000);
  afterAll(async () => served?.close());

  it('415, 413 and 400 for bodies, and 503 when the disk is full, in default entries people can read', async () => {
    const conformance = new OpenApiConformance('library-api', document);
    const sender: Sender = (path, options) => send(base, path, options);
    const { problems } = await refusedBodies(conformance, document, sender);
    const seen = new Set<number>();
    for (const operation of operations(document)) {
      const answer = await sender(operation.path, { method: operation.method });
      seen.add(answer.status);
      problems.push(...findings(conformance, operation, answer));
    }
    expect(problems).toEqual([]);
    expect(seen).toContain(503);
    const full = await sender('/library/authors', {});
    expect(full.status).toBe(503);
    expect(full.json).toEqual({
      errors: [
        {
          status: '503',
          code: 'SERVICE_UNAVAILABLE',
          title: 'Service Unavailable',
          detail: 'The service cannot store data right now; try again later.',
        },
      ],
    });
  }, 120_000);
});

describe('a fixture API with every general auth scheme (library-auth)', () => {
  let served: ServedApp;
  let base: string;
  let document: Json;
  const books = async () => [{ id: 1, title: 'Dune' }];
  beforeAll(async () => {
    const fixture = await generateFixture('library-auth');
    document = await fixture.json('library-auth-api/openapi.json');
    const { libraryAuthApiPlugin } = await fixture.load('library-auth-api/server.ts');
    const verifyApiKey = (key: string) => (key === 'key' ? { subject: 'key', scopes: [] } : undefined);
    const auth = {
      token: {
        verifyToken: (token: string) => (token === 'reader' ? { subject: 'r', scopes: ['books:read'] } : undefined),
      },
      jwt: { key: (await generateKeyPair('ES256')).publicKey },
      jwks: { jwksUrl: 'http://127.0.0.1:9/never-asked' },
      headerKey: { verifyApiKey },
      queryKey: { verifyApiKey },
      cookieKey: { verifyApiKey },
      // Throttled as shipped: the sixth failed login of one account from one address is a 429.
      login: {
        verifyCredentials: (user: string, password: string) =>
          user === 'ada' && password === 'pw' ? { subject: 'ada' } : undefined,
      },
      staff: { verifyPassword: () => false, verifyClient: () => false },
    };
    served = await serveFixture(fixture, (app) =>
      app.register(libraryAuthApiPlugin({ handlers: new Proxy({}, { get: () => books }), auth })),
    );
    base = served.origin;
  }, 120_000);
  afterAll(async () => served?.close());

  it('401 without credentials, 403 without the scope, 429 for a throttled login, each documented', async () => {
    const conformance = new OpenApiConformance('library-auth-api', document);
    const problems: string[] = [];
    const judged = async (expected: number, path: string, headers: Record<string, string> = {}) => {
      const answer = await send(base, path, { headers });
      if (answer.status !== expected) problems.push(`GET ${path}: ${answer.status}, not ${expected}`);
      problems.push(...findings(conformance, { method: 'GET', path }, answer));
      return answer;
    };
    // The routes (all GET); the token endpoint (POST) answers by RFC 6749, not by the interface's catalog.
    const routes = operations(document).filter(({ method }) => method === 'GET');
    expect(routes.length).toBe(11);
    for (const { path } of routes) await judged(401, path);
    await judged(403, '/library/token/shelve', { authorization: 'Bearer reader' });
    const wrong = { authorization: `Basic ${Buffer.from('ada:guess').toString('base64')}` };
    for (let attempt = 1; attempt <= 5; attempt++) await judged(401, '/library/basic/books', wrong);
    const throttled = await judged(429, '/library/basic/books', wrong);
    expect(problems).toEqual([]);
    expect(throttled.header('retry-after')).toMatch(/^[0-9]+$/);
    expect(throttled.json.errors[0]).toMatchObject({
      status: '429',
      code: 'TOO_MANY_REQUESTS',
      title: 'Too Many Requests',
    });
  }, 120_000);

  it('415, 413 and 400 for bodies on a route the caller may use', async () => {
    const conformance = new OpenApiConformance('library-auth-api', document);
    const bookRoutes = { paths: { '/library/token/books': document['paths']['/library/token/books'] } };
    const sender: Sender = (path, options) => send(base, path, options);
    const { problems } = await refusedBodies(conformance, bookRoutes, sender, { authorization: 'Bearer reader' });
    expect(problems).toEqual([]);
  }, 120_000);
});
