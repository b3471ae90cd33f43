// Mock handlers of routes whose answers declare headers (test/fixtures/response-headers): the default results are
// `{ body, headers }` as a handler's, with an example of every declared header; a resolver sets its own, and only
// declared ones are sent.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

const ORIGIN = 'http://mock.test';
let fixture: GeneratedFixture;
let mocks: Loose;

beforeAll(async () => {
  fixture = await generateFixture('response-headers', undefined, 'emitters:\n  msw: true\n  react-query: true\n');
  mocks = await fixture.load('quota-api/msw.ts');
}, 120_000);

afterAll(async () => {
  await fixture?.remove();
});

const ask = async (handler: unknown, path: string, method = 'GET'): Promise<Response> => {
  const response = await getResponse([handler as never], new Request(`${ORIGIN}${path}`, { method }));
  if (!response) throw new Error(`no mock answered ${method} ${path}`);
  return response;
};

describe('mock handlers of answers with declared headers', () => {
  it('fill every declared header with an example of its type by default', async () => {
    const response = await ask(mocks['handlers']['getReport'](), '/quota/reports/7');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(response.headers.get('x-cached')).toBe('true');
    expect(response.headers.get('x-tags')).toBe('value 1');
    expect(await response.json()).toEqual({ success: true, data: { id: 1, title: 'title 1' } });
    const head = await ask(mocks['handlers']['probeReport'](), '/quota/reports/7', 'HEAD');
    expect([head.headers.get('etag'), head.headers.get('x-report-size')]).toEqual(['value 1', '1']);
  });

  it('send the headers a resolver sets, declared ones only, on a HEAD answer too', async () => {
    const handler = mocks['handlers']['probeReport'](() => ({ headers: { etag: '"v9"', 'x-secret': 'no' } }));
    const response = await ask(handler, '/quota/reports/7', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"v9"');
    expect(response.headers.get('x-secret')).toBeNull();
  });

  it('give a counted list with headers a ListResult beside them, and its infinite hook pages by the body', async () => {
    const response = await ask(mocks['handlers']['listReports'](), '/quota/reports?limit=2');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(await response.json()).toMatchObject({ success: true, total: 3 });
    const hooks = await readFile(join(fixture.out, 'quota-api/react-query.ts'), 'utf8');
    expect(hooks.replace(/\s+/g, ' ')).toContain('nextOffset( last.body, pages.map((page) => page.body), lastParam,');
  });

  it('compile with the client and its hooks under the strictest options', async () => {
    const result = await fixture.typecheck(['out/**/*.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});
