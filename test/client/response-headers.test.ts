// A generated client reads the declared headers of an answer (test/fixtures/response-headers): a call of a route
// whose answers declare headers resolves to { status, body, headers }, each header parsed by its declared type;
// a HEAD route's call resolves to its status and headers; a header it cannot read as declared is refused.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let served: ServedApp;
let client: Loose;
let generated: Loose;
let rateLimit: unknown = 42;
/** Headers getReport leaves out of its answer. */
let leftOut: string[] = [];

const handlers = {
  getReport: async (input: Loose) => {
    const headers: Loose = { 'x-ratelimit-remaining': rateLimit, 'x-cached': true, 'x-tags': ['finance', 'q3'] };
    for (const name of leftOut) delete headers[name];
    return { body: { id: input['params'].id, title: 'Q3' }, headers };
  },
  probeReport: async () => ({ headers: { etag: '"v7"', 'x-report-size': 2048 } }),
  createReport: async (input: Loose) => input['body'],
  // Five reports, `limit` of them from `offset`, with the total and a header.
  listReports: async (input: Loose) => {
    const { offset, limit } = input['query'];
    const all = Array.from({ length: 5 }, (_, index) => ({ id: index + 1, title: `R${index + 1}` }));
    return {
      body: { items: all.slice(offset, offset + limit), total: all.length },
      headers: { 'x-ratelimit-remaining': 9 },
    };
  },
};

beforeAll(async () => {
  fixture = await generateFixture('response-headers');
  served = await serveFixture(fixture, async (app) => {
    const server = await fixture.load('quota-api/server.ts');
    // Unchecked results, so that a header the client cannot read goes out.
    await app.register(server['quotaApiPlugin']({ handlers, auth: {}, validateResponses: false }));
  });
  generated = await fixture.load('quota-api/client.ts');
  client = new generated['QuotaApiClient']({ baseUrl: served.origin });
}, 120_000);

afterAll(async () => served?.close());

describe('a client of routes whose answers declare headers', () => {
  it('resolves to the status, the body and the declared headers, parsed by their types', async () => {
    rateLimit = 42;
    const answer = await client['getReport']({ params: { id: 7 } });
    expect(answer).toEqual({
      status: 200,
      body: { id: 7, title: 'Q3' },
      headers: { 'x-ratelimit-remaining': 42, 'x-cached': true, 'x-tags': ['finance', 'q3'] },
    });
  });

  it('pages a counted list whose answers carry headers by its body', async () => {
    const first = await client['listReports']({ query: { limit: 2 } });
    expect(first).toMatchObject({ status: 200, body: { total: 5 }, headers: { 'x-ratelimit-remaining': 9 } });
    const seen = [];
    for await (const report of client['listReportsAll']({ query: { limit: 2 } })) seen.push(report.id);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('resolves a HEAD route to its status and headers', async () => {
    expect(await client['probeReport']({ params: { id: 7 } })).toEqual({
      status: 200,
      headers: { etag: '"v7"', 'x-report-size': 2048 },
    });
  });

  it('refuses a header it cannot read as its declared type, naming it', async () => {
    rateLimit = 'lots';
    const refused = await client['getReport']({ params: { id: 7 } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).name).toBe('UnreadableResponseError');
    expect((refused as Loose)['problem']).toBe('header x-ratelimit-remaining: expected a number, got "lots"');
  });

  it('refuses an answer without a required header, naming it, with response checks on or off', async () => {
    rateLimit = 42;
    leftOut = ['x-ratelimit-remaining'];
    const refused = await client['getReport']({ params: { id: 7 } }).catch((error: unknown) => error);
    expect((refused as Error).name).toBe('UnreadableResponseError');
    expect((refused as Loose)['problem']).toBe('header x-ratelimit-remaining: required, but missing');
    const checked = new generated['QuotaApiClient']({ baseUrl: served.origin, validateResponses: true });
    await expect(checked['getReport']({ params: { id: 7 } })).rejects.toMatchObject({ problem: refused.problem });
    // Optional headers may be missing.
    leftOut = ['x-cached', 'x-tags'];
    const answer = await client['getReport']({ params: { id: 7 } });
    expect(answer.headers).toEqual({ 'x-ratelimit-remaining': 42 });
    leftOut = [];
  });

  it('resolves a route without declared headers to its body, as before', async () => {
    expect(await client['createReport']({ body: { id: 9, title: 'Q4' } })).toEqual({ id: 9, title: 'Q4' });
  });

  it('leaves the headers in the OpenAPI document, each with its type and whether it is required', async () => {
    const document = await fixture.json('quota-api/openapi.json');
    const path = document['paths']['/quota/reports/{id}'];
    expect(path['get']['responses']['200']['headers']['x-ratelimit-remaining']).toEqual({
      required: true,
      schema: { type: 'integer' },
    });
    expect(path['head']['responses']['200']['headers']['etag']).toEqual({ required: true, schema: { type: 'string' } });
  });

  it('types the headers of handlers and of calls under the strictest compiler options', async () => {
    await writeFile(
      join(fixture.dir, 'use.ts'),
      [
        "import type { QuotaApiHandlers } from './out/quota-api/server.js';",
        "import type { QuotaApiClient } from './out/quota-api/client.js';",
        'export const handlers: Pick<QuotaApiHandlers, "getReport" | "probeReport"> = {',
        "  getReport: async ({ params }) => ({ body: { id: params.id, title: 'Q3' }, headers: { 'x-ratelimit-remaining': 1 } }),",
        '  probeReport: async () => ({ headers: { etag: \'"v1"\' } }),',
        '};',
        'export async function left(client: QuotaApiClient): Promise<number> {',
        '  const answer = await client.getReport({ params: { id: 1 } });',
        "  const size: number | undefined = (await client.probeReport({ params: { id: 1 } })).headers['x-report-size'];",
        "  return answer.headers['x-ratelimit-remaining'] + answer.body.id + (size ?? 0);",
        '}',
        '// @ts-expect-error a required header missing',
        "export const missing: Awaited<ReturnType<QuotaApiHandlers['probeReport']>> = { headers: {} };",
      ].join('\n'),
    );
    const result = await fixture.typecheck(['out/**/*.ts', 'use.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});
