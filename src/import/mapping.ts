// The constructs the definitions format cannot say yet (unions, open records, string formats beyond
// its own, non-JSON bodies), each approximated in one place: when the format learns one, its
// function here returns the exact form and its note goes away.
import type { TypeDefinition } from '../definitions/schema.js';
import type { IntegerFormat, StringFormat } from '../ir/formats.js';
import { STRING_FORMATS, STRING_FORMAT_TYPES, isIntegerFormat, stringFormat as formatRow } from '../ir/formats.js';

/** An approximation: the type used instead, and the sentence the report prints. */
export interface Approximation {
  readonly type: TypeDefinition;
  readonly note: string;
}

/** oneOf/anyOf of several schemas: a union, exclusive for oneOf (a value matches exactly one variant). */
export function union(keyword: 'oneOf' | 'anyOf', variants: TypeDefinition[]): TypeDefinition {
  return { type: 'union', variants, ...(keyword === 'oneOf' && { exclusive: true }) };
}

/** oneOf/anyOf beside the schema's own type or properties: each member narrows the object, not a union. */
export function unionBesideOwnType(keyword: string): Approximation {
  return {
    type: { type: 'json' },
    note: `${keyword} beside the schema's own type or properties: not a union of types, approximated as json`,
  };
}

/** A type list such as [string, integer]: a union of one variant per type (they never overlap). */
export function typeList(variants: TypeDefinition[]): TypeDefinition {
  return { type: 'union', variants };
}

/** An enum of numbers, booleans or mixed values: a union of constants (one value: the constant alone). */
export function constantEnum(values: readonly (string | number | boolean)[]): TypeDefinition {
  const constants = values.map(constant);
  return constants.length === 1 ? constants[0]! : { type: 'union', variants: constants };
}

/** The one value a scalar type allows. */
export function constant(value: string | number | boolean): TypeDefinition {
  const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return { type: type as 'string' | 'integer' | 'number' | 'boolean', const: value };
}

/** not, if/then/else and other keywords with no counterpart. */
export function unsupportedKeyword(keyword: string): Approximation {
  return { type: { type: 'json' }, note: `${keyword}: not representable, approximated as json` };
}

/** A schema without `type` read as the type its keywords imply. */
export function impliedType(keyword: string, implied: 'array' | 'object'): string {
  const as = implied === 'array' ? 'a list' : 'an object';
  return `no type beside ${keyword}: imported as ${as}; a value of another type, which the schema allows, is refused`;
}

/** allOf whose members cannot be merged into one record. */
export function unmergeableAllOf(): Approximation {
  return { type: { type: 'json' }, note: 'allOf of schemas that are not all objects: approximated as json' };
}

/** The table's string format whose OpenAPI `format` keyword is this word, if any. */
function tableStringFormat(word: string): StringFormat | undefined {
  return STRING_FORMATS.find((format) => formatRow(format).openapi.format === word);
}

/** A string schema's format: a type of its own (date, date-time), a table format, or plain string with a note. */
export function stringFormat(format: string): { type: TypeDefinition; note?: string } {
  const ownType = STRING_FORMAT_TYPES.find((word) => word === format);
  if (ownType) return { type: { type: ownType } };
  const known = tableStringFormat(format);
  if (known) return { type: { type: 'string', format: known } };
  return { type: { type: 'string' }, note: `format ${format}: no such string format yet, approximated as string` };
}

/** An integer schema's format, when the table knows it (int32, int64). */
export function integerFormat(format: string): IntegerFormat | undefined {
  return isIntegerFormat(format) ? format : undefined;
}

/** Number formats that only say how wide a number is stored: no instance is refused by them in JSON Schema. */
export function numberFormatIsExact(format: string): boolean {
  return isIntegerFormat(format) || format === 'float' || format === 'double';
}

/** Record with properties and additionalProperties: an open record, `true` for any value. */
export function openRecordFields(extra: TypeDefinition): TypeDefinition | true {
  return extra.type === 'json' && Object.keys(extra).length === 1 ? true : extra;
}

/** A record with members the format cannot name (`_links`, `+1`, `@type`): a map of json until it can. */
export function unnameableMembers(names: readonly string[]): Approximation {
  const list = names.map((name) => JSON.stringify(name)).join(', ');
  return {
    type: { type: 'map', items: { type: 'json' } },
    note: `properties ${list}: not usable as field names, the object is approximated as a map of json`,
  };
}

/** Media types the format reads and writes: JSON, and form bodies of flat records. */
export function isJsonMedia(media: string): boolean {
  const type = media.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type === '*/*' || type.endsWith('+json') || type === 'text/json';
}

export function isFormMedia(media: string): boolean {
  return media.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** A form body with members a form does not carry (lists, nested objects): read as JSON. */
export function nestedForm(): string {
  return 'a form body with lists or nested records: only flat forms of text, numbers and booleans yet, approximated as a JSON body';
}

/** A body in XML, event-stream, a multipart form of other parts than files and text, or another media type. */
/** A second JSON media type of a body: svcgen reads and sends one, `application/json`. */
export function otherJsonMedia(media: string, chosen: string): string {
  return `media type ${media}: one JSON media type per body, ${chosen} (its schema is used)`;
}

export function bodyMedia(media: string): string {
  return `media type ${media}: only JSON, form, file and multipart bodies of files and text, approximated as a JSON body`;
}
