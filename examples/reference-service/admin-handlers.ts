// Admin API handlers: products, taxes and manufacturers over SQLite. They return records (with the
// related records embedded); the generated server renders json:api or plain JSON from them.
import type { AdminApiHandlers } from '../../generated/admin-api/server.js';
import type { Manufacturer, Price, Product, Tax } from '../../generated/admin-api/types.js';
import type { ListResult } from '../../generated/runtime/server/responses.js';
import type { HandlerContext } from '../../generated/runtime/server/server.js';
import { Conflict, NotFound, Validation, type Violation } from '../../generated/runtime/core/errors.js';
import type { Data } from './data.js';
import { newHexId } from './db.js';

interface TaxRow {
  id: string;
  tax_rate: number;
  name: string;
  created_at: string;
}

interface ManufacturerRow {
  id: string;
  catalog_id: string;
  name: string;
  created_at: string;
}

interface ProductRow {
  id: string;
  parent_id: string | null;
  name: string;
  tax_id: string;
  manufacturer_id: string | null;
  stock: number;
  active: number;
  price_net: number;
  price_gross: number;
  price_linked: number;
  created_at: string;
}

interface Page {
  readonly limit: number;
  readonly page: number;
}

type Entity = 'product' | 'tax' | 'manufacturer';

const TABLES: Record<Entity, string> = { product: 'product', tax: 'tax', manufacturer: 'manufacturer' };

function taxRecord(row: TaxRow): Tax {
  return { id: row.id, taxRate: row.tax_rate, name: row.name, createdAt: row.created_at };
}

function manufacturerRecord(row: ManufacturerRow): Manufacturer {
  return { id: row.id, catalogId: row.catalog_id, name: row.name, createdAt: row.created_at };
}

export function createAdminHandlers(db: Data): AdminApiHandlers {
  const findRow = <Row>(entity: Entity, id: string): Promise<Row | undefined> =>
    db.get<Row>(`SELECT * FROM ${TABLES[entity]} WHERE id = ?`, id);

  const requireRow = async <Row>(entity: Entity, id: string): Promise<Row> => {
    const row = await findRow<Row>(entity, id);
    if (row === undefined) throw new NotFound({ params: { entity, id } });
    return row;
  };

  const exists = async (entity: Entity, id: string): Promise<boolean> => (await findRow(entity, id)) !== undefined;

  const count = (sql: string, ...params: unknown[]): Promise<number> => db.count(sql, ...params);

  /** A product with only its own fields; the plain format adds the price's empty extensions list. */
  const shallowProduct = (row: ProductRow, context: HandlerContext): Product => {
    const price: Price = { net: row.price_net, gross: row.price_gross, linked: row.price_linked === 1 };
    if (context.representation === 'plain') price.extensions = [];
    return {
      id: row.id,
      parentId: row.parent_id,
      name: row.name,
      taxId: row.tax_id,
      manufacturerId: row.manufacturer_id,
      stock: row.stock,
      active: row.active === 1,
      price,
      createdAt: row.created_at,
    };
  };

  /**
   * How deep related records are loaded: plain JSON embeds one level; json:api includes that level
   * and names, in each included record's relationships, the records related to it (one more level).
   */
  const depthFor = (context: HandlerContext): number => (context.representation === 'plain' ? 1 : 2);

  const productRows = (column: 'parent_id' | 'tax_id' | 'manufacturer_id', id: string): Promise<ProductRow[]> =>
    db.all<ProductRow>(`SELECT * FROM product WHERE ${column} = ? ORDER BY ${db.insertionOrder}`, id);

  /** A product with tax, manufacturer, parent and children embedded, `depth` levels deep. */
  const product = async (row: ProductRow, depth: number, context: HandlerContext): Promise<Product> => {
    if (depth === 0) return shallowProduct(row, context);
    const tax = await findRow<TaxRow>('tax', row.tax_id);
    const manufacturer =
      row.manufacturer_id === null ? undefined : await findRow<ManufacturerRow>('manufacturer', row.manufacturer_id);
    const parent = row.parent_id === null ? undefined : await findRow<ProductRow>('product', row.parent_id);
    return {
      ...shallowProduct(row, context),
      tax: tax ? await taxWithProducts(tax, depth - 1, context) : null,
      manufacturer: manufacturer ? await manufacturerWithProducts(manufacturer, depth - 1, context) : null,
      parent: parent ? await product(parent, depth - 1, context) : null,
      children: await products(await productRows('parent_id', row.id), depth - 1, context),
    };
  };

  /** In order, one after the other (a page's queries do not crowd the connection pool). */
  const products = async (rows: readonly ProductRow[], depth: number, context: HandlerContext): Promise<Product[]> => {
    const result: Product[] = [];
    for (const row of rows) result.push(await product(row, depth, context));
    return result;
  };

  const taxWithProducts = async (row: TaxRow, depth: number, context: HandlerContext): Promise<Tax> =>
    depth === 0
      ? taxRecord(row)
      : { ...taxRecord(row), products: await products(await productRows('tax_id', row.id), depth - 1, context) };

  const manufacturerWithProducts = async (
    row: ManufacturerRow,
    depth: number,
    context: HandlerContext,
  ): Promise<Manufacturer> => {
    if (depth === 0) return manufacturerRecord(row);
    return {
      ...manufacturerRecord(row),
      products: await products(await productRows('manufacturer_id', row.id), depth - 1, context),
    };
  };

  const fullProduct = (row: ProductRow, context: HandlerContext): Promise<Product> =>
    product(row, depthFor(context), context);
  const fullTax = (row: TaxRow, context: HandlerContext): Promise<Tax> =>
    taxWithProducts(row, depthFor(context), context);
  const fullManufacturer = (row: ManufacturerRow, context: HandlerContext): Promise<Manufacturer> =>
    manufacturerWithProducts(row, depthFor(context), context);

  const productPage = async (
    where: string,
    params: unknown[],
    page: Page,
    context: HandlerContext,
  ): Promise<ListResult<Product>> => {
    const total = await count(`SELECT COUNT(*) AS n FROM product ${where}`, ...params);
    const rows = await db.all<ProductRow>(
      `SELECT * FROM product ${where} ORDER BY ${db.insertionOrder} LIMIT ? OFFSET ?`,
      ...params,
      page.limit,
      (page.page - 1) * page.limit,
    );
    return { items: await products(rows, depthFor(context), context), total };
  };

  const simplePage = async <Row, Out>(
    entity: Entity,
    page: Page,
    map: (row: Row) => Promise<Out>,
  ): Promise<ListResult<Out>> => {
    const total = await count(`SELECT COUNT(*) AS n FROM ${TABLES[entity]}`);
    const rows = await db.all<Row>(
      `SELECT * FROM ${TABLES[entity]} ORDER BY ${db.insertionOrder} LIMIT ? OFFSET ?`,
      page.limit,
      (page.page - 1) * page.limit,
    );
    const items: Out[] = [];
    for (const row of rows) items.push(await map(row));
    return { items, total };
  };

  /** Foreign keys and the few rules the schema cannot say, as violations with pointers. */
  const productViolations = async (
    id: string | undefined,
    fields: {
      name?: string | undefined;
      taxId?: string | undefined;
      manufacturerId?: string | null | undefined;
      parentId?: string | null | undefined;
      stock?: number | undefined;
    },
  ): Promise<Violation[]> => {
    const violations: Violation[] = [];
    if (fields.name !== undefined && fields.name.trim() === '')
      violations.push({ pointer: '/name', message: 'This value should not be blank.' });
    if (fields.stock !== undefined && fields.stock < 0)
      violations.push({ pointer: '/stock', message: 'This value should be 0 or more.' });
    if (fields.taxId !== undefined && !(await exists('tax', fields.taxId)))
      violations.push({ pointer: '/taxId', message: `No tax with id "${fields.taxId}" exists.` });
    if (fields.manufacturerId != null && !(await exists('manufacturer', fields.manufacturerId))) {
      violations.push({
        pointer: '/manufacturerId',
        message: `No manufacturer with id "${fields.manufacturerId}" exists.`,
      });
    }
    if (fields.parentId != null) {
      if (!(await exists('product', fields.parentId)))
        violations.push({ pointer: '/parentId', message: `No product with id "${fields.parentId}" exists.` });
      else if (id !== undefined && (await isSelfOrDescendant(fields.parentId, id)))
        violations.push({
          pointer: '/parentId',
          message: 'A product cannot be its own parent or the parent of its parent.',
        });
    }
    return violations;
  };

  /** True when candidate is id itself or lies below it (which would make a cycle). */
  const isSelfOrDescendant = async (candidate: string, id: string): Promise<boolean> => {
    let current: string | null = candidate;
    for (let depth = 0; current !== null && depth < 1000; depth++) {
      if (current === id) return true;
      current = ((await findRow<ProductRow>('product', current))?.parent_id ?? null) as string | null;
    }
    return false;
  };

  const nameViolations = (name: string | undefined): Violation[] =>
    name !== undefined && name.trim() === '' ? [{ pointer: '/name', message: 'This value should not be blank.' }] : [];

  const fail = (violations: Violation[]): void => {
    if (violations.length > 0) throw new Validation(violations);
  };

  const deleteUnreferenced = async (entity: Entity, id: string, references: () => Promise<number>): Promise<void> => {
    await requireRow(entity, id);
    if ((await references()) > 0) throw new Conflict({ params: { entity, id } });
    await db.run(`DELETE FROM ${TABLES[entity]} WHERE id = ?`, id);
  };

  const now = (): string => new Date().toISOString().replace('Z', '+00:00');

  return {
    // ---- product ----
    async listProduct({ query }, context) {
      return productPage('', [], query, context);
    },
    async getProduct({ params }, context) {
      return fullProduct(await requireRow<ProductRow>('product', params.id), context);
    },
    async getProductTax({ params }, context) {
      const row = await requireRow<ProductRow>('product', params.id);
      const tax = await findRow<TaxRow>('tax', row.tax_id);
      return tax ? fullTax(tax, context) : null;
    },
    async getProductManufacturer({ params }, context) {
      const row = await requireRow<ProductRow>('product', params.id);
      const manufacturer =
        row.manufacturer_id === null ? undefined : await findRow<ManufacturerRow>('manufacturer', row.manufacturer_id);
      return manufacturer ? fullManufacturer(manufacturer, context) : null;
    },
    async getProductParent({ params }, context) {
      const row = await requireRow<ProductRow>('product', params.id);
      const parent = row.parent_id === null ? undefined : await findRow<ProductRow>('product', row.parent_id);
      return parent ? fullProduct(parent, context) : null;
    },
    async getProductChildren({ params, query }, context) {
      await requireRow('product', params.id);
      return productPage('WHERE parent_id = ?', [params.id], query, context);
    },
    async createProduct({ body }, context) {
      fail(await productViolations(undefined, body));
      const id = newHexId();
      await db.run(
        `INSERT INTO product (id, parent_id, name, tax_id, manufacturer_id, stock, active, price_net, price_gross, price_linked, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        body.parentId,
        body.name,
        body.taxId,
        body.manufacturerId,
        body.stock,
        body.active ? 1 : 0,
        body.price.net,
        body.price.gross,
        body.price.linked ? 1 : 0,
        now(),
      );
      return fullProduct(await requireRow<ProductRow>('product', id), context);
    },
    async updateProduct({ params, body }, context) {
      const row = await requireRow<ProductRow>('product', params.id);
      fail(await productViolations(params.id, body));
      const price = body.price ?? { net: row.price_net, gross: row.price_gross, linked: row.price_linked === 1 };
      await db.run(
        `UPDATE product SET parent_id = ?, name = ?, tax_id = ?, manufacturer_id = ?, stock = ?, active = ?, price_net = ?, price_gross = ?, price_linked = ?
         WHERE id = ?`,
        body.parentId === undefined ? row.parent_id : body.parentId,
        body.name ?? row.name,
        body.taxId ?? row.tax_id,
        body.manufacturerId === undefined ? row.manufacturer_id : body.manufacturerId,
        body.stock ?? row.stock,
        body.active === undefined ? row.active : body.active ? 1 : 0,
        price.net,
        price.gross,
        price.linked ? 1 : 0,
        params.id,
      );
      return fullProduct(await requireRow<ProductRow>('product', params.id), context);
    },
    async deleteProduct({ params }) {
      await deleteUnreferenced('product', params.id, () =>
        count('SELECT COUNT(*) AS n FROM product WHERE parent_id = ?', params.id),
      );
    },

    // ---- tax ----
    async listTax({ query }, context) {
      return simplePage<TaxRow, Tax>('tax', query, (row) => fullTax(row, context));
    },
    async getTax({ params }, context) {
      return fullTax(await requireRow<TaxRow>('tax', params.id), context);
    },
    async getTaxProducts({ params, query }, context) {
      await requireRow('tax', params.id);
      return productPage('WHERE tax_id = ?', [params.id], query, context);
    },
    async createTax({ body }, context) {
      const violations = nameViolations(body.name);
      if (body.taxRate < 0 || body.taxRate > 100)
        violations.push({ pointer: '/taxRate', message: 'This value should be between 0 and 100.' });
      fail(violations);
      const id = newHexId();
      await db.run(
        'INSERT INTO tax (id, tax_rate, name, created_at) VALUES (?, ?, ?, ?)',
        id,
        body.taxRate,
        body.name,
        now(),
      );
      return fullTax(await requireRow<TaxRow>('tax', id), context);
    },
    async updateTax({ params, body }, context) {
      const row = await requireRow<TaxRow>('tax', params.id);
      const violations = nameViolations(body.name);
      if (body.taxRate !== undefined && (body.taxRate < 0 || body.taxRate > 100))
        violations.push({ pointer: '/taxRate', message: 'This value should be between 0 and 100.' });
      fail(violations);
      await db.run(
        'UPDATE tax SET tax_rate = ?, name = ? WHERE id = ?',
        body.taxRate ?? row.tax_rate,
        body.name ?? row.name,
        params.id,
      );
      return fullTax(await requireRow<TaxRow>('tax', params.id), context);
    },
    async deleteTax({ params }) {
      await deleteUnreferenced('tax', params.id, () =>
        count('SELECT COUNT(*) AS n FROM product WHERE tax_id = ?', params.id),
      );
    },

    // ---- manufacturer ----
    async listManufacturer({ query }, context) {
      return simplePage<ManufacturerRow, Manufacturer>('manufacturer', query, (row) => fullManufacturer(row, context));
    },
    async getManufacturer({ params }, context) {
      return fullManufacturer(await requireRow<ManufacturerRow>('manufacturer', params.id), context);
    },
    async getManufacturerProducts({ params, query }, context) {
      await requireRow('manufacturer', params.id);
      return productPage('WHERE manufacturer_id = ?', [params.id], query, context);
    },
    async createManufacturer({ body }, context) {
      fail(nameViolations(body.name));
      const id = newHexId();
      await db.run(
        'INSERT INTO manufacturer (id, catalog_id, name, created_at) VALUES (?, ?, ?, ?)',
        id,
        body.catalogId,
        body.name,
        now(),
      );
      return fullManufacturer(await requireRow<ManufacturerRow>('manufacturer', id), context);
    },
    async updateManufacturer({ params, body }, context) {
      const row = await requireRow<ManufacturerRow>('manufacturer', params.id);
      fail(nameViolations(body.name));
      await db.run(
        'UPDATE manufacturer SET catalog_id = ?, name = ? WHERE id = ?',
        body.catalogId ?? row.catalog_id,
        body.name ?? row.name,
        params.id,
      );
      return fullManufacturer(await requireRow<ManufacturerRow>('manufacturer', params.id), context);
    },
    async deleteManufacturer({ params }) {
      await deleteUnreferenced('manufacturer', params.id, () =>
        count('SELECT COUNT(*) AS n FROM product WHERE manufacturer_id = ?', params.id),
      );
    },
  };
}
