// Response headers a handler sets (test/fixtures/response-headers): the declared ones arrive, written by their
// type; an undeclared one does not leave (a breach in development); a missing required one is a breach when
// results are checked; the headers the runtime owns stay its own, and Location is filled as before.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let plugin: (options: Loose) => any;
const apps: FastifyInstance[] = [];

/** What getReport answers with: its headers set per test. */
let reportHeaders: Loose = {};
/** The `location` member createReport's result carries, when a test sets one. */
let createdLocation: string | undefined;

const handlers = {
  getReport: async (input: Loose) => ({ body: { id: input['params'].id, title: 'Q3' }, headers: reportHeaders }),
  probeReport: async () => ({ headers: { etag: '"v7"', 'x-report-size': 2048 } }),
  createReport: async (input: Loose) => ({ ...input['body'], ...(createdLocation && { location: createdLocation }) }),
  listReports: async () => ({ body: { items: [], total: 0 }, headers: {} }),
};

async function serve(options: Loose = {}): Promise<string> {
  const app = Fastify();
  apps.push(app);
  await app.register(plugin({ handlers, auth: {}, ...options }));
  return `${await app.listen({ port: 0, host: '127.0.0.1' })}/quota/reports`;
}

beforeAll(async () => {
  fixture = await generateFixture('response-headers');
  plugin = (await fixture.load('quota-api/server.ts'))['quotaApiPlugin'];
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await fixture?.remove();
});

describe('headers a handler sets', () => {
  it('sends the declared ones, each written by its type, beside the body', async () => {
    const base = await serve();
    reportHeaders = { 'x-ratelimit-remaining': 42, 'x-cached': false, 'x-tags': ['finance', 'q3'] };
    const response = await fetch(`${base}/7`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('42');
    expect(response.headers.get('x-cached')).toBe('false');
    expect(response.headers.get('x-tags')).toBe('finance, q3');
    expect(await response.json()).toEqual({ success: true, data: { id: 7, title: 'Q3' } });
  });

  it('answers a HEAD route with its status and declared headers only', async () => {
    const base = await serve();
    const response = await fetch(`${base}/7`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"v7"');
    expect(response.headers.get('x-report-size')).toBe('2048');
    expect(await response.text()).toBe('');
  });

  it('drops an undeclared header, and never lets a declared name overwrite what the runtime owns', async () => {
    const base = await serve();
    reportHeaders = { 'x-ratelimit-remaining': 1, 'x-debug-user': 'admin', 'content-type': 'text/plain' };
    const response = await fetch(`${base}/7`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-debug-user')).toBeNull();
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('refuses an undeclared header in development, as it refuses an undeclared body member', async () => {
    const base = await serve({ development: true });
    reportHeaders = { 'x-ratelimit-remaining': 1, 'x-debug-user': 'admin' };
    const response = await fetch(`${base}/7`);
    expect(response.status).toBe(500);
    expect(response.headers.get('x-debug-user')).toBeNull();
  });

  it('refuses a result without a required header when results are checked, and sends it when they are not', async () => {
    reportHeaders = { 'x-cached': true };
    const checked = await fetch(`${await serve()}/7`);
    expect(checked.status).toBe(500);
    const unchecked = await fetch(`${await serve({ validateResponses: false })}/7`);
    expect(unchecked.status).toBe(200);
    expect(unchecked.headers.get('x-cached')).toBe('true');
  });

  it('exposes the declared headers to an allowed origin, so that a browser reads them', async () => {
    const page = 'http://app.example:5173';
    const base = await serve({ cors: { origins: [page] } });
    reportHeaders = { 'x-ratelimit-remaining': 5 };
    const response = await fetch(`${base}/7`, { headers: { origin: page } });
    const exposed = response.headers.get('access-control-expose-headers')?.split(', ');
    expect(exposed).toEqual(expect.arrayContaining(['location', 'x-ratelimit-remaining', 'x-tags', 'etag']));
  });

  it('refuses a header value with a line break as a breach in the error shape, sending no header of it', async () => {
    const internal: unknown[] = [];
    const base = await serve({ onInternalError: (error: unknown) => internal.push(error) });
    reportHeaders = { 'x-ratelimit-remaining': 1, 'x-tags': ['q3\r\nx-injected: 1'] };
    const response = await fetch(`${base}/7`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ success: false, message: 'Internal error.' });
    expect(response.headers.get('x-injected')).toBeNull();
    expect(response.headers.get('x-tags')).toBeNull();
    expect(String(internal[0])).toContain('header x-tags: holds a line break');
    createdLocation = 'https://reports.example/9\r\nset-cookie: a=b';
    const created = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 9, title: 'Q4' }),
    });
    createdLocation = undefined;
    expect(created.status).toBe(500);
    expect(await created.json()).toEqual({ success: false, message: 'Internal error.' });
    expect(created.headers.get('set-cookie')).toBeNull();
  });

  it('still fills Location of a create from the record, with no headers from the handler', async () => {
    const base = await serve();
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 9, title: 'Q4' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(/\/quota\/reports\/9$/);
  });
});
