// Issue 31 (items 10 and 12): hostile names and values over loopback HTTP, on a generated server of
// test/fixtures/hostile-requests. A __proto__ member is refused with a 400 that names it, wherever it
// travels; JSON nested past the depth limit is a 400, not a 500; members and parameters named like
// Object's own (constructor, toString, valueOf) that a request leaves out are absent; a handler's
// error that carries a 4xx statusCode is a 500 that is reported; a result with toJSON is judged as
// sent; failed API keys are throttled; Location follows the configured public origin, never Host.
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
