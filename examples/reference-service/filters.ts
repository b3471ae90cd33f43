// SQL WHERE clauses from client filters, over an allow-list of fields: an unknown field, operator or
// a value of the wrong type is a 400, never silently skipped. Values are always bound parameters.
import { BadRequest } from '../../generated/runtime/core/errors.js';

export type FieldKind = 'integer' | 'number' | 'string' | 'boolean' | 'date';

export interface FilterField {
  readonly column: string;
  readonly kind: FieldKind;
  readonly nullable?: boolean;
}

export type FieldTable = Readonly<Record<string, FilterField>>;

/**
 * like: the value is an SQL LIKE pattern, the same on both Digest interfaces: % any run, _ one character,
 * \ escapes them (and itself), ASCII letters compared without case (SQLite's LIKE; ILIKE on PostgreSQL).
 */
export type Operator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'like' | 'in';

export interface Condition {
  readonly field: string;
  readonly operator: Operator;
  readonly value: unknown;
}

export interface Where {
  readonly sql: string;
  readonly params: unknown[];
}

const COMPARISON: Record<Exclude<Operator, 'like' | 'in'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};
const MAX_IN_VALUES = 500;

export function badRequest(reason: string): BadRequest {
  return new BadRequest({ params: { reason } });
}

export function lookupField(fields: FieldTable, name: string, what: string): FilterField {
  if (!Object.hasOwn(fields, name))
    throw badRequest(`unknown ${what} "${name}"; known: ${Object.keys(fields).join(', ')}`);
  return fields[name] as FilterField;
}

/** A query-string value (always text) read as the field's kind; other values are left as they are. */
export function fromText(spec: FilterField, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if ((spec.kind === 'integer' || spec.kind === 'number') && /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/.test(value))
    return Number(value);
  if (spec.kind === 'boolean' && (value === 'true' || value === '1' || value === 'false' || value === '0'))
    return value === 'true' || value === '1';
  return value;
}

/** A JSON value as the SQL value of a field, or a 400 when it does not fit. */
function sqlValue(field: string, spec: FilterField, value: unknown): unknown {
  const wrong = (): never => {
    throw badRequest(`the value of "${field}" must be ${spec.kind === 'integer' ? 'an integer' : `a ${spec.kind}`}`);
  };
  switch (spec.kind) {
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : wrong();
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : wrong();
    case 'boolean':
      return typeof value === 'boolean' ? (value ? 1 : 0) : wrong();
    case 'string':
    case 'date':
      return typeof value === 'string' && value.length <= 1000 ? value : wrong();
  }
}

function conditionSql(fields: FieldTable, condition: Condition, like: string): Where {
  const spec = lookupField(fields, condition.field, 'filter field');
  const column = spec.column;
  const { operator, value } = condition;
  if (operator === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES)
      throw badRequest(`filter type "in" needs a list of 1..${MAX_IN_VALUES} values`);
    return {
      sql: `${column} IN (${value.map(() => '?').join(', ')})`,
      params: value.map((item) => sqlValue(condition.field, spec, item)),
    };
  }
  if (operator === 'like') {
    if (spec.kind !== 'string' && spec.kind !== 'date')
      throw badRequest(`a LIKE filter needs a text field, "${condition.field}" is not one`);
    if (typeof value !== 'string' || value.length > 1000) throw badRequest(`a LIKE filter needs a text value`);
    if (/(^|[^\\])(\\\\)*\\$/.test(value))
      throw badRequest(`the LIKE pattern of "${condition.field}" ends in a lone escape \\`);
    return { sql: `${column} ${like} ? ESCAPE '\\'`, params: [value] };
  }
  if (value === null) {
    if (operator === 'eq') return { sql: `${column} IS NULL`, params: [] };
    if (operator === 'neq') return { sql: `${column} IS NOT NULL`, params: [] };
    throw badRequest(`filter type "${operator}" cannot compare with null`);
  }
  if (spec.kind === 'boolean' && operator !== 'eq' && operator !== 'neq')
    throw badRequest(`filter type "${operator}" does not apply to the boolean "${condition.field}"`);
  return { sql: `${column} ${COMPARISON[operator]} ?`, params: [sqlValue(condition.field, spec, value)] };
}

/** "WHERE a AND b" (or "") for the conditions, all of which must hold; `like` is the database's (Data.like). */
export function whereClause(fields: FieldTable, conditions: readonly Condition[], like = 'LIKE'): Where {
  const parts = conditions.map((condition) => conditionSql(fields, condition, like));
  if (parts.length === 0) return { sql: '', params: [] };
  return {
    sql: `WHERE ${parts.map((part) => `(${part.sql})`).join(' AND ')}`,
    params: parts.flatMap((part) => part.params),
  };
}

/** "ORDER BY …" from sort keys over the same allow-list. */
export function orderClause(
  fields: FieldTable,
  sort: readonly { property: string; direction?: 'ASC' | 'DESC' | undefined }[],
  fallback: string,
): string {
  const keys = sort.map(
    (key) =>
      `${lookupField(fields, key.property, 'sort property').column} ${key.direction === 'DESC' ? 'DESC' : 'ASC'}`,
  );
  return `ORDER BY ${[...keys, fallback].join(', ')}`;
}
