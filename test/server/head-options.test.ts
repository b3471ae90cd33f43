// HEAD and OPTIONS routes (test/fixtures/head-options): a declared HEAD answers HEAD on its path in place
// of the HEAD Fastify derives from the GET; a declared OPTIONS answers plain OPTIONS requests in place of
// the built-in 204-with-Allow, while a CORS preflight is still answered by the CORS hook; other methods
// are 405 naming the methods the path serves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;
const PAGE = 'http://app.example:5173';

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;
const calls: string[] = [];

const handlers = {
  getDocument: async (input: Loose) => {
    calls.push('getDocument');
    return { name: input['params'].name, size: 42 };
  },
  probeDocument: async () => {
    calls.push('probeDocument');
    return { headers: { 'x-document-size': 42 } };
  },
  documentCapabilities: async () => {
    calls.push('documentCapabilities');
    return { body: { methods: ['GET', 'HEAD', 'OPTIONS'] }, headers: { allow: 'GET, HEAD, OPTIONS' } };
  },
};

beforeAll(async () => {
  fixture = await generateFixture('head-options');
  const server = await fixture.load('files-api/server.ts');
  served = await serveFixture(fixture, (app) =>
    app.register(server['filesApiPlugin']({ handlers, auth: {}, cors: { origins: [PAGE] } })),
  );
  base = `${served.origin}/files/documents/report.txt`;
}, 120_000);

afterAll(async () => served?.close());

beforeEach(() => {
  calls.length = 0;
});

describe('a path with GET, HEAD and OPTIONS routes', () => {
  it('answers GET from the GET route, with its body', async () => {
    const response = await fetch(base);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { name: 'report.txt', size: 42 } });
    expect(calls).toEqual(['getDocument']);
  });

  it('answers HEAD from the declared HEAD route, not the HEAD derived from the GET, with no body', async () => {
    const response = await fetch(base, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-document-size')).toBe('42');
    expect(await response.text()).toBe('');
    expect(calls).toEqual(['probeDocument']);
  });

  it('answers a plain OPTIONS request from the declared OPTIONS route, not the built-in 204', async () => {
    const response = await fetch(`${base}?detail=true`, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({ success: true, data: { methods: ['GET', 'HEAD', 'OPTIONS'] } });
    expect(calls).toEqual(['documentCapabilities']);
  });

  it('answers an OPTIONS request with an Origin but no requested method from the declared route too', async () => {
    const response = await fetch(base, { method: 'OPTIONS', headers: { origin: PAGE } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(calls).toEqual(['documentCapabilities']);
  });

  it('leaves a CORS preflight to the CORS hook: 204 with the allowed methods, the route not called', async () => {
    const response = await fetch(base, {
      method: 'OPTIONS',
      headers: { origin: PAGE, 'access-control-request-method': 'HEAD' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(response.headers.get('access-control-allow-methods')?.split(', ')).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS']),
    );
    expect(await response.text()).toBe('');
    expect(calls).toEqual([]);
  });

  it('answers a method the path does not serve 405, with Allow naming GET, HEAD and OPTIONS', async () => {
    for (const method of ['DELETE', 'POST', 'PUT', 'PATCH']) {
      const response = await fetch(base, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('GET, HEAD, OPTIONS');
    }
    expect(calls).toEqual([]);
  });
});
