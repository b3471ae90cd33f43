// Placeholders beside text in a segment ({sid}.json, {name}.{ext}, {name}:cancel), round trip over loopback: the
// generated client builds the URL, the generated server hands the handler the decoded values (validated by their
// schemas), and the generated mocks match the same paths; values holding ".", "%", "/", ":" and non-ASCII letters
// arrive as sent, and a value the router would split elsewhere is refused before anything is sent.
import Fastify, { type FastifyInstance } from 'fastify';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;
const PORT = 7510;
const ORIGIN = `http://127.0.0.1:${PORT}`;

const VAULT = `name: vault-api
interface: { title: Vault API, basePath: /vault, style: api-alias, errorStyle: errors-array }
errors:
  badRequest: { status: 400, message: 'Invalid request' }
routes:
  getCall:
    method: GET
    path: /calls/{sid}.json
    pathParams: { sid: { type: string } }
    responses: { "200": { body: { type: string } } }
  getFile:
    method: GET
    path: /files/{name}.{ext}
    pathParams: { name: { type: string }, ext: { type: string, maxLength: 4 } }
    responses: { "200": { body: { type: string } } }
  cancelOperation:
    method: POST
    path: /operations/{name}:cancel
    pathParams: { name: { type: string } }
    responses: { "200": { body: { type: string } } }
  getDoc:
    method: GET
    path: /docs/{id}
    pathParams: { id: { type: string } }
    responses: { "200": { body: { type: string } } }
  getDocJson:
    method: GET
    path: /docs/{id}.json
    pathParams: { id: { type: integer } }
    responses: { "200": { body: { type: string } } }
    errors: [badRequest]
`;

/** Each handler answers its route's name and the parameters it was handed. */
const echo = (route: string) => async (input: Loose) => JSON.stringify([route, input['params']]);
const ROUTES = ['getCall', 'getFile', 'cancelOperation', 'getDoc', 'getDocJson'];

let fixture: GeneratedFixture;
let app: FastifyInstance;
let client: Loose;
let RequestNotSentError: new (...args: any[]) => Error;

beforeAll(async () => {
  fixture = await generateFixture('vault', { 'vault-api.yaml': VAULT }, 'emitters:\n  msw: true\n');
  const server = await fixture.load('vault-api/server.ts');
  app = Fastify();
  const handlers = Object.fromEntries(ROUTES.map((route) => [route, echo(route)]));
  await app.register(server['vaultApiPlugin']({ handlers, auth: {} }));
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const generated = await fixture.load('vault-api/client.ts');
  client = new generated['VaultApiClient']({ baseUrl: ORIGIN });
  RequestNotSentError = generated['RequestNotSentError'];
}, 120_000);
afterAll(async () => {
  await app?.close();
  await fixture?.remove();
});

const HARD_VALUES = ['CA1', 'a.json', 'a/b', '50%', 'é€ x', 'x.y:z', '..', '%2E', 'two\nlines'];

describe('the generated client against the generated server', () => {
  it.each(HARD_VALUES)('sends %j in {sid}.json and the handler reads it as sent', async (sid) => {
    expect(JSON.parse(await client['getCall']({ params: { sid } }))).toEqual(['getCall', { sid }]);
  });

  it('splits {name}.{ext} at the last ".", so a name may hold dots', async () => {
    const read = await client['getFile']({ params: { name: 'report.2024/q1', ext: 'pdf' } });
    expect(JSON.parse(read)).toEqual(['getFile', { name: 'report.2024/q1', ext: 'pdf' }]);
  });

  it('refuses an ext holding "." before anything is sent: the router would read another name and ext', async () => {
    const error = await client['getFile']({ params: { name: 'a', ext: 'b.c' } }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RequestNotSentError);
    expect(error).toMatchObject({ reason: 'misread-parameter', subject: 'ext', route: 'getFile' });
    // ext follows the ".": it is the text before ext that ext may not hold.
    expect((error as Error).message).toContain('path parameter "ext" holds the text before it in its segment');
  });

  it('sends a name holding ":cancel" to {name}:cancel', async () => {
    const read = await client['cancelOperation']({ params: { name: 'ops/7:cancel' } });
    expect(JSON.parse(read)).toEqual(['cancelOperation', { name: 'ops/7:cancel' }]);
  });
});

describe('the generated server, asked directly', () => {
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return [response.statusCode, response.statusCode === 200 ? JSON.parse(response.json<string>()) : undefined];
  };

  it('serves only the declared template', async () => {
    expect(await get('/vault/calls/CA1.json')).toEqual([200, ['getCall', { sid: 'CA1' }]]);
    expect((await get('/vault/calls/CA1'))[0]).toBe(404);
    expect((await get('/vault/calls/CA1.xml'))[0]).toBe(404);
    expect((await get('/vault/files/readme'))[0]).toBe(404);
    const other = await app.inject({ method: 'DELETE', url: '/vault/calls/CA1.json' });
    expect([other.statusCode, other.headers['allow']]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  it('reads a value the router decoded, and an empty one as missing', async () => {
    expect(await get('/vault/calls/a%2Fb%20%C3%A9.json')).toEqual([200, ['getCall', { sid: 'a/b é' }]]);
    expect((await get('/vault/calls/.json'))[0]).toBe(400);
  });

  it('validates each value by its schema', async () => {
    expect((await get('/vault/files/a.toolong'))[0]).toBe(400);
    expect((await get('/vault/docs/seven.json'))[0]).toBe(400);
  });

  it('serves /docs/{id}.json before /docs/{id}, as a literal segment before a placeholder', async () => {
    expect(await get('/vault/docs/7.json')).toEqual([200, ['getDocJson', { id: 7 }]]);
    expect(await get('/vault/docs/7.xml')).toEqual([200, ['getDoc', { id: '7.xml' }]]);
  });
});

describe('the generated mocks', () => {
  const mocked = setupServer();
  let mocks: Loose;
  let mockClient: Loose;
  beforeAll(async () => {
    mocks = await fixture.load('vault-api/msw.ts');
    const generated = await fixture.load('vault-api/client.ts');
    mockClient = new generated['VaultApiClient']({ baseUrl: 'http://mock.test' });
    // In the handlers' own order, which is the order msw must ask them in (the more literal text first).
    const resolvers = Object.keys(mocks['handlers']).map((route) =>
      // msw hands over the origin's wildcard too, as param "0": the placeholders' values are the rest.
      mocks['handlers'][route](({ params }: Loose) => JSON.stringify([route, { ...params, 0: undefined }])),
    );
    mocked.listen({ onUnhandledRequest: 'error' });
    mocked.resetHandlers(...resolvers);
  });
  afterAll(() => mocked.close());

  it.each(HARD_VALUES)('match {sid}.json with %j and hand the value over decoded', async (sid) => {
    expect(JSON.parse(await mockClient['getCall']({ params: { sid } }))).toEqual(['getCall', { sid }]);
  });

  it('split {name}.{ext} and {name}:cancel as the server does', async () => {
    const file = await mockClient['getFile']({ params: { name: 'report.2024', ext: 'pdf' } });
    expect(JSON.parse(file)).toEqual(['getFile', { name: 'report.2024', ext: 'pdf' }]);
    const cancel = await mockClient['cancelOperation']({ params: { name: 'ops:cancel' } });
    expect(JSON.parse(cancel)).toEqual(['cancelOperation', { name: 'ops:cancel' }]);
  });

  it('ask /docs/{id}.json before /docs/{id}, as the server does', async () => {
    expect(JSON.parse(await mockClient['getDocJson']({ params: { id: 7 } }))).toEqual(['getDocJson', { id: '7' }]);
    expect(JSON.parse(await mockClient['getDoc']({ params: { id: '7.xml' } }))).toEqual(['getDoc', { id: '7.xml' }]);
  });
});
