// Collects what one generated file needs from other modules (records, runtime modules), as sorted imports.
import { compareCodePoints } from '../../ir/names.js';
import { requestParameters } from '../../ir/route-parameters.js';
import { recordModule, symbols } from '../../ir/symbols.js';
import type { ListType, MapType, ModuleIr, RecordKey, RouteIr, TypeIr } from '../../ir/types.js';
import type { TopLevel } from './code/ast.js';

/** The type inside any lists and maps: what a list's items or a map's values are, at any depth. */
export function innermost(type: TypeIr): Exclude<TypeIr, ListType | MapType> {
  return type.kind === 'list' ? innermost(type.items) : type.kind === 'map' ? innermost(type.values) : type;
}

/** Every record a type mentions, at any depth. */
export function referencedRecords(type: TypeIr, into: Set<RecordKey> = new Set()): Set<RecordKey> {
  const inner = innermost(type);
  if (inner.kind === 'record') into.add(inner.record);
  if (inner.kind === 'union') for (const variant of inner.variants) referencedRecords(variant, into);
  return into;
}

/** The types inside a type where a record may be named: itself, or each variant of a union (at any depth). */
export function recordSites(type: TypeIr): TypeIr[] {
  const inner = innermost(type);
  return inner.kind === 'union' ? inner.variants.flatMap(recordSites) : [inner];
}

/** Every type a route's parameters, body and responses are made of, in that order. */
export function typesOfRoute(route: RouteIr): TypeIr[] {
  return [
    ...requestParameters(route).map((param) => param.type),
    ...(route.body ? [route.body] : []),
    ...route.responses.flatMap((response) => response.body ?? []),
    ...route.responses.flatMap((response) => response.events?.events.map((event) => event.type) ?? []),
  ];
}

/**
 * The records and named types a types.ts names, at any depth: a named type is named, not looked into
 * (its own module's types.ts declares what it is made of).
 */
export function namedInTypes(type: TypeIr, into: Set<string> = new Set()): Set<string> {
  if (type.named !== undefined) into.add(`type:${type.named}`);
  else if (type.kind === 'list') namedInTypes(type.items, into);
  else if (type.kind === 'map') namedInTypes(type.values, into);
  else if (type.kind === 'record') into.add(`record:${type.record}`);
  else if (type.kind === 'union') for (const variant of type.variants) namedInTypes(variant, into);
  return into;
}

/** What a module's types.ts and schemas.ts import from the same file of another module: its records' names. */
const RECORD_FILES = {
  // types.ts names named types; schemas.ts spells each one out where it is used (zod schemas are values,
  // and a value spelled out needs no order of declaration across files).
  types: {
    typeOnly: true,
    collect: namedInTypes,
    nameOf: (found: string) =>
      found.startsWith('type:') ? symbols.namedType(found.slice(5)) : symbols.recordType(found.slice(7)),
  },
  schemas: {
    typeOnly: false,
    collect: (type: TypeIr, into: Set<string>) => referencedRecords(type, into),
    nameOf: symbols.recordSchema,
  },
} as const;

const keyOf = (found: string) => found.replace(/^(type|record):/, '');

/** One import per other module, naming the records (and named types) that the module's `file` refers to. */
export function recordImports(module: ModuleIr, file: keyof typeof RECORD_FILES): TopLevel[] {
  const { nameOf, typeOnly, collect } = RECORD_FILES[file];
  const keys = new Set<string>();
  for (const record of module.records) {
    for (const field of record.fields) collect(field.type, keys);
    if (record.additionalFields) collect(record.additionalFields, keys);
  }
  for (const named of module.types) collect({ ...named.type, nullable: false }, keys);
  for (const type of module.routes.flatMap(typesOfRoute)) collect(type, keys);
  const wanted = [...keys]
    .filter((key) => recordModule(keyOf(key)) !== module.name)
    .map((key): [string, string] => [`../${recordModule(keyOf(key))}/${file}.js`, nameOf(key)]);
  return byPath(wanted).map(([from, names]) => ({
    declaration: { kind: 'import', typeOnly, from, names: names.sort(compareCodePoints) },
  }));
}

/**
 * The imports of a generated file from the runtime: one per module, its values then its types
 * ("type X"), each sorted, type-only where every name is a type; the modules sorted by path.
 */
export function runtimeImports(wanted: readonly { module: string; names: readonly string[] }[]): TopLevel[] {
  const paths = wanted.flatMap(({ module, names }) =>
    names.map((name): [string, string] => [`../runtime/${module}.js`, name]),
  );
  return byPath(paths).map(([from, names]) => {
    const values = names.filter((name) => !name.startsWith('type ')).sort(compareCodePoints);
    const types = names.filter((name) => name.startsWith('type ')).sort(compareCodePoints);
    if (values.length > 0) return { declaration: { kind: 'import', from, names: [...values, ...types] } };
    return { declaration: { kind: 'import', typeOnly: true, from, names: types.map((name) => name.slice(5)) } };
  });
}

/** The names wanted from each path, once each, the paths sorted. */
function byPath(wanted: Iterable<readonly [path: string, name: string]>): [path: string, names: string[]][] {
  const names = new Map<string, Set<string>>();
  for (const [path, name] of wanted) names.set(path, (names.get(path) ?? new Set()).add(name));
  return [...names.keys()].sort(compareCodePoints).map((path) => [path, [...(names.get(path) ?? [])]]);
}
