// Issue 31 (items 10 and 12): hostile names and values over loopback HTTP, on a generated server of
// test/fixtures/hostile-requests. A __proto__ member is refused with a 400 that names it, wherever it
// travels; JSON nested past the depth limit is a 400, not a 500; members and parameters named like
// Object's own (constructor, toString, valueOf) that a request leaves out are absent; a handler's
// error that carries a 4xx statusCode is a 500 that is reported; a result with toJSON is judged as
// sent; failed API keys are throttled; Location follows the configured public origin, never Host.
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

const KEY = 'link-key-3f2e1d';

let fixture: GeneratedFixture;
let server: Loose;
const apps: FastifyInstance[] = [];
let base = '';
const reported: unknown[] = [];
/** What the next handler call does instead of echoing (a test sets it, the handler clears it). */
let next: (() => unknown) | undefined;

async function start(options: Loose = {}): Promise<string> {
  /** The handler's answer: what the test set with `next`, else the fallback. */
  const take = (fallback: unknown): unknown => {
    const run = next;
    next = undefined;
    return run ? run() : fallback;
  };
  const app = Fastify();
  await app.register(
    server['probeApiPlugin']({
      handlers: {
        echoNote: async (input: Loose) => take(input['body']),
        getNote: async (input: Loose) => take({ id: input['params']['id'] }),
        createNote: async (input: Loose) => ({ id: 7, ...input['body'] }),
        searchNotes: async (input: Loose) => input['query'],
        linkedNotes: async () => ({ linked: true }),
      },
      auth: { linkKey: { verifyApiKey: (key: string) => (key === KEY ? { subject: 'reader' } : undefined) } },
      onInternalError: (error: unknown) => reported.push(error),
      ...options,
    }),
  );
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  fixture = await generateFixture('hostile-requests');
  server = await fixture.load('probe-api/server.ts');
  base = await start();
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await fixture?.remove();
});

async function call(path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}/probe${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    ...(init.body !== undefined && { body: init.body }),
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as Loose) : {} };
}

/** JSON text nested `depth` levels deep: {"a":{"a":…}}. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('a __proto__ member (item 12): refused with a 400 that names it, in every location', () => {
  const cases: [string, Parameters<typeof call>[1] & { path: string }, string][] = [
    ['a map in a JSON body', { path: '/echo', body: '{"labels":{"a":"1","__proto__":"x"}}' }, '/labels/__proto__'],
    [
      'a json member of a JSON body',
      { path: '/echo', body: '{"data":{"b":[{"__proto__":null}]}}' },
      '/data/b/0/__proto__',
    ],
    ['the JSON body itself', { path: '/echo', body: '{"__proto__":{"polluted":true}}' }, '/__proto__'],
    ['a deepObject map in the query', { path: '/notes?labels[a]=1&labels[__proto__]=x' }, 'labels'],
    ['JSON text in the query', { path: `/notes?where=${encodeURIComponent('{"k":{"__proto__":1}}')}` }, 'where'],
  ];
  for (const [where, { path, ...init }, named] of cases) {
    it(where, async () => {
      const answer = await call(path, init);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain('__proto__');
      expect(answer.text).toContain(named);
      expect(answer.text).not.toContain('not valid JSON');
    });
  }

  it('leaves no trace on Object.prototype', () => {
    expect(({} as Loose)['polluted']).toBeUndefined();
  });
});

describe('JSON nested past the depth limit (item 10)', () => {
  it('is a 400 in a json member of the body', async () => {
    const answer = await call('/echo', { body: `{"data":${nested(2000)}}` });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('nested');
  });

  it('is a 400 in JSON text in the query', async () => {
    const answer = await call(`/notes?where=${encodeURIComponent(`${'['.repeat(2000)}${']'.repeat(2000)}`)}`);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('where');
  });

  it('still passes JSON nested 50 deep', async () => {
    const answer = await call('/echo', { body: `{"data":${nested(50)}}` });
    expect(answer.status, `${answer.text} ${String(reported.at(-1))}`).toBe(200);
    expect(answer.json['data']).toEqual({ data: JSON.parse(nested(50)) });
  });
});

describe('names every object inherits (item 10)', () => {
  it('optional members constructor, toString and valueOf left out of a JSON body are absent', async () => {
    const answer = await call('/echo', { body: '{}' });
    expect(answer.status, `${answer.text} ${String(reported.at(-1))}`).toBe(200);
    expect(answer.json).toEqual({ success: true, data: {} });
  });

  it('are kept when sent', async () => {
    const body = { constructor: 'c', toString: 't', valueOf: 'v', labels: { constructor: 'x' } };
    const answer = await call('/echo', { body: JSON.stringify(body) });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ success: true, data: body });
  });

  it('a constructor query parameter left out is absent', async () => {
    const answer = await call('/notes');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ success: true, data: {} });
  });
});

describe("the service's errors and results (item 10)", () => {
  it('answers a handler error that carries a 4xx statusCode with a 500, and reports it', async () => {
    const failure = Object.assign(new Error('upstream answered 404'), { statusCode: 404 });
    next = () => Promise.reject(failure);
    reported.length = 0;
    const answer = await call('/notes/1');
    expect(answer.status, answer.text).toBe(500);
    expect(answer.text).not.toContain('JSON');
    expect(reported).toEqual([failure]);
  });

  it('judges a result with toJSON as the value it is sent as', async () => {
    next = () => ({ id: 1, toJSON: () => ({ id: 'one' }) });
    reported.length = 0;
    const answer = await call('/notes/1');
    expect(answer.status, answer.text).toBe(500);
    expect(String(reported[0])).toContain('/id');
    next = () => ({ id: 'one', toJSON: () => ({ id: 2 }) });
    const fixed = await call('/notes/1');
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.json).toEqual({ success: true, data: { id: 2 } });
  });

  it('reads each member of a result once: the value judged is the value sent', async () => {
    let reads = 0;
    next = () => ({
      get id() {
        reads += 1;
        return reads === 1 ? 3 : 'secret';
      },
    });
    const answer = await call('/notes/1');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ success: true, data: { id: 3 } });
    expect(reads).toBe(1);
  });
});

describe('API keys (item 10)', () => {
  it('accepts the key in the query', async () => {
    expect((await call(`/linked?lib=${KEY}`)).status).toBe(200);
  });

  it('throttles failed keys per client address: 429 with Retry-After', async () => {
    const throttled = await start({ auth: { linkKey: { verifyApiKey: () => undefined } } });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const response = await fetch(`${throttled}/probe/linked?lib=guess-${attempt}`);
      statuses.push(response.status);
      retryAfter ??= response.headers.get('retry-after');
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

/** POST /probe/notes to `origin` with this Host header (fetch does not let one set Host): the Location answered. */
function createWithHost(origin: string, host: string): Promise<string | undefined> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { hostname, port, method: 'POST', path: '/probe/notes', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        resolve(response.headers.location);
      },
    );
    sent.on('error', reject);
    sent.end('{}');
  });
}

describe('the origin of Location values (item 10)', () => {
  it('is never taken from an untrusted Host header: the address the request arrived at by default', async () => {
    expect(await createWithHost(base, 'evil.example')).toBe(`${base}/probe/notes/7`);
  });

  it('is the configured public origin, whatever the Host', async () => {
    const behindProxy = await start({ publicOrigin: 'https://API.example.com' });
    expect(await createWithHost(behindProxy, 'evil.example')).toBe('https://api.example.com/probe/notes/7');
  });

  it('is a trusted Host where the Host header names one', async () => {
    const named = await start({ publicOrigin: 'https://api.example.com', trustedHosts: ['Notes.example:8443'] });
    expect(await createWithHost(named, 'notes.example:8443')).toBe('http://notes.example:8443/probe/notes/7');
    expect(await createWithHost(named, 'evil.example')).toBe('https://api.example.com/probe/notes/7');
  });

  it('refuses a public origin with a path, naming the interface', () => {
    expect(() =>
      server['probeApiPlugin']({ handlers: {}, auth: { linkKey: {} }, publicOrigin: 'https://a.example/api' }),
    ).toThrow(/probe-api: publicOrigin must be http\(s\):\/\/host\[:port\] without a path/);
  });
});
