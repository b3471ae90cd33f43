// Tags and deprecation as every output says them: OpenAPI's operation tags, top-level tags and
// deprecated flags, the @deprecated line of client, handler and hook methods and of fields, and the
// docs page.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolder, workFolder } from '../../scripts/fuzz-definitions/cases.js';
import { generateEditedShop, type ShopEdit } from './edited-shop.js';

let dir: string;
beforeAll(async () => {
  dir = await workFolder('tags');
});
afterAll(async () => removeFolder(dir));

/** The shop edited by `edit`, generated (with the opt-in react-query hooks): a reader of its output files. */
async function generated(name: string, edit: ShopEdit) {
  const root = join(dir, name);
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'svcgen.config.yaml'), 'emitters:\n  react-query: true\n');
  const result = await generateEditedShop(root, edit);
  expect(result.ok).toBe(true);
  const read = (file: string) => readFile(join(root, 'out', 'shop', file), 'utf8');
  return { read, openapi: JSON.parse(await read('openapi.json')) };
}

const tagged: ShopEdit = (d) => {
  d.interface.tags = { store: {}, catalog: { description: 'Products and prices' }, Catalog: {} };
  d.routes.getProduct.tags = ['store', 'catalog'];
  d.routes.getProduct.deprecated = true;
  d.records.product.fields.price.deprecated = true;
  d.records.product.fields.maker.deprecated = true;
};

describe('OpenAPI', () => {
  it("lists a route's tags in its order and the declared tags by name, the file's for routes without tags", async () => {
    const { openapi } = await generated('some-tagged', tagged);
    expect(openapi.tags).toEqual([
      { name: 'Catalog' },
      { name: 'catalog', description: 'Products and prices' },
      { name: 'shop', description: 'Shop API' },
      { name: 'store' },
    ]);
    const getProduct = openapi.paths['/api/products/{id}'].get;
    expect(getProduct.tags).toEqual(['store', 'catalog']);
    expect(getProduct.deprecated).toBe(true);
    const createProduct = openapi.paths['/api/products'].post;
    expect(createProduct.tags).toEqual(['shop']);
    expect(createProduct).not.toHaveProperty('deprecated');
  });

  it("leaves the file's tag out when every operation has tags, and a declared tag named like the file keeps its words", async () => {
    const { openapi } = await generated('all-tagged', (d) => {
      d.interface.tags = { catalog: {}, shop: { description: 'Buying' } };
      d.routes.getProduct.tags = ['catalog'];
      d.routes.createProduct.tags = ['catalog'];
    });
    expect(openapi.tags).toEqual([{ name: 'catalog' }, { name: 'shop', description: 'Buying' }]);
    const untagged = await generated('all-tagged-but-one', (d) => {
      d.interface.tags = { catalog: {} };
      d.routes.getProduct.tags = ['catalog'];
      d.routes.createProduct.tags = ['catalog'];
      d.routes.listProducts = { method: 'GET', path: '/products', responses: { '200': {} } };
    });
    expect(untagged.openapi.tags.map((tag: { name: string }) => tag.name)).toEqual(['catalog', 'shop']);
  });

  it('marks a deprecated field, beside its $ref when it is a nullable record', async () => {
    const { openapi } = await generated('fields', tagged);
    const { price, maker, name } = openapi.components.schemas.Product.properties;
    expect(price).toEqual({ type: 'number', minimum: 0, deprecated: true });
    expect(maker).toEqual({ deprecated: true, anyOf: [{ $ref: '#/components/schemas/Maker' }, { type: 'null' }] });
    expect(name).not.toHaveProperty('deprecated');
  });
});

describe('code and docs', () => {
  it('puts a @deprecated line under the summary of the client, handler and hook method and of the field', async () => {
    const { read } = await generated('code', tagged);
    /** The doc comment lines right above the first line `member` matches, trimmed. */
    const docsAbove = (text: string, member: RegExp) => {
      const lines = text.split('\n').map((line) => line.trim());
      const at = lines.findIndex((line) => member.test(line));
      let start = at;
      while (start > 0 && /^(\/\*\*|\*)/.test(lines[start - 1] ?? '')) start -= 1;
      return lines.slice(start, at);
    };
    const documented = ['/**', '* One product.', '* @deprecated', '*/'];
    expect(docsAbove(await read('client.ts'), /^getProduct\(/)).toEqual(documented);
    expect(docsAbove(await read('server.ts'), /^getProduct\(/)).toEqual(documented);
    expect(docsAbove(await read('react-query.ts'), /^export function useGetProduct</)).toEqual(documented);
    expect(docsAbove(await read('types.ts'), /^price: number;/)).toEqual(['/** @deprecated */']);
    expect(docsAbove(await read('client.ts'), /^createProduct\(/)).toEqual([]);
  });

  it("shows a route's deprecation and tags and a field's deprecation on the docs page", async () => {
    const { read } = await generated('docs', tagged);
    const page = await read('README.md');
    expect(page).toContain('- Deprecated: still served, on its way out.\n- Tags: `store`, `catalog`\n');
    expect(page).toMatch(/\| `price` \| number[^\n]*\| Deprecated\. \|/);
  });
});
