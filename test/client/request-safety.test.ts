// Issue 31 items 5, 10 (client) and 11, over loopback with the wire fixture's generated client and
// server (an event calendar with a public route and an API key sent as a cookie) and a hostile
// server that records what reaches it: a whole "." or ".." path parameter is refused before anything
// is sent (fetch would resolve it, %2E forms included, to another route); a cookie API key is
// percent-encoded and the generated server reads it back whole; answers are read only up to
// maxResponseBytes; credentials are optional per scheme, and a route whose scheme has none is
// refused before anything is sent; the handler context's principal is typed by the API's schemes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiClient, ResponseTooLargeError as AdminTooLarge } from '../../generated/admin-api/client.js';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { json, startHostile, type HostileServer } from './hostile.js';

type Loose = Record<string, any>;
type ClientClass = new (options: object) => Loose;
type ErrorClass = new (...args: any[]) => Error;

const MIB = 1024 * 1024;

let fixture: GeneratedFixture;
let WireApiClient: ClientClass;
// The fixture's own runtime: its error classes, as its client re-exports them.
let RequestNotSentError: ErrorClass;
let ResponseTooLargeError: ErrorClass;
let api: HostileServer;

beforeAll(async () => {
  fixture = await generateFixture('wire');
  const client = await fixture.load('wire-api/client.ts');
  WireApiClient = client['WireApiClient'] as ClientClass;
  RequestNotSentError = client['RequestNotSentError'] as ErrorClass;
  ResponseTooLargeError = client['ResponseTooLargeError'] as ErrorClass;
}, 120_000);
afterAll(async () => {
  await fixture?.remove();
});
beforeEach(async () => {
  api = await startHostile();
  api.respond = (_request, response) => json(response, 200, []);
});
afterEach(async () => {
  await api.close();
});

/** The call's rejection, which must be a RequestNotSentError. */
async function notSent(call: Promise<unknown>): Promise<Error & Loose> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestNotSentError);
  return error as Error & Loose;
}

describe('path parameters that are a whole dot segment (item 5)', () => {
  it.each(['..', '.'])('refuses %j before anything is sent, naming the parameter', async (room) => {
    const client = new WireApiClient({ baseUrl: api.origin });
    const error = await notSent(client['listEvents']({ params: { room, day: 1 } }));
    expect(error).toMatchObject({ reason: 'dot-segment', subject: 'room', route: 'listEvents' });
    expect(error.message).toContain('path parameter "room"');
    expect(api.received).toEqual([]);
  });

  it('would not survive as %2E%2E either: fetch resolves it to the parent path', async () => {
    // Why the client refuses rather than encodes: the URL parser treats %2E like "." (WHATWG URL).
    await fetch(`${api.origin}/calendar/rooms/%2E%2E/events/1`);
    expect(api.received.map((entry) => entry.url)).toEqual(['/calendar/events/1']);
  });

  it('sends dots that are not a whole segment, and the generated server reads them as sent', async () => {
    const server = await fixture.load('wire-api/server.ts');
    const app: FastifyInstance = Fastify();
    const rooms: unknown[] = [];
    const record = async (input: Loose) => {
      rooms.push(input['params']['room']);
      return [];
    };
    const handlers = { listEvents: record, searchEvents: record, getSlot: record, getPreferences: record };
    await app.register(server['wireApiPlugin']({ handlers, auth: { visitorKey: { verifyApiKey: () => undefined } } }));
    try {
      const client = new WireApiClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) });
      for (const room of ['...', 'a..b', '.hidden', '..%2F']) await client['listEvents']({ params: { room, day: 1 } });
      expect(rooms).toEqual(['...', 'a..b', '.hidden', '..%2F']);
    } finally {
      await app.close();
    }
  });
});

describe('header values a header line cannot carry (RFC 9110 section 5.5)', () => {
  it.each([
    [{ 'x-request-label': 'Ỳa' }, 'x-request-label', 'holds U+1EF2 at index 0'],
    [{ 'x-labels': ['ok', 'a\nb'] }, 'x-labels', 'holds U+000A at index 4'],
    [{ 'x-request-label': ' padded' }, 'x-request-label', 'starts or ends with a space or tab'],
  ])('refuses %j before anything is sent, naming the header', async (headers, name, why) => {
    const client = new WireApiClient({ baseUrl: api.origin });
    const error = await notSent(client['listEvents']({ params: { room: 'main', day: 1 }, headers }));
    expect(error).toMatchObject({ reason: 'unsendable-header', subject: name, route: 'listEvents' });
    expect(error.message).toContain(`header "${name}" ${why}`);
    expect(api.received).toEqual([]);
  });

  it('sends Latin-1 text as it is and a json header as ASCII JSON; the generated server reads both back', async () => {
    const server = await fixture.load('wire-api/server.ts');
    const app: FastifyInstance = Fastify();
    const seen: unknown[] = [];
    const raw: unknown[] = [];
    app.addHook('onRequest', async (request) => void raw.push(request.headers['x-filter']));
    const record = async (input: Loose) => {
      seen.push(input['headers']);
      return [];
    };
    const handlers = { listEvents: record, searchEvents: record, getSlot: record, getPreferences: record };
    await app.register(server['wireApiPlugin']({ handlers, auth: { visitorKey: { verifyApiKey: () => undefined } } }));
    try {
      const client = new WireApiClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) });
      await client['listEvents']({ params: { room: 'main', day: 1 }, headers: { 'x-request-label': 'café crème' } });
      await client['getSlot']({ params: { slot: { from: 1, to: 2 } }, headers: { 'x-filter': { name: 'Ỳ日\n' } } });
      expect(seen).toEqual([{ 'x-request-label': 'café crème' }, { 'x-filter': { name: 'Ỳ日\n' } }]);
      expect(raw.at(-1)).toBe('{"name":"\\u1ef2\\u65e5\\n"}');
    } finally {
      await app.close();
    }
  });
});

describe('an API key sent as a cookie (item 10)', () => {
  it('is percent-encoded, cannot add a cookie, and the generated server reads the key whole', async () => {
    const server = await fixture.load('wire-api/server.ts');
    const app: FastifyInstance = Fastify();
    const keys: string[] = [];
    const cookies: Loose[] = [];
    const headers: unknown[] = [];
    app.addHook('onRequest', async (request) => void headers.push(request.headers.cookie));
    const record = async (input: Loose) => {
      cookies.push(input['cookies']);
      return [];
    };
    const handlers = { listEvents: record, searchEvents: record, getSlot: record, getPreferences: record };
    const verifyApiKey = (key: string) => {
      keys.push(key);
      return { subject: 'visitor' };
    };
    await app.register(server['wireApiPlugin']({ handlers, auth: { visitorKey: { verifyApiKey } } }));
    try {
      const key = 'k; recent=7,8; theme=evil';
      const client = new WireApiClient({
        baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
        auth: { visitorKey: { apiKey: key } },
      });
      await client['getPreferences']({ cookies: { theme: 'dark' } });
      expect(headers).toEqual(['theme=dark; sid=k%3B%20recent=7%2C8%3B%20theme=evil']);
      expect(keys).toEqual([key]);
      expect(cookies).toEqual([{ theme: 'dark' }]);
    } finally {
      await app.close();
    }
  });
});

describe('the size of an answer (item 10)', () => {
  const bigList = (bytes: number) => `[${'"x",'.repeat(Math.ceil(bytes / 4))}"x"]`;

  it('refuses a declared Content-Length above maxResponseBytes with ResponseTooLargeError', async () => {
    api.respond = (_request, response) =>
      void response.writeHead(200, { 'content-type': 'application/json' }).end(bigList(2 * MIB));
    const client = new WireApiClient({ baseUrl: api.origin, maxResponseBytes: MIB });
    const error = await client['listEvents']({ params: { room: 'a', day: 1 } }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, limit: MIB });
  });

  it('stops reading a streamed answer where it crosses the limit and drops the connection', async () => {
    const total = 256 * MIB;
    let written = 0;
    let finished = false;
    api.respond = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        finished = !response.destroyed;
        response.end();
      };
      pump();
    };
    const client = new WireApiClient({ baseUrl: api.origin, maxResponseBytes: MIB });
    const error = await client['listEvents']({ params: { room: 'a', day: 1 } }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(
      `streamed answer: the server wrote ${(written / MIB).toFixed(1)} MiB of ${total / MIB} before the drop`,
    );
    expect(finished).toBe(false);
  });

  it('caps at 32 MiB by default and reads answers under the limit', async () => {
    api.respond = (_request, response) =>
      void response.writeHead(200, { 'content-type': 'application/json' }).end(bigList(33 * MIB));
    const client = new WireApiClient({ baseUrl: api.origin });
    const error = await client['listEvents']({ params: { room: 'a', day: 1 } }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', limit: 32 * MIB });
    api.respond = (_request, response) => json(response, 200, [{ id: 'ev-0001', title: 'é'.repeat(1000) }]);
    const exact = JSON.stringify([{ id: 'ev-0001', title: 'é'.repeat(1000) }]);
    const tight = new WireApiClient({ baseUrl: api.origin, maxResponseBytes: Buffer.byteLength(exact) });
    await expect(tight['listEvents']({ params: { room: 'a', day: 1 } })).resolves.toEqual(JSON.parse(exact));
  });

  it('caps a GET body answer (undici) and a token answer alike', async () => {
    api.respond = (_request, response) =>
      void response.writeHead(200, { 'content-type': 'application/json' }).end(bigList(2 * MIB));
    const client = new WireApiClient({ baseUrl: api.origin, maxResponseBytes: MIB });
    const search = await client['searchEvents']({ body: { terms: ['a'] } }).catch((reason: unknown) => reason);
    expect(search).toBeInstanceOf(ResponseTooLargeError);
    expect(api.received.at(-1)?.body).toBe('{"terms":["a"]}');
    const admin = new AdminApiClient({
      baseUrl: api.origin,
      auth: { oauth: { grant: 'password', username: 'admin', password: 'admin-secret-password' } },
      maxResponseBytes: MIB,
    });
    const token = await admin.getProduct({ params: { id: '1' } }).catch((reason: unknown) => reason);
    expect(token).toBeInstanceOf(AdminTooLarge);
    expect(api.received.at(-1)?.url).toMatch(/token$/);
  });

  it.each([0, -1, Number.NaN, 1.5])('refuses maxResponseBytes %s with a RangeError', (maxResponseBytes) => {
    expect(() => new WireApiClient({ baseUrl: api.origin, maxResponseBytes })).toThrow(RangeError);
  });
});

describe('credentials per scheme (item 11)', () => {
  it('calls public routes without any, and refuses a route of a scheme without credentials unsent', async () => {
    const client = new WireApiClient({ baseUrl: api.origin });
    await expect(client['listEvents']({ params: { room: 'a', day: 1 } })).resolves.toEqual([]);
    const error = await notSent(client['getPreferences']({ cookies: { theme: 'dark' } }));
    expect(error).toMatchObject({ reason: 'no-credentials', subject: 'visitorKey', route: 'getPreferences' });
    expect(api.received.map((entry) => entry.url)).toEqual(['/calendar/rooms/a/events/1']);
  });

  it('are optional in the types, and the handler context names only the principals of the API', async () => {
    await writeFile(
      join(fixture.dir, 'credentials.ts'),
      [
        "import { WireApiClient } from './out/wire-api/client.js';",
        "import type { WireApiContext } from './out/wire-api/server.js';",
        '',
        "export const visitor = new WireApiClient({ baseUrl: 'http://127.0.0.1:1' });",
        "export const partner = new WireApiClient({ baseUrl: 'http://127.0.0.1:1', auth: {} });",
        'export const subjectOf = (context: WireApiContext): string | undefined => context.principal?.subject;',
        "export const kindOf = (context: WireApiContext): 'apiKey' | undefined => context.principal?.kind;",
        '// @ts-expect-error the API declares no Digest scheme, so no Digest principal reaches its handlers',
        "export const digest = (context: WireApiContext): boolean => context.principal?.kind === 'digest';",
        '',
      ].join('\n'),
    );
    const result = await fixture.typecheck(['out/**/*.ts', 'credentials.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);
});
