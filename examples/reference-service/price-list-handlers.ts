// Price-List API handlers: price lists, their conditions and their prices. Batch writes of
// prices run in one transaction: one bad entry fails the batch, naming its index, and nothing is written.
import type { PriceListApiHandlers } from '../../generated/price-list-api/server.js';
import type {
  PriceFilter,
  PriceList,
  PriceListCondition,
  PriceListPrice,
} from '../../generated/price-list-api/types.js';
import type { HandlerContext } from '../../generated/runtime/server.js';
import { NotFound, Validation, type Violation } from '../../generated/runtime/errors.js';
import { inTransaction, type Db } from './db.js';
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

export function createPriceListHandlers(db: Db): PriceListApiHandlers {
  const priceListExists = (id: number): boolean =>
    db.prepare('SELECT 1 FROM price_list WHERE id = ?').get(id) !== undefined;

  const requirePriceList = (id: number): PriceListRow => {
    const row = db.prepare('SELECT * FROM price_list WHERE id = ?').get(id) as PriceListRow | undefined;
    if (!row) throw new NotFound({ params: { resource: 'PriceList', id } });
    return row;
  };

  const requireCondition = (id: number): ConditionRow => {
    const row = db.prepare('SELECT * FROM price_list_condition WHERE id = ?').get(id) as ConditionRow | undefined;
    if (!row) throw new NotFound({ params: { resource: 'PriceListCondition', id } });
    return row;
  };

  const findPrice = (id: number): PriceRow | undefined =>
    db.prepare('SELECT * FROM price_list_price WHERE id = ?').get(id) as PriceRow | undefined;

  const priceListViolations = (body: { name: string; priority: number }): Violation[] =>
    body.name.trim() === '' ? [{ pointer: '/name', message: 'This value should not be blank.' }] : [];

  const conditionViolations = (body: { priceListId: number; type: string; value: string }): Violation[] => {
    const violations: Violation[] = [];
    if (!priceListExists(body.priceListId))
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

  /** The rules of one price the schema cannot say, with pointers naming the entry's index. */
  const priceViolations = (price: PriceInput, index: number): Violation[] => {
    const at = (field: string) => `/prices/${index}/${field}`;
    const violations: Violation[] = [];
    if (!priceListExists(price.priceListId))
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

  /** Every price must exist; the first unknown one fails the batch with 404 naming its index. */
  const requirePrices = (prices: readonly { id: number }[]): void => {
    prices.forEach((price, index) => {
      if (!findPrice(price.id)) {
        throw new NotFound({
          params: { resource: 'PriceListPrice', id: price.id },
          violations: [{ pointer: `/prices/${index}/id`, message: `No price with id ${price.id} exists.` }],
        });
      }
    });
  };

  const list = <Row, Out>(
    table: string,
    fields: FieldTable,
    filters: readonly PriceFilter[] | undefined,
    page: { limit: number; offset: number },
    map: (row: Row) => Out,
  ) => {
    const where = whereClause(fields, conditions(filters));
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} ${where.sql}`).get(...where.params) as { n: number })
      .n;
    const rows = db
      .prepare(`SELECT * FROM ${table} ${where.sql} ORDER BY id LIMIT ? OFFSET ?`)
      .all(...where.params, page.limit, page.offset) as Row[];
    return { items: rows.map(map), total };
  };

  const ref = (id: number, context: HandlerContext) => ({ id, location: context.resourceUrl(id) });

  const insertPrice = db.prepare(
    `INSERT INTO price_list_price (price_list_id, order_number, price, pseudo_price, qty_from, qty_to, valid_from, valid_to, calculation, gross)
     VALUES (@priceListId, @orderNumber, @price, @pseudoPrice, @from, @to, @validFrom, @validTo, @calculation, @gross)`,
  );
  const updatePrice = db.prepare(
    `UPDATE price_list_price SET price_list_id = @priceListId, order_number = @orderNumber, price = @price, pseudo_price = @pseudoPrice,
       qty_from = @from, qty_to = @to, valid_from = @validFrom, valid_to = @validTo, calculation = @calculation, gross = @gross
     WHERE id = @id`,
  );
  const priceParams = (price: PriceInput) => ({
    priceListId: price.priceListId,
    orderNumber: price.orderNumber,
    price: price.price,
    pseudoPrice: price.pseudoPrice,
    from: price.from,
    to: price.to,
    validFrom: price.validFrom ?? null,
    validTo: price.validTo ?? null,
    calculation: price.calculation ?? null,
    gross: price.gross ? 1 : 0,
  });

  return {
    // ---- price lists ----
    async listPriceLists({ query, body }) {
      return list<PriceListRow, PriceList>('price_list', PRICE_LIST_FIELDS, body?.filters, query, priceListRecord);
    },
    async getPriceList({ params }) {
      return priceListRecord(requirePriceList(params.id));
    },
    async createPriceList({ body }, context) {
      const violations = priceListViolations(body);
      if (violations.length > 0) throw new Validation(violations);
      const id = Number(
        db.prepare('INSERT INTO price_list (name, priority) VALUES (?, ?)').run(body.name, body.priority)
          .lastInsertRowid,
      );
      return ref(id, context);
    },
    async updatePriceList({ params, body }) {
      requirePriceList(params.id);
      const violations = priceListViolations(body);
      if (body.id !== undefined && body.id !== params.id)
        violations.push({
          pointer: '/id',
          message: `The id in the body (${body.id}) differs from the id in the path (${params.id}).`,
        });
      if (violations.length > 0) throw new Validation(violations);
      db.prepare('UPDATE price_list SET name = ?, priority = ? WHERE id = ?').run(body.name, body.priority, params.id);
      return priceListRecord(requirePriceList(params.id));
    },
    async deletePriceList({ params }) {
      requirePriceList(params.id);
      // Conditions and prices belong to their list and go with it (ON DELETE CASCADE).
      db.prepare('DELETE FROM price_list WHERE id = ?').run(params.id);
    },

    // ---- conditions ----
    async listPriceListConditions() {
      const rows = db.prepare('SELECT * FROM price_list_condition ORDER BY id').all() as ConditionRow[];
      return { items: rows.map(conditionRecord), total: rows.length };
    },
    async getPriceListCondition({ params }) {
      return conditionRecord(requireCondition(params.id));
    },
    async createPriceListCondition({ body }, context) {
      const violations = conditionViolations(body);
      if (violations.length > 0) throw new Validation(violations);
      const id = Number(
        db
          .prepare('INSERT INTO price_list_condition (price_list_id, type, value) VALUES (?, ?, ?)')
          .run(body.priceListId, body.type, body.value).lastInsertRowid,
      );
      return ref(id, context);
    },
    async updatePriceListCondition({ params, body }) {
      requireCondition(params.id);
      const violations = conditionViolations(body);
      if (violations.length > 0) throw new Validation(violations);
      db.prepare('UPDATE price_list_condition SET price_list_id = ?, type = ?, value = ? WHERE id = ?').run(
        body.priceListId,
        body.type,
        body.value,
        params.id,
      );
      return conditionRecord(requireCondition(params.id));
    },
    async deletePriceListCondition({ params }) {
      requireCondition(params.id);
      db.prepare('DELETE FROM price_list_condition WHERE id = ?').run(params.id);
    },

    // ---- prices ----
    async listPriceListPrices({ query, body }) {
      return list<PriceRow, PriceListPrice>('price_list_price', PRICE_FIELDS, body?.filters, query, priceRecord);
    },
    async getPriceListPrice({ params }) {
      const row = findPrice(params.id);
      if (!row) throw new NotFound({ params: { resource: 'PriceListPrice', id: params.id } });
      return priceRecord(row);
    },
    async createPriceListPrices({ body }, context) {
      return inTransaction(db, () => {
        const violations = body.prices.flatMap(priceViolations);
        if (violations.length > 0) throw new Validation(violations);
        return body.prices.map((price) => ref(Number(insertPrice.run(priceParams(price)).lastInsertRowid), context));
      });
    },
    async updatePriceListPrices({ body }) {
      return inTransaction(db, () => {
        const duplicates = duplicateIdViolations(body.prices);
        if (duplicates.length > 0) throw new Validation(duplicates);
        requirePrices(body.prices);
        const violations = body.prices.flatMap(priceViolations);
        if (violations.length > 0) throw new Validation(violations);
        for (const price of body.prices) updatePrice.run({ ...priceParams(price), id: price.id });
        return body.prices.map((price) => priceRecord(findPrice(price.id) as PriceRow));
      });
    },
    async deletePriceListPrices({ body }) {
      await inTransaction(db, () => {
        const duplicates = duplicateIdViolations(body.prices);
        if (duplicates.length > 0) throw new Validation(duplicates);
        requirePrices(body.prices);
        const remove = db.prepare('DELETE FROM price_list_price WHERE id = ?');
        for (const price of body.prices) remove.run(price.id);
      });
    },
  };
}
