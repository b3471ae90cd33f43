// Issue 36 items 1 and 4 for lists that page by offset: the Price-List API's lists take `limit` and `offset`
// and answer their `total`. The client's <route>All iterates every record across pages, moving the offset past
// what it fetched, stopping at `total` or an empty page, with the call's signal; the TanStack Query hooks page
// the same lists (nextOffset), beside the page-number lists (nextPageNumber).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceListApiClient } from '../../generated/price-list-api/client.js';
import { nextOffset, nextPageNumber } from '../../src/runtime/client/page-numbers.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { definitionFiles, generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const RECORDS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `List ${i + 1}`, priority: i }));

/** A Price-List service in a fetch: answers `limit` records from `offset`, with the total, and records the asks. */
function priceListService(records = RECORDS) {
  const asked: { offset: number; limit: number }[] = [];
  const fetcher = async (url: string | URL | Request) => {
    const query = new URL(String(url)).searchParams;
    const [offset, limit] = [Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 25)];
    asked.push({ offset, limit });
    const data = records.slice(offset, offset + limit);
    return new Response(JSON.stringify({ success: true, data, total: records.length }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new PriceListApiClient({
    baseUrl: 'http://price-lists.invalid/api',
    auth: { digest: { username: 'api', password: 'key' } },
    fetch: fetcher,
    getBody: 'query',
  });
  return { asked, client };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('offset paging in the client', () => {
  it('iterates every record across pages and stops at the total', async () => {
    const { asked, client } = priceListService();
    expect(await collect(client.listPriceListsAll({ query: { limit: 3 } }))).toEqual(RECORDS);
    expect(asked).toEqual([
      { offset: 0, limit: 3 },
      { offset: 3, limit: 3 },
      { offset: 6, limit: 3 },
    ]);
  });

  it("starts at the input's offset", async () => {
    const { asked, client } = priceListService();
    const items = await collect(client.listPriceListsAll({ query: { limit: 4, offset: 2 } }));
    expect(items.map((item) => item.id)).toEqual([3, 4, 5, 6, 7]);
    expect(asked.map((ask) => ask.offset)).toEqual([2, 6]);
  });

  it('stops at an empty page before the total (a list that shrank meanwhile)', async () => {
    const shrunk = RECORDS.slice(0, 4);
    const { asked, client } = priceListService(shrunk);
    const answers = client.listPriceListsAll({ query: { limit: 2 } });
    const first = await answers.next();
    expect(first.value).toEqual(RECORDS[0]);
    // The service loses records after the first page was read: the total it said cannot be reached.
    shrunk.splice(1);
    expect((await collect(answers)).map((item) => item.id)).toEqual([2]);
    expect(asked.map((ask) => ask.offset)).toEqual([0, 2]);
  });

  it("stops with the signal's reason when the call is aborted between pages", async () => {
    const { asked, client } = priceListService();
    const controller = new AbortController();
    const answers = client.listPriceListsAll({ query: { limit: 3 } }, { signal: controller.signal });
    for (let i = 0; i < 3; i++) await answers.next();
    controller.abort(new Error('left the screen'));
    await expect(answers.next()).rejects.toThrow('left the screen');
    expect(asked).toHaveLength(1);
  });
});

describe('next page parameters of the infinite hooks', () => {
  const page = (items: number, total: number) => ({ items: Array.from({ length: items }), total });

  it('move an offset past the records fetched, until the total', () => {
    expect(nextOffset(page(3, 7), [], 0)).toBe(3);
    expect(nextOffset(page(3, 7), [], 3)).toBe(6);
    expect(nextOffset(page(1, 7), [], 6)).toBeUndefined();
    expect(nextOffset(page(0, 7), [], 3)).toBeUndefined();
  });

  it('count pages by number as before', () => {
    expect(nextPageNumber(page(3, 7), [page(3, 7)], 1)).toBe(2);
    expect(nextPageNumber(page(1, 7), [page(3, 7), page(3, 7), page(1, 7)], 3)).toBeUndefined();
  });
});

describe('infinite hooks by paging style', () => {
  let shop: GeneratedFixture;
  beforeAll(async () => {
    shop = await generateFixture('shop', await definitionFiles(), 'emitters:\n  react-query: true\n');
  }, 120_000);
  afterAll(() => shop?.remove());

  it('page the Price-List lists by offset and the Admin lists by page number', async () => {
    const priceLists = await readFile(join(shop.out, 'price-list-api/react-query.ts'), 'utf8');
    expect(priceLists).toContain('export function useListPriceListsInfinite<');
    expect(priceLists).toContain('query: { ...input.query, offset: pageParam }');
    expect(priceLists).toContain('initialPageParam: input.query?.offset ?? 0,');
    expect(priceLists).toContain("import { nextOffset } from '../runtime/client/page-numbers.js';");
    const admin = await readFile(join(shop.out, 'admin-api/react-query.ts'), 'utf8');
    expect(admin).toContain('query: { ...input.query, page: pageParam }');
    expect(admin).toContain("import { nextPageNumber } from '../runtime/client/page-numbers.js';");
  });
});
