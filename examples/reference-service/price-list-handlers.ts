// Price-List API handlers: price lists, their conditions and their prices. Batch writes of
// prices run in one transaction: one bad entry fails the batch, naming its index, and nothing is written.
import type { PriceListApiHandlers } from '../../generated/price-list-api/server.js';
import type {
  PriceFilter,
  PriceList,
  PriceListCondition,
  PriceListPrice,
} from '../../generated/price-list-api/types.js';
import type { HandlerContext } from '../../generated/runtime/server/server.js';
import { NotFound, Validation, type Violation } from '../../generated/runtime/core/errors.js';
import type { Data } from './data.js';
import { whereClause, type FieldTable } from './filters.js';

interface PriceListRow {
  id: number;
  name: string;
  priority: number;
}

interface ConditionRow {
  id: number;
  price_list_id: number;
  type: string;
  value: string;
}

interface PriceRow {
  id: number;
  price_list_id: number;
  order_number: string;
  price: number;
  pseudo_price: number;
  qty_from: number;
  qty_to: number;
  valid_from: string | null;
  valid_to: string | null;
  calculation: string | null;
  gross: number;
}

/** The configurable condition classes, and how each checks its value. */
export const CONDITION_TYPES: Readonly<Record<string, (value: string) => string | undefined>> = {
  'SvcPriceList\\Condition\\CurrencyCondition': (value) =>
    CURRENCIES.has(value) ? undefined : `"${value}" is not an ISO 4217 currency code.`,
  'SvcPriceList\\Condition\\CustomerGroupCondition': (value) =>
    value.trim() !== '' ? undefined : 'The customer group must not be blank.',
  'SvcPriceList\\Condition\\ShopCondition': (value) =>
    /^[1-9][0-9]{0,9}$/.test(value) ? undefined : 'The shop must be a positive integer id.',
};

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const PRICE_LIST_FIELDS: FieldTable = {
  id: { column: 'id', kind: 'integer' },
  name: { column: 'name', kind: 'string' },
  priority: { column: 'priority', kind: 'integer' },
};

const PRICE_FIELDS: FieldTable = {
  id: { column: 'id', kind: 'integer' },
  priceListId: { column: 'price_list_id', kind: 'integer' },
  orderNumber: { column: 'order_number', kind: 'string' },
  price: { column: 'price', kind: 'number' },
  pseudoPrice: { column: 'pseudo_price', kind: 'number' },
  from: { column: 'qty_from', kind: 'integer' },
  to: { column: 'qty_to', kind: 'integer' },
  validFrom: { column: 'valid_from', kind: 'date', nullable: true },
  validTo: { column: 'valid_to', kind: 'date', nullable: true },
  calculation: { column: 'calculation', kind: 'string', nullable: true },
  gross: { column: 'gross', kind: 'boolean' },
};

function priceListRecord(row: PriceListRow): PriceList {
  return { id: row.id, name: row.name, priority: row.priority };
}

function conditionRecord(row: ConditionRow): PriceListCondition {
  return { id: row.id, priceListId: row.price_list_id, type: row.type, value: row.value };
}

function priceRecord(row: PriceRow): PriceListPrice {
  return {
    id: row.id,
    priceListId: row.price_list_id,
    orderNumber: row.order_number,
    price: row.price,
    pseudoPrice: row.pseudo_price,
    from: row.qty_from,
    to: row.qty_to,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    calculation: row.calculation,
    gross: row.gross === 1,
  };
}

type PriceInput = Omit<PriceListPrice, 'id'>;

function conditions(filters: readonly PriceFilter[] | undefined) {
  return (filters ?? []).map((filter) => ({ field: filter['field-name'], operator: filter.type, value: filter.value }));
}

/** The price-list queries over the service's data, or over one transaction of it. */
function priceListQueries(db: Data) {
  const priceListExists = async (id: number): Promise<boolean> =>
    (await db.get('SELECT 1 AS one FROM price_list WHERE id = ?', id)) !== undefined;

  const findPrice = (id: number): Promise<PriceRow | undefined> =>
    db.get<PriceRow>('SELECT * FROM price_list_price WHERE id = ?', id);

  /** The rules of one price the schema cannot say, with pointers naming the entry's index. */
  const priceViolations = async (price: PriceInput, index: number): Promise<Violation[]> => {
    const at = (field: string) => `/prices/${index}/${field}`;
    const violations: Violation[] = [];
    if (!(await priceListExists(price.priceListId)))
      violations.push({ pointer: at('priceListId'), message: `No price list with id ${price.priceListId} exists.` });
    if (price.orderNumber.trim() === '')
      violations.push({ pointer: at('orderNumber'), message: 'This value should not be blank.' });
    if (price.to < price.from)
      violations.push({ pointer: at('to'), message: 'This value should be greater than or equal to from.' });
    if (price.validFrom != null && price.validTo != null && price.validTo < price.validFrom) {
      violations.push({ pointer: at('validTo'), message: 'This value should not be before validFrom.' });
    }
    return violations;
  };

  /** Every entry's violations, in the entries' order. */
  const batchViolations = async (prices: readonly PriceInput[]): Promise<Violation[]> => {
    const violations: Violation[] = [];
    for (const [index, price] of prices.entries()) violations.push(...(await priceViolations(price, index)));
    return violations;
  };

  /** Every price must exist; the first unknown one fails the batch with 404 naming its index. */
  const requirePrices = async (prices: readonly { id: number }[]): Promise<void> => {
    for (const [index, price] of prices.entries()) {
      if (!(await findPrice(price.id))) {
        throw new NotFound({
          params: { resource: 'PriceListPrice', id: price.id },
          violations: [{ pointer: `/prices/${index}/id`, message: `No price with id ${price.id} exists.` }],
        });
      }
    }
  };

  const priceValues = (price: PriceInput): unknown[] => [
    price.priceListId,
    price.orderNumber,
    price.price,
    price.pseudoPrice,
    price.from,
    price.to,
    price.validFrom ?? null,
    price.validTo ?? null,
    price.calculation ?? null,
    price.gross ? 1 : 0,
  ];
  const insertPrice = (price: PriceInput): Promise<number> =>
    db.insert(
      `INSERT INTO price_list_price (price_list_id, order_number, price, pseudo_price, qty_from, qty_to, valid_from, valid_to, calculation, gross)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...priceValues(price),
    );
  const updatePrice = (price: PriceInput & { id: number }): Promise<number> =>
    db.run(
      `UPDATE price_list_price SET price_list_id = ?, order_number = ?, price = ?, pseudo_price = ?,
         qty_from = ?, qty_to = ?, valid_from = ?, valid_to = ?, calculation = ?, gross = ?
       WHERE id = ?`,
      ...priceValues(price),
      price.id,
    );

  return { priceListExists, findPrice, batchViolations, requirePrices, insertPrice, updatePrice };
}

export function createPriceListHandlers(db: Data): PriceListApiHandlers {
  const { priceListExists, findPrice } = priceListQueries(db);

  const requirePriceList = async (id: number): Promise<PriceListRow> => {
    const row = await db.get<PriceListRow>('SELECT * FROM price_list WHERE id = ?', id);
    if (!row) throw new NotFound({ params: { resource: 'PriceList', id } });
    return row;
  };

  const requireCondition = async (id: number): Promise<ConditionRow> => {
    const row = await db.get<ConditionRow>('SELECT * FROM price_list_condition WHERE id = ?', id);
    if (!row) throw new NotFound({ params: { resource: 'PriceListCondition', id } });
    return row;
  };

  const priceListViolations = (body: { name: string; priority: number }): Violation[] =>
    body.name.trim() === '' ? [{ pointer: '/name', message: 'This value should not be blank.' }] : [];

  const conditionViolations = async (body: {
    priceListId: number;
    type: string;
    value: string;
  }): Promise<Violation[]> => {
    const violations: Violation[] = [];
    if (!(await priceListExists(body.priceListId)))
      violations.push({ pointer: '/priceListId', message: `No price list with id ${body.priceListId} exists.` });
    const check = Object.hasOwn(CONDITION_TYPES, body.type) ? CONDITION_TYPES[body.type] : undefined;
    if (!check)
      violations.push({
        pointer: '/type',
        message: `Unknown condition type; known: ${Object.keys(CONDITION_TYPES).join(', ')}.`,
      });
    else {
      const problem = check(body.value);
      if (problem) violations.push({ pointer: '/value', message: problem });
    }
    return violations;
  };

  const duplicateIdViolations = (prices: readonly { id: number }[]): Violation[] => {
    const seen = new Set<number>();
    return prices.flatMap((price, index) => {
      if (seen.has(price.id))
        return [
          { pointer: `/prices/${index}/id`, message: `The id ${price.id} appears more than once in this batch.` },
        ];
      seen.add(price.id);
      return [];
    });
  };

  const list = async <Row, Out>(
    table: string,
    fields: FieldTable,
    filters: readonly PriceFilter[] | undefined,
    page: { limit: number; offset: number },
    map: (row: Row) => Out,
  ) => {
    const where = whereClause(fields, conditions(filters), db.like);
    const total = await db.count(`SELECT COUNT(*) AS n FROM ${table} ${where.sql}`, ...where.params);
    const rows = await db.all<Row>(
      `SELECT * FROM ${table} ${where.sql} ORDER BY id LIMIT ? OFFSET ?`,
      ...where.params,
      page.limit,
      page.offset,
    );
    return { items: rows.map(map), total };
  };

  const ref = (id: number, context: HandlerContext) => ({ id, location: context.resourceUrl(id) });

  return {
    // ---- price lists ----
    async listPriceLists({ query, body }) {
      return list<PriceListRow, PriceList>('price_list', PRICE_LIST_FIELDS, body?.filters, query, priceListRecord);
    },
    async getPriceList({ params }) {
      return priceListRecord(await requirePriceList(params.id));
    },
    async createPriceList({ body }, context) {
      const violations = priceListViolations(body);
      if (violations.length > 0) throw new Validation(violations);
      const id = await db.insert('INSERT INTO price_list (name, priority) VALUES (?, ?)', body.name, body.priority);
      return ref(id, context);
    },
    async updatePriceList({ params, body }) {
      await requirePriceList(params.id);
      const violations = priceListViolations(body);
      if (body.id !== undefined && body.id !== params.id)
        violations.push({
          pointer: '/id',
          message: `The id in the body (${body.id}) differs from the id in the path (${params.id}).`,
        });
      if (violations.length > 0) throw new Validation(violations);
      await db.run('UPDATE price_list SET name = ?, priority = ? WHERE id = ?', body.name, body.priority, params.id);
      return priceListRecord(await requirePriceList(params.id));
    },
    async deletePriceList({ params }) {
      await requirePriceList(params.id);
      // Conditions and prices belong to their list and go with it (ON DELETE CASCADE).
      await db.run('DELETE FROM price_list WHERE id = ?', params.id);
    },

    // ---- conditions ----
    async listPriceListConditions() {
      const rows = await db.all<ConditionRow>('SELECT * FROM price_list_condition ORDER BY id');
      return { items: rows.map(conditionRecord), total: rows.length };
    },
    async getPriceListCondition({ params }) {
      return conditionRecord(await requireCondition(params.id));
    },
    async createPriceListCondition({ body }, context) {
      const violations = await conditionViolations(body);
      if (violations.length > 0) throw new Validation(violations);
      const id = await db.insert(
        'INSERT INTO price_list_condition (price_list_id, type, value) VALUES (?, ?, ?)',
        body.priceListId,
        body.type,
        body.value,
      );
      return ref(id, context);
    },
    async updatePriceListCondition({ params, body }) {
      await requireCondition(params.id);
      const violations = await conditionViolations(body);
      if (violations.length > 0) throw new Validation(violations);
      await db.run(
        'UPDATE price_list_condition SET price_list_id = ?, type = ?, value = ? WHERE id = ?',
        body.priceListId,
        body.type,
        body.value,
        params.id,
      );
      return conditionRecord(await requireCondition(params.id));
    },
    async deletePriceListCondition({ params }) {
      await requireCondition(params.id);
      await db.run('DELETE FROM price_list_condition WHERE id = ?', params.id);
    },

    // ---- prices ----
    async listPriceListPrices({ query, body }) {
      return list<PriceRow, PriceListPrice>('price_list_price', PRICE_FIELDS, body?.filters, query, priceRecord);
    },
    async getPriceListPrice({ params }) {
      const row = await findPrice(params.id);
      if (!row) throw new NotFound({ params: { resource: 'PriceListPrice', id: params.id } });
      return priceRecord(row);
    },
    async createPriceListPrices({ body }, context) {
      return db.transaction(async (tx) => {
        const batch = priceListQueries(tx);
        const violations = await batch.batchViolations(body.prices);
        if (violations.length > 0) throw new Validation(violations);
        const refs = [];
        for (const price of body.prices) refs.push(ref(await batch.insertPrice(price), context));
        return refs;
      });
    },
    async updatePriceListPrices({ body }) {
      return db.transaction(async (tx) => {
        const batch = priceListQueries(tx);
        const duplicates = duplicateIdViolations(body.prices);
        if (duplicates.length > 0) throw new Validation(duplicates);
        await batch.requirePrices(body.prices);
        const violations = await batch.batchViolations(body.prices);
        if (violations.length > 0) throw new Validation(violations);
        for (const price of body.prices) await batch.updatePrice(price);
        const rows = [];
        for (const price of body.prices) rows.push(priceRecord((await batch.findPrice(price.id)) as PriceRow));
        return rows;
      });
    },
    async deletePriceListPrices({ body }) {
      await db.transaction(async (tx) => {
        const batch = priceListQueries(tx);
        const duplicates = duplicateIdViolations(body.prices);
        if (duplicates.length > 0) throw new Validation(duplicates);
        await batch.requirePrices(body.prices);
        for (const price of body.prices) await tx.run('DELETE FROM price_list_price WHERE id = ?', price.id);
      });
    },
  };
}
