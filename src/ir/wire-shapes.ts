// Which structured values a query string can carry in brackets (name[key]=value) in a form every
// tool reads alike, and which must travel as JSON text instead. The metadata (what the generated
// client sends) and the OpenAPI document (what other tools send) decide by the same rules here.
import { inView, SCALAR_KINDS } from './types.js';
import type { ModuleIr, ParameterIr, RecordIr, RecordKey, RouteIr, TypeIr } from './types.js';

export type RecordsByKey = (key: RecordKey) => RecordIr | undefined;

/** A value written as one text: string, number, boolean, date or enum member. */
export function isScalarType(type: TypeIr): boolean {
  // A union of scalars is one text too: which variant it is shows once read.
  return type.kind === 'scalar' || type.kind === 'enum' || (type.kind === 'union' && type.variants.every(isScalarType));
}

/** The scalars a form body carries, each as one name=value (SVC217): every scalar, no lists or nested records. */
export const FORM_SCALARS: ReadonlySet<string> = new Set(SCALAR_KINDS);
/** Of those, the ones that read differently from their text than from JSON: a form body needs a schema of its own. */
const FORM_SCALARS_READ_FROM_TEXT: ReadonlySet<string> = new Set(['integer', 'number', 'boolean']);

/** A member a form writes as one name=value: text, an enum member, or a number or boolean read from its text. */
export function isFormMember(type: TypeIr): boolean {
  return type.kind === 'enum' || type.kind === 'scalar';
}

/** A form member read from its text by a schema of its own (a number or a boolean), as query parameters are. */
export function readsFromFormText(type: TypeIr): boolean {
  return type.kind === 'scalar' && FORM_SCALARS_READ_FROM_TEXT.has(type.scalar);
}

/** A value with a plain text form: a scalar, or a list of scalars (written a,b or repeated). */
export function isTextValue(type: TypeIr): boolean {
  return isScalarType(type) || (type.kind === 'list' && isScalarType(type.items));
}

/**
 * The fields of a record whose every field is a scalar (name[field]=value covers it), else
 * undefined; with `json`, fields of type json count too (their value is written as its text).
 */
export function flatRecordFields(
  type: TypeIr,
  records: RecordsByKey,
  options: { readonly json?: boolean } = {},
): RecordIr['fields'] | undefined {
  if (type.kind !== 'record') return undefined;
  const record = records(type.record);
  if (!record) return undefined;
  const fields = record.fields.filter((field) => inView(type, field.name));
  return fields.every((field) => isScalarType(field.type) || (options.json === true && field.type.kind === 'json'))
    ? fields
    : undefined;
}

/**
 * Whether a deepObject value keeps its brackets on the wire: a flat record or a map of scalars
 * (name[key]=value), or a list of flat records (name[0][key]=value); a union of flat records is one
 * of them, told apart once read (by its discriminator, else the first variant that reads it). Anything
 * deeper (a map of lists, a record holding records) has no form OpenAPI defines: it travels as JSON text.
 */
export function keepsBrackets(type: TypeIr, records: RecordsByKey): boolean {
  if (type.kind === 'map') return isScalarType(type.values);
  if (type.kind === 'list') return flatRecords(type.items, records);
  return flatRecords(type, records);
}

/** A flat record (see flatRecordFields), or a union whose every variant is one. */
function flatRecords(type: TypeIr, records: RecordsByKey): boolean {
  if (type.kind === 'union')
    return type.variants.every((variant) => !variant.nullable && flatRecords(variant, records));
  return flatRecordFields(type, records, { json: true }) !== undefined;
}

/**
 * The IR with every deepObject value that cannot keep its brackets (see keepsBrackets) in style
 * json: client, server and documents then agree on JSON text, and the server still reads the
 * bracket spelling of old clients (jsonText takes an already structured value as it is).
 */
export function settleWireStyles(modules: readonly ModuleIr[], records: RecordsByKey): ModuleIr[] {
  const settleParam = (param: ParameterIr): ParameterIr =>
    param.style === 'deepObject' && param.shortForm === undefined && !keepsBrackets(param.type, records)
      ? { ...param, style: 'json' }
      : param;
  const settleRoute = (route: RouteIr): RouteIr => {
    const alternative = route.bodyQueryAlternative;
    const member =
      alternative?.style === 'deepObject' && route.body?.kind === 'record'
        ? records(route.body.record)?.fields.find((field) => field.name === alternative.member)
        : undefined;
    return {
      ...route,
      query: route.query.map(settleParam),
      bodyQueryAlternative:
        alternative && member && !keepsBrackets(member.type, records) ? { ...alternative, style: 'json' } : alternative,
    };
  };
  return modules.map((module) => ({ ...module, routes: module.routes.map(settleRoute) }));
}
