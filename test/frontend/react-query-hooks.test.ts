// Issue 36 item 1: the opt-in react-query emitter writes TanStack Query v5 hooks that compile under
// the strictest options, over the shop's four interfaces and another team's API, and type what a
// component gets: the route's answer as data, the client's error classes as error, pages of a list.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionFiles, generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const CONFIG = 'emitters:\n  react-query: true\n';

/** A component's use of the hooks, as a team would write it; every line is checked by tsc. */
const USAGE = `import { ApiClientError } from './out/runtime/client/client-errors.js';
import type { Product } from './out/admin-api/types.js';
import {
  adminApiKeys,
  useCreateProduct,
  useGetProduct,
  useListProduct,
  useListProductInfinite,
  type AdminApiError,
} from './out/admin-api/react-query.js';
import { useListPriceListsInfinite } from './out/price-list-api/react-query.js';
import type { PriceList } from './out/price-list-api/types.js';

export function useScreen(): string {
  const list = useListProduct({ query: { limit: 10 } }, { staleTime: 1000 });
  const products: readonly Product[] = list.data?.items ?? [];
  const error: AdminApiError | null = list.error;
  const message = error instanceof ApiClientError ? \`\${error.status} \${error.code ?? ''}\` : (error?.message ?? '');
  const pages = useListProductInfinite({ query: { limit: 2 } });
  const second: readonly Product[] | undefined = pages.data?.pages[1]?.items;
  // A list paged by offset: the hook moves \`offset\` past the records of the pages fetched.
  const byOffset = useListPriceListsInfinite({ query: { limit: 2 } });
  const lists: readonly PriceList[] | undefined = byOffset.data?.pages[1]?.items;
  const one = useGetProduct({ params: { id: 'a'.repeat(32) } });
  // TanStack's select: the hook's data is what it returns, as with useQuery itself.
  const total: number | undefined = useListProduct({ query: { limit: 10 } }, { select: (page) => page.total }).data;
  const names: string[] | undefined = useListProductInfinite(
    { query: { limit: 2 } },
    { select: (data) => data.pages.flatMap((page) => page.items.map((product) => product.name)) },
  ).data;
  const create = useCreateProduct({ invalidate: true, onSuccess: () => undefined });
  create.mutate({ body: { name: 'x', productNumber: 'n', stock: 1, taxId: 'b'.repeat(32), price: [] } as never });
  const key: readonly unknown[] = adminApiKeys.listProduct({ query: { limit: 10 } });
  // @ts-expect-error -- a read hook needs the route's required input
  useGetProduct();
  // @ts-expect-error -- a read hook's signal is TanStack's (it cancels the call on unmount); one given was dropped
  useGetProduct({ params: { id: 'a'.repeat(32) } }, {}, { signal: new AbortController().signal });
  useGetProduct({ params: { id: 'a'.repeat(32) } }, {}, { timeoutMs: 5000 });
  return [products.length, second?.length, lists?.length, one.data?.name, key.length, message, total, names].join();
}
`;

let shop: GeneratedFixture;
let library: GeneratedFixture;

beforeAll(async () => {
  shop = await generateFixture('shop', await definitionFiles(), CONFIG);
  library = await generateFixture('library', undefined, CONFIG);
  await writeFile(join(shop.dir, 'usage.ts'), USAGE);
}, 120_000);
afterAll(async () => Promise.all([shop?.remove(), library?.remove()]));

describe('react-query hooks', () => {
  it('are written per interface only when the config turns them on', async () => {
    const plain = await generateFixture('library');
    try {
      await expect(readFile(join(plain.out, 'library-api/react-query.ts'), 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      await plain.remove();
    }
    const text = await readFile(join(library.out, 'library-api/react-query.ts'), 'utf8');
    expect(text).toContain('export function useListBooks<');
    // listBooks has a total but no page parameter to walk it by.
    expect(text).not.toContain('useListBooksInfinite');
    expect(await readFile(join(shop.out, 'admin-api/react-query.ts'), 'utf8')).toContain('useListProductInfinite<');
    expect(text).toContain('export function useCreateBook(');
  });

  it("compile under the strictest options with a component's use of them, for the shop and another API", async () => {
    const result = await shop.typecheck(['out/**/*.ts', 'usage.ts']);
    expect(result.output).toBe('');
    const other = await library.typecheck(['out/**/*.ts']);
    expect(other.output).toBe('');
  }, 300_000);
});
