// Random valid definitions for the API fuzzer (scripts/fuzz-apis.ts), as one fast-check arbitrary.
// The arbitrary draws a small model (records by field specs, routes by kind, auth schemes by kind)
// and maps it to a definitions document, so that fast-check shrinks the model: a failing API loses
// routes, records, fields and parameters until the failure would go away. References between
// records are indexes resolved modulo what is left, so a shrunk model is still a valid document.
import fc from 'fast-check';
import { INTEGER_FORMATS, STRING_FORMATS } from '../../src/ir/formats.js';
import { unsendableMatch } from '../../src/ir/header-text.js';
import {
  ERROR_STYLES,
  INTERFACE_STYLES,
  PARAMETER_STYLES,
  RELATION_KINDS,
  type ErrorStyle,
  type InterfaceStyle,
  type ParameterStyle,
  type RelationKind,
} from '../../src/runtime/core/vocabulary.js';
import { AUTH_KINDS, FUZZ_SCOPES, schemeName, type AuthKind } from './auth.js';
import { MEDIA_KINDS, mediaModel, mediaRoute, type MediaKind, type MediaModel } from './media-routes.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const PATTERNS = [
  '^[a-z]+$',
  '^[A-Z0-9.-]+$',
  '^[a-z]{2,6}-[0-9]{1,3}$',
  // Awkward but valid with the u flag: escaped braces and brackets, lookaheads, back references, unicode.
  '^a\\{[0-9]\\}$',
  '^[\\]\\-a-z]{1,4}$',
  '^(?=.*\\d)[a-z\\d]{4,8}$',
  '^(x|y)-\\1$',
  '^\\p{Lu}\\p{Ll}{1,5}$',
  '^[^\\s/?#%]{1,6}$',
];
const ENUM_VALUES = ['red', 'green', 'blue', 'dark-red', 'ASC', 'x_1'];
const FIELD_NAMES = [
  'title',
  'count',
  'price',
  'active',
  'born',
  'updated',
  'color',
  'tags',
  'labels',
  'extra',
  'child',
  'kebab-name',
  'snake_name',
  'class',
  'Upper',
  // Members as real APIs name them (docs/definitions.md, "Field names"): kept as written on the wire.
  '_links',
  '+1',
  '@odata.type',
  'next.page',
];
/** Names of relation fields; a to-one relation's foreign key is `<name>Id`. None is in FIELD_NAMES. */
const RELATION_NAMES = ['owner', 'parent', 'members', 'linked'];
const QUERY_NAMES = ['q', 'limit', 'tag', 'sort', 'filter', 'where', 'from', 'page-size', '_flag'];
const HEADER_NAMES = ['X-Trace', 'X-Count', 'X-Mode', 'X-Flag'];
/** Cookie names are compared as written: two differing in case are two cookies. */
const COOKIE_NAMES = ['theme', 'Theme', 'visits', 'recent', 'ui-lang'];

const stringType: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.record(
    {
      type: fc.constant('string'),
      minLength: fc.integer({ min: 0, max: 3 }),
      maxLength: fc.integer({ min: 4, max: 12 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('string'), format: fc.constantFrom(...STRING_FORMATS) }),
  // Another spelling of type: date and type: date-time.
  fc.record({ type: fc.constant('string'), format: fc.constantFrom('date', 'date-time') }),
  fc.record({ type: fc.constant('string'), const: fc.constantFrom('card', 'v1', 'X-1') }),
  fc.record({ type: fc.constant('string'), pattern: fc.constantFrom(...PATTERNS) }),
);

const scalarType: fc.Arbitrary<JsonObject> = fc.oneof(
  stringType,
  fc.record(
    {
      type: fc.constant('integer'),
      minimum: fc.integer({ min: -100, max: 0 }),
      maximum: fc.integer({ min: 1, max: 100_000 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constant('number'), minimum: fc.constantFrom(-1000.5, 0), maximum: fc.constantFrom(1, 1e9) },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('integer'), format: fc.constantFrom(...INTEGER_FORMATS) }),
  fc.record({ type: fc.constantFrom('integer', 'number'), const: fc.constantFrom(0, 7) }),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'boolean', const: true }),
  fc.constant({ type: 'date' }),
  fc.constant({ type: 'date-time' }),
  fc.record({
    type: fc.constant('enum'),
    values: fc.uniqueArray(fc.constantFrom(...ENUM_VALUES), { minLength: 1, maxLength: 4 }),
  }),
);

/**
 * Variants of a union without a discriminator, each of another JSON kind, so that an `exclusive`
 * (oneOf) union never has a value two variants take: number is left out (an integer is one too).
 */
const DISJOINT_VARIANTS: Record<string, fc.Arbitrary<JsonObject>> = {
  text: stringType,
  integer: fc.constantFrom({ type: 'integer' }, { type: 'integer', minimum: -5, maximum: 5 }),
  boolean: fc.constant({ type: 'boolean' }),
  list: scalarType.map((items) => ({ type: 'list', items })),
  map: scalarType.map((items) => ({ type: 'map', items })),
};

/** A variant of a tagged union: a record of its own whose `kind` names it (a string, or an enum of one value). */
interface TaggedVariantModel {
  readonly fields: readonly FieldModel[];
  readonly enumTag: boolean;
}

/** A type that may name a record: `ref` is an index, resolved when the document is built. */
type TypeModel =
  | { readonly scalar: JsonObject }
  | { readonly ref: number }
  | { readonly list: TypeModel; readonly minItems?: number }
  | { readonly map: TypeModel }
  | { readonly json: true }
  /** A union without a discriminator: `anyOf`, or `oneOf` when exclusive (then the variants are disjoint). */
  | { readonly union: readonly TypeModel[]; readonly exclusive: boolean }
  /** A tagged union: each variant a record of its own, named by its record name or through a mapping. */
  | { readonly tagged: readonly TaggedVariantModel[]; readonly mapping: boolean };

const typeModel: fc.Arbitrary<TypeModel> = fc.oneof(
  { weight: 6, arbitrary: scalarType.map((scalar) => ({ scalar })) },
  { weight: 2, arbitrary: fc.nat().map((ref) => ({ ref })) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        list: fc.oneof(
          scalarType.map((scalar) => ({ scalar })),
          fc.nat().map((ref) => ({ ref })),
        ),
        minItems: fc.constantFrom(0, 1),
      },
      { requiredKeys: ['list'] },
    ),
  },
  { weight: 1, arbitrary: scalarType.map((scalar) => ({ map: { scalar } })) },
  { weight: 1, arbitrary: fc.constant({ json: true as const }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      // Scalar mixes and records, tried in order (anyOf): variants may overlap.
      fc.record({
        union: fc.array(
          fc.oneof(
            scalarType.map((scalar): TypeModel => ({ scalar })),
            fc.nat().map((ref): TypeModel => ({ ref })),
          ),
          { minLength: 2, maxLength: 3 },
        ),
        exclusive: fc.constant(false),
      }),
      fc.record({
        union: fc
          .shuffledSubarray(Object.keys(DISJOINT_VARIANTS), { minLength: 2, maxLength: 3 })
          .chain((kinds) =>
            fc.tuple(
              ...kinds.map((kind) =>
                (DISJOINT_VARIANTS[kind] as fc.Arbitrary<JsonObject>).map((scalar) => ({ scalar })),
              ),
            ),
          ),
        exclusive: fc.boolean(),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      tagged: fc.array(
        fc.record({
          fields: fc.uniqueArray(
            fc.record({
              name: fc.constantFrom(...FIELD_NAMES),
              type: scalarType.map((scalar): TypeModel => ({ scalar })),
              required: fc.boolean(),
              nullable: fc.boolean(),
              withDefault: fc.constant(false),
              named: fc.constant(false),
            }),
            { selector: (field) => field.name, maxLength: 3 },
          ),
          enumTag: fc.boolean(),
        }),
        { minLength: 2, maxLength: 3 },
      ),
      mapping: fc.boolean(),
    }),
  },
);

interface FieldModel {
  readonly name: string;
  readonly type: TypeModel;
  readonly required: boolean;
  readonly nullable: boolean;
  readonly withDefault: boolean;
  /** The field's type (one without records) is a named type of the file's `types:` section. */
  readonly named: boolean;
}

const fieldModel: fc.Arbitrary<FieldModel> = fc.record({
  name: fc.constantFrom(...FIELD_NAMES),
  type: typeModel,
  required: fc.boolean(),
  nullable: fc.boolean(),
  withDefault: fc.boolean(),
  named: fc.boolean(),
});

const API_NAME = 'fuzz-api';

/**
 * A field whose type holds no record, with the type moved into `types:` under a name of its own and the
 * field referring to it (`type: fuzz-api.t3`); what a reference may not say (constraints) goes with it.
 */
function asNamedType(field: JsonObject, types: JsonObject): JsonObject {
  if (JSON.stringify(field).includes('"record"')) return field;
  const { nullable, required, default: preset, ...type } = field;
  const name = `t${Object.keys(types).length}`;
  types[name] = type;
  return {
    type: `${API_NAME}.${name}`,
    ...(nullable !== undefined && { nullable }),
    ...(required !== undefined && { required }),
    ...(preset !== undefined && { default: preset }),
  };
}

/** A relation field (docs/definitions.md, Relations): optional and read-only, to any record (itself too). */
interface RelationModel {
  readonly name: string;
  readonly kind: RelationKind;
  /** Index of the related record, resolved modulo the record count. */
  readonly ref: number;
  readonly nullable: boolean;
  /** to-one: a field `<name>Id` holds the related id; to-many: the related record has no inverse field. */
  readonly foreignKey: boolean;
}

const relationModel: fc.Arbitrary<RelationModel> = fc.record({
  name: fc.constantFrom(...RELATION_NAMES),
  kind: fc.constantFrom(...RELATION_KINDS),
  ref: fc.nat(),
  nullable: fc.boolean(),
  foreignKey: fc.boolean(),
});

interface RecordModel {
  /** An open record's other members: any JSON value (true), or of a type; undefined for a closed record. */
  readonly additionalFields?: true | JsonObject;
  readonly fields: readonly FieldModel[];
  readonly relations: readonly RelationModel[];
  readonly stringId: boolean;
  readonly apiAlias: boolean;
}

const recordModel: fc.Arbitrary<RecordModel> = fc.record(
  {
    additionalFields: fc.oneof(
      fc.constant(true as const),
      scalarType,
      scalarType.map((items) => ({ type: 'list', items })),
    ),
    fields: fc.uniqueArray(fieldModel, { selector: (field) => field.name, maxLength: 6 }),
    relations: fc.uniqueArray(relationModel, { selector: (relation) => relation.name, maxLength: 2 }),
    stringId: fc.boolean(),
    apiAlias: fc.boolean(),
  },
  { requiredKeys: ['fields', 'relations', 'stringId', 'apiAlias'] },
);

type RouteKind = 'list' | 'get' | 'create' | 'update' | 'remove' | 'count' | MediaKind;

interface ParamModel {
  readonly name: string;
  readonly type: TypeModel;
  readonly style: ParameterStyle;
  readonly required: boolean;
}

const queryModel: fc.Arbitrary<ParamModel> = fc.oneof(
  fc.record({
    name: fc.constantFrom(...QUERY_NAMES),
    type: scalarType.map((scalar): TypeModel => ({ scalar })),
    style: fc.constant('form' as const),
    required: fc.boolean(),
  }),
  fc.record({
    name: fc.constantFrom(...QUERY_NAMES),
    type: scalarType.map((scalar): TypeModel => ({ list: { scalar } })),
    style: fc.constant('form' as const),
    required: fc.boolean(),
  }),
  fc.record({
    name: fc.constantFrom(...QUERY_NAMES),
    type: fc.nat().map((ref): TypeModel => ({ list: { ref } })),
    style: fc.constant('deepObject' as const),
    required: fc.boolean(),
  }),
  fc.record({
    name: fc.constantFrom(...QUERY_NAMES),
    type: fc.oneof(
      fc.nat().map((ref): TypeModel => ({ ref })),
      scalarType.map((scalar): TypeModel => ({ map: { scalar } })),
    ),
    style: fc.constantFrom(...PARAMETER_STYLES),
    required: fc.boolean(),
  }),
  fc.record({
    name: fc.constantFrom(...QUERY_NAMES),
    type: fc.constant({ json: true } as TypeModel),
    style: fc.constant('json' as const),
    required: fc.boolean(),
  }),
);

/**
 * A header carries visible ASCII, space, tab and U+0080-U+00FF: a pattern admitting more is refused (SVC240),
 * so headers draw only the patterns a header can carry.
 */
const headerScalarType = scalarType.filter(
  (scalar) => typeof scalar['pattern'] !== 'string' || unsendableMatch(scalar['pattern']) === undefined,
);

const headerModel: fc.Arbitrary<ParamModel> = fc.record({
  name: fc.constantFrom(...HEADER_NAMES),
  type: headerScalarType.map((scalar): TypeModel => ({ scalar })),
  style: fc.constant('form' as const),
  required: fc.boolean(),
});

/** A cookie is one text: a scalar, or a list of scalars written a,b. */
const cookieModel: fc.Arbitrary<ParamModel> = fc.record({
  name: fc.constantFrom(...COOKIE_NAMES),
  type: fc.oneof(
    scalarType.map((scalar): TypeModel => ({ scalar })),
    scalarType.map((scalar): TypeModel => ({ list: { scalar } })),
  ),
  style: fc.constant('form' as const),
  required: fc.boolean(),
});

/** A segment holding the placeholder `id`, and the second placeholder it may hold (SVC215 asks for text between). */
interface IdSegment {
  readonly template: string;
  readonly second?: { readonly name: string; readonly type: JsonObject };
}

const ID_ALONE: IdSegment = { template: '{id}' };

/** Text after, before, on both sides, and a second placeholder after "." or "-", as real APIs write them. */
const ID_BESIDE_TEXT: readonly IdSegment[] = [
  { template: '{id}.json' },
  { template: '{id}.tar.gz' },
  { template: '{id}:cancel' },
  { template: 'item-{id}' },
  { template: '~{id}.json' },
  { template: '{id}.{ext}', second: { name: 'ext', type: { type: 'string' } } },
  { template: '{id}-{to}', second: { name: 'to', type: { type: 'integer' } } },
  { template: 'x{id}.{ext}:get', second: { name: 'ext', type: { type: 'string', maxLength: 4 } } },
];

interface RouteModel {
  readonly kind: RouteKind;
  readonly record: number;
  readonly query: readonly ParamModel[];
  readonly headers: readonly ParamModel[];
  readonly cookies: readonly ParamModel[];
  /** Index into the interface's schemes, or -1 for none. */
  readonly auth: number;
  /** The scopes the route requires, where its scheme has scopes. */
  readonly scopes: readonly string[];
  readonly envelopeNone: boolean;
  readonly total: boolean;
  readonly form: boolean;
  readonly stringPathParam: boolean;
  /** The id's segment: a placeholder alone, or beside text (docs/definitions.md, "Placeholders beside text"). */
  readonly idSegment: IdSegment;
  readonly noContent: boolean;
  /** Index into the interface's versions, or -1 for none (kept when the interface has no versions). */
  readonly version: number;
  /** A create route answers 204 unless the query flag `_response` selects the 201 with the record (`when`). */
  readonly selectable: boolean;
  /** A media route's files (upload, download, multipart). */
  readonly media: MediaModel;
}

const routeModel: fc.Arbitrary<RouteModel> = fc.record({
  // Routes with bodies that are not JSON, one in about eight.
  kind: fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom<RouteKind>('list', 'get', 'create', 'update', 'remove', 'count') },
    { weight: 1, arbitrary: fc.constantFrom<RouteKind>(...MEDIA_KINDS) },
  ),
  record: fc.nat(),
  query: fc.uniqueArray(queryModel, { selector: (param) => param.name, maxLength: 4 }),
  headers: fc.uniqueArray(headerModel, { selector: (param) => param.name.toLowerCase(), maxLength: 2 }),
  cookies: fc.uniqueArray(cookieModel, { selector: (param) => param.name, maxLength: 3 }),
  auth: fc.integer({ min: -1, max: 3 }),
  scopes: fc.subarray([...FUZZ_SCOPES]),
  envelopeNone: fc.boolean(),
  total: fc.boolean(),
  form: fc.boolean(),
  stringPathParam: fc.boolean(),
  idSegment: fc.oneof(
    { weight: 3, arbitrary: fc.constant<IdSegment>(ID_ALONE) },
    { weight: 2, arbitrary: fc.constantFrom<IdSegment>(...ID_BESIDE_TEXT) },
  ),
  noContent: fc.boolean(),
  version: fc.integer({ min: -1, max: 2 }),
  selectable: fc.boolean(),
  media: mediaModel,
});

export interface ApiModel {
  readonly style: InterfaceStyle;
  readonly errorStyle: ErrorStyle;
  readonly auth: readonly AuthKind[];
  readonly records: readonly RecordModel[];
  readonly routes: readonly RouteModel[];
  /** Version segments that all reach the same routes (interface `versions`); empty for none. */
  readonly versions: readonly string[];
}

export const apiModel: fc.Arbitrary<ApiModel> = fc.record({
  style: fc.constantFrom(...INTERFACE_STYLES),
  errorStyle: fc.constantFrom(...ERROR_STYLES),
  auth: fc.uniqueArray(fc.constantFrom(...(Object.keys(AUTH_KINDS) as AuthKind[])), { maxLength: 3 }),
  records: fc.array(recordModel, { minLength: 1, maxLength: 4 }),
  routes: fc.array(routeModel, { minLength: 1, maxLength: 6 }),
  versions: fc.constantFrom([], ['v1', 'v2'], ['v1', 'v2', 'v3']),
});

/** The definition documents (file name → document) of one random API. */
export function definitionsArbitrary(): fc.Arbitrary<Record<string, JsonObject>> {
  return apiModel.map((model) => ({ 'fuzz-api.yaml': buildDocument(model) }));
}

const recordName = (index: number) => `item${index}`;

/**
 * Resolves a type model inside record `owner` (records refer only to earlier ones, so no cycle forms);
 * a tagged union's variant records are added to `variants`, named after the owner.
 */
function typeOf(model: TypeModel, owner: number, recordCount: number, variants: JsonObject = {}): JsonObject {
  const inner = (item: TypeModel) => typeOf(item, owner, recordCount, variants);
  if ('scalar' in model) return { ...model.scalar };
  if ('json' in model) return { type: 'json' };
  if ('map' in model) return { type: 'map', items: inner(model.map) };
  if ('list' in model) {
    const list: JsonObject = { type: 'list', items: inner(model.list) };
    if (model.minItems) list['minItems'] = model.minItems;
    return list;
  }
  if ('union' in model)
    return { type: 'union', variants: model.union.map(inner), ...(model.exclusive ? { exclusive: true } : {}) };
  if ('tagged' in model) return taggedUnion(model, owner, recordCount, variants);
  if (owner === 0) return { type: 'string' };
  return { type: 'record', record: recordName(model.ref % Math.min(owner, recordCount)) };
}

/** The discriminator every tagged union drawn uses; no drawn field has this name. */
const TAG = 'kind';

function taggedUnion(
  model: Extract<TypeModel, { tagged: unknown }>,
  owner: number,
  recordCount: number,
  variants: JsonObject,
): JsonObject {
  const mapping: JsonObject = {};
  const refs = model.tagged.map((variant, index) => {
    const name = `${recordName(owner)}v${Object.keys(variants).length}`;
    // With a mapping the value is its own (k0, k1, …); without one it is the record's name.
    const value = model.mapping ? `k${index}` : name;
    if (model.mapping) mapping[value] = name;
    const fields: JsonObject = { [TAG]: variant.enumTag ? { type: 'enum', values: [value] } : { type: 'string' } };
    for (const field of variant.fields) fields[field.name] = fieldOf(field, owner, recordCount, variants);
    variants[name] = { fields };
    return { type: 'record', record: name };
  });
  return { type: 'union', discriminator: model.mapping ? { property: TAG, mapping } : TAG, variants: refs };
}

/** A default that fits `type` (SVC207), for the simple types; undefined where none is drawn. */
function defaultFor(type: JsonObject, nullable: boolean): Json | undefined {
  if (nullable) return null;
  if (type['const'] !== undefined) return type['const'];
  switch (type['type']) {
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return (type['values'] as string[])[0] as string;
    case 'string':
      // Only a string without constraints: 'preset' may be longer than a drawn maxLength (SVC207).
      return ['format', 'pattern', 'minLength', 'maxLength'].every((key) => type[key] === undefined)
        ? 'preset'
        : undefined;
    default:
      return undefined;
  }
}

function fieldOf(field: FieldModel, owner: number, recordCount: number, variants: JsonObject): JsonObject {
  const type = typeOf(field.type, owner, recordCount, variants);
  const result: JsonObject = { ...type };
  if (field.nullable) result['nullable'] = true;
  if (!field.required) result['required'] = false;
  const preset = field.withDefault && !field.required ? defaultFor(type, field.nullable) : undefined;
  if (preset !== undefined) result['default'] = preset;
  return result;
}

/** A relation field, and a to-one relation's foreign key field of the related record's id type. */
function relationFields(relation: RelationModel, records: readonly RecordModel[]): JsonObject {
  const target = relation.ref % records.length;
  const record = recordName(target);
  const one = { type: 'record', record };
  const foreignKey = relation.kind === 'to-one' && relation.foreignKey ? `${relation.name}Id` : undefined;
  const result: JsonObject = {
    [relation.name]: {
      ...(relation.kind === 'to-one' ? one : { type: 'list', items: one }),
      ...(relation.nullable ? { nullable: true } : {}),
      required: false,
      readOnly: true,
      relation: { kind: relation.kind, record, ...(foreignKey ? { foreignKey } : {}) },
    },
  };
  if (foreignKey) {
    const id = records[target]?.stringId ? { type: 'string', format: 'hex-id' } : { type: 'integer' };
    result[foreignKey] = { ...id, nullable: true, required: false };
  }
  return result;
}

/** The relation fields of a built record: a request body leaves them out (they are read-only). */
function relationNames(record: JsonObject): string[] {
  const fields = (record as { fields: Record<string, JsonObject> }).fields;
  return Object.keys(fields).filter((name) => fields[name]?.['relation'] !== undefined);
}

const FORM_MEMBERS = new Set(['string', 'enum', 'date', 'date-time']);

function buildDocument(model: ApiModel): JsonObject {
  const count = model.records.length;
  const records: JsonObject = {};
  const types: JsonObject = {};
  /** The variant records of tagged unions, added after the drawn ones. */
  const variants: JsonObject = {};
  model.records.forEach((record, index) => {
    const fields: JsonObject = {
      id: record.stringId ? { type: 'string', format: 'hex-id', readOnly: true } : { type: 'integer', readOnly: true },
    };
    for (const field of record.fields) {
      const written = fieldOf(field, index, count, variants);
      fields[field.name] = field.named ? asNamedType(written, types) : written;
    }
    for (const relation of record.relations) Object.assign(fields, relationFields(relation, model.records));
    records[recordName(index)] = {
      fields,
      ...(model.style === 'api-alias' && record.apiAlias ? { apiAlias: recordName(index) } : {}),
      ...(record.additionalFields === undefined ? {} : { additionalFields: record.additionalFields }),
    };
  });
  Object.assign(records, variants);
  withoutAliasesInUnions(records);
  const auth: JsonObject = {};
  for (const kind of model.auth) auth[schemeName(kind)] = AUTH_KINDS[kind].definition() as JsonObject;
  const schemes = Object.keys(auth);
  const routes: JsonObject = {};
  model.routes.forEach((route, index) => {
    const target = route.record % count;
    const fields = records[recordName(target)] as { fields: Record<string, JsonObject> };
    const version = route.version < 0 ? undefined : model.versions[route.version % (model.versions.length || 1)];
    routes[`${route.kind}${index}`] = routeOf(route, {
      version,
      index,
      record: recordName(target),
      // A form carries text members only: an open record's other members may be of any type.
      formable: formable(fields.fields) && !('additionalFields' in fields),
      scheme: route.auth < 0 || model.auth.length === 0 ? undefined : model.auth[route.auth % model.auth.length],
      count,
      records,
      style: model.style,
    });
  });
  return {
    name: API_NAME,
    interface: {
      title: 'Fuzz API',
      basePath: '/fuzz',
      style: model.style,
      errorStyle: model.errorStyle,
      ...(model.versions.length > 0 ? { versions: [...model.versions] } : {}),
    },
    ...(schemes.length > 0 ? { auth } : {}),
    errors: {
      badRequest: { status: 400, message: 'Invalid request' },
      validation: { status: 400, message: 'Invalid' },
      notFound: { status: 404, message: 'No record {id}' },
      unauthorized: { status: 401, message: 'Unauthorized' },
      forbidden: { status: 403, message: 'Forbidden' },
    },
    records,
    ...(Object.keys(types).length > 0 ? { types } : {}),
    routes,
  };
}

/**
 * A known gap, left out until it is fixed: the api-alias style adds `apiAlias` to the records it reaches through
 * fields, not to a record that is a union's variant, so the answer breaks its document. Records that are a
 * union's variant are drawn without an apiAlias.
 */
function withoutAliasesInUnions(records: JsonObject): void {
  const variantsOf = (type: Json | undefined): string[] => {
    if (type === undefined || type === null || typeof type !== 'object' || Array.isArray(type)) return [];
    const nested = [type['items'], ...((type['variants'] as Json[] | undefined) ?? [])].flatMap(variantsOf);
    if (type['type'] !== 'union') return nested;
    const direct = (type['variants'] as JsonObject[]).flatMap((variant) =>
      variant['type'] === 'record' ? [variant['record'] as string] : [],
    );
    return [...direct, ...nested];
  };
  for (const record of Object.values(records) as JsonObject[])
    for (const field of Object.values(record['fields'] as JsonObject))
      for (const name of variantsOf(field)) delete (records[name] as JsonObject)['apiAlias'];
}

const SCALARS = new Set([...FORM_MEMBERS, 'integer', 'number', 'boolean']);

/**
 * Whether a query parameter of `type` has a form-style spelling (SVC235): a record's fields go as
 * names of their own, so none may be named like a parameter or like a field another form-style
 * record sends (`taken`, which a form-style record adds its fields to).
 */
function formWritable(type: JsonObject, names: readonly string[], records: JsonObject, taken: Set<string>): boolean {
  if (type['type'] === 'map') return false;
  if (type['type'] !== 'record') return true;
  const record = records[type['record'] as string] as { fields: Record<string, JsonObject> };
  // An open record's other members have no names to keep apart from the parameters'.
  if ('additionalFields' in record) return false;
  const fields = record.fields;
  const writable = Object.entries(fields).every(
    ([name, field]) => SCALARS.has(field['type'] as string) && !names.includes(name) && !taken.has(name),
  );
  if (writable) for (const name of Object.keys(fields)) taken.add(name);
  return writable;
}

/** A form body needs every member of the body record to be text (SVC217); it omits id and relations. */
function formable(fields: Record<string, JsonObject>): boolean {
  return Object.entries(fields).every(
    ([name, field]) =>
      name === 'id' ||
      field['relation'] !== undefined ||
      (FORM_MEMBERS.has(field['type'] as string) && field['nullable'] !== true),
  );
}

interface RouteContext {
  readonly index: number;
  /** The route's version segment (one of the interface's versions), if it has one. */
  readonly version: string | undefined;
  readonly record: string;
  readonly formable: boolean;
  readonly scheme: AuthKind | undefined;
  readonly count: number;
  readonly records: JsonObject;
  readonly style: ApiModel['style'];
}

function paramsOf(params: readonly ParamModel[], ctx: RouteContext): JsonObject | undefined {
  const result: JsonObject = {};
  const taken = new Set<string>();
  for (const param of params) {
    const type = typeOf(param.type, ctx.count, ctx.count);
    // Form style writes a record's fields as names of their own (SVC235): scalars only, and none
    // named like another parameter or another form-style record's field.
    const names = params.map((other) => other.name);
    const style = param.style === 'form' && !formWritable(type, names, ctx.records, taken) ? 'deepObject' : param.style;
    result[param.name] = {
      ...type,
      ...(param.required ? { required: true } : {}),
      ...(style === 'form' ? {} : { style }),
    };
  }
  return params.length > 0 ? result : undefined;
}

function routeOf(route: RouteModel, ctx: RouteContext): JsonObject {
  const base = `/r${ctx.index}`;
  const one = { type: 'record', record: ctx.record };
  const omit = ['id', ...relationNames(ctx.records[ctx.record] as JsonObject)];
  const idParam = {
    id: route.stringPathParam ? { type: 'string' } : { type: 'integer' },
    ...(route.idSegment.second ? { [route.idSegment.second.name]: route.idSegment.second.type } : {}),
  };
  const itemPath = `${base}/${route.idSegment.template}`;
  const common: JsonObject = {
    ...(ctx.version ? { version: ctx.version } : {}),
    ...(ctx.scheme ? { auth: schemeName(ctx.scheme) } : {}),
    ...(ctx.scheme && AUTH_KINDS[ctx.scheme].scoped && route.scopes.length > 0 ? { scopes: [...route.scopes] } : {}),
    errors: ctx.scheme ? ['badRequest', 'validation', 'unauthorized', 'forbidden'] : ['badRequest', 'validation'],
  };
  const query = paramsOf(route.query, ctx);
  const headers = paramsOf(route.headers, ctx);
  const cookies = paramsOf(route.cookies, ctx);
  const inputs: JsonObject = {
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
    ...(cookies ? { cookies } : {}),
  };
  const envelope = route.envelopeNone ? { envelope: 'none' } : {};
  const bodyFormats = route.form && ctx.formable ? { bodyFormats: ['form'] } : {};
  switch (route.kind) {
    case 'upload':
    case 'download':
    case 'multipart':
    case 'events': {
      // Without auth: the schemes are driven by the JSON routes, and scripts/fuzz-apis/media.ts sends plain fetches.
      const other = recordName((Number(ctx.record.slice('item'.length)) + 1) % ctx.count);
      return {
        ...(ctx.version ? { version: ctx.version } : {}),
        errors: ['badRequest', 'validation'],
        ...mediaRoute(route.kind, route.media, base, ctx.record, other),
      };
    }
    case 'list': {
      const total = route.total ? { total: true } : {};
      return {
        method: 'GET',
        path: base,
        ...inputs,
        ...common,
        responses: { '200': { ...envelope, ...total, body: { type: 'list', items: one } } },
      };
    }
    case 'get':
      return {
        method: 'GET',
        path: itemPath,
        pathParams: idParam,
        ...inputs,
        ...common,
        responses: { '200': { ...envelope, body: one } },
      };
    case 'create': {
      if (!route.selectable)
        return {
          method: 'POST',
          path: base,
          ...inputs,
          body: { ...one, omit },
          ...bodyFormats,
          ...common,
          responses: { '201': { ...envelope, body: one } },
        };
      const flag = { _response: { type: 'boolean', required: false, default: false } };
      return {
        method: 'POST',
        path: base,
        ...inputs,
        query: { ...(query ?? {}), ...flag },
        body: { ...one, omit },
        ...bodyFormats,
        ...common,
        responses: { '204': {}, '201': { ...envelope, when: '_response', body: one } },
      };
    }
    case 'update':
      return {
        method: 'PATCH',
        path: itemPath,
        pathParams: idParam,
        ...inputs,
        body: { ...one, omit, partial: true },
        ...bodyFormats,
        ...common,
        responses: route.noContent ? { '204': {} } : { '200': { ...envelope, body: one } },
      };
    case 'remove':
      return {
        method: 'DELETE',
        path: itemPath,
        pathParams: idParam,
        ...inputs,
        ...common,
        responses: { '204': {} },
      };
    case 'count':
      return {
        method: 'GET',
        path: `${base}/count`,
        ...inputs,
        ...common,
        responses: { '200': { ...envelope, body: { type: 'integer' } } },
      };
  }
}
