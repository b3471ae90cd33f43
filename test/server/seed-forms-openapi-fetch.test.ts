// Issue 21 item 1 on the seed interfaces: the request openapi-fetch builds from what the emitted
// documents say (Banner sort as indexed names and filter in its short form, Price-List filters
// and the Store context's includes as JSON text in a string parameter) is answered by the
// reference service exactly as the form svcgen's own client sends. openapi-fetch builds each URL;
// the request then goes out with the interface's auth (Digest, the access key) over loopback.
import createFetchClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiResponses } from './openapi-responses.js';
import {
  ACCESS_KEY,
  apiUser,
  send,
  startService,
  type ReceivedResponse,
  type DigestUser,
  type Service,
} from './helpers.js';

type Loose = Record<string, any>;

let service: Service;
let api: DigestUser;
beforeAll(async () => {
  service = await startService();
  api = apiUser(service);
});
afterAll(async () => service.close());

/** The path and query openapi-fetch builds for a GET of `path` with these query values. */
async function builtBy(path: string, query: Loose): Promise<string> {
  let url = '';
  const client = createFetchClient<any>({
    baseUrl: 'http://svcgen.invalid',
    fetch: async (request: Request) => {
      url = request.url;
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    },
  });
  await client.GET(path, { params: { query } });
  const built = new URL(url);
  return `${built.pathname}${built.search}`;
}

/** The document's parameter names of a GET operation. */
function parameterNames(module: string, path: string): string[] {
  const document = new OpenApiResponses(module).document as Loose;
  return (document['paths'][path]['get']['parameters'] as Loose[]).map((parameter) =>
    String(parameter['name'] ?? parameter['$ref']),
  );
}

function expectSame(theirs: ReceivedResponse, ours: ReceivedResponse): void {
  expect(theirs.status, theirs.text).toBe(200);
  expect(theirs.json).toEqual(ours.json);
}

describe('openapi-fetch against the reference service', () => {
  it('Banner: sort by the indexed names the document lists', async () => {
    expect(parameterNames('banner-api', '/api/Banner')).toContain('sort[0][property]');
    const url = await builtBy('/api/Banner', { 'sort[0][property]': 'description', 'sort[0][direction]': 'DESC' });
    expect(url).toBe('/api/Banner?sort[0][property]=description&sort[0][direction]=DESC');
    expectSame(
      await api.send(url),
      await api.send('/api/Banner?sort%5B0%5D%5Bproperty%5D=description&sort%5B0%5D%5Bdirection%5D=DESC'),
    );
  });

  it('Banner: filter in its short form, a deepObject over a flat object', async () => {
    const url = await builtBy('/api/Banner', { filter: { description: 'New arrivals' } });
    expect(url).toBe('/api/Banner?filter[description]=New%20arrivals');
    expectSame(
      await api.send(url),
      await api.send('/api/Banner?filter[0][property]=description&filter[0][value]=New%20arrivals'),
    );
  });

  it('Price-List: filters as JSON text in a string parameter, answered as the GET body is', async () => {
    const filters = [{ 'field-name': 'priority', value: 15, type: 'gte' }];
    const url = await builtBy('/api/PriceList', { filters: JSON.stringify(filters) });
    const theirs = await api.send(url, { headers: { 'content-type': 'application/json' } });
    expectSame(
      theirs,
      await api.send('/api/PriceList', { body: { filters }, headers: { 'content-type': 'application/json' } }),
    );
    expect(theirs.json.data.every((list: { priority: number }) => list.priority >= 15)).toBe(true);
  });

  it("Store: the context's includes as JSON text, answered as the GET body is", async () => {
    const includes = { sales_channel_context: ['token'] };
    const url = await builtBy('/store-api/v3/context', { includes: JSON.stringify(includes) });
    const headers = { 'svc-access-key': ACCESS_KEY };
    const theirs = await send(service.baseUrl, url, { headers });
    expect(theirs.status, theirs.text).toBe(200);
    const byBody = await send(service.baseUrl, '/store-api/v3/context', {
      headers: { ...headers, 'svc-context-token': theirs.header('svc-context-token') as string },
      body: { includes },
    });
    expect(Object.keys(theirs.json as Loose).sort()).toEqual(['apiAlias', 'token']);
    expect(Object.keys(byBody.json as Loose).sort()).toEqual(['apiAlias', 'token']);
  });
});
