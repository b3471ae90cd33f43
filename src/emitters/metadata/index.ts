// The `metadata` emitter: per interface, the typed tables (interface, records, routes) that the
// runtime's one server and one client read, instead of logic repeated per record or route. Each
// record's and each route's row is printed apart and remembered by its table entry (plain data),
// so a rerun lays out only the rows that changed.
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr } from '../../ir/types.js';
import { interfaceModules, moduleFile, type Emitter, type GeneratedFile } from '../contract.js';
import {
  asConst,
  exported,
  jsonValue,
  object,
  property,
  satisfies,
  typeRef,
  type Declaration,
  type Expr,
  type PrintedMember,
  type TopLevel,
  type TypeNode,
} from '../shared/code/ast.js';
import { printFile, printObjectMemberApart } from '../shared/code/print-file.js';
import { runtimeImports } from '../shared/imports.js';
import { memoRuns } from '../shared/memo-runs.js';
import { buildInterfaceMeta, buildRouteMeta } from './build-meta.js';

export const metadataEmitter: Emitter = {
  name: 'metadata',
  description: "typed tables of each interface's records, routes, auth schemes and errors",
  emit: ({ ir }) => interfaceModules(ir).map(emitMetadata),
};

function emitMetadata(module: ModuleIr): GeneratedFile {
  const interfaceTable = object(
    Object.entries(buildInterfaceMeta(module)).map(([key, value]) =>
      property(
        key,
        // Records are rows of the interface table's `records` member: two bodies deep.
        key === 'records'
          ? object(rows('metadata/records', Object.entries(value as object), 2), { expanded: true })
          : jsonValue(value, { expanded: true }),
      ),
    ),
    { expanded: true },
  );
  const routes = rows(
    'metadata/routes',
    module.routes.map((route) => [route.name, buildRouteMeta(module, route)]),
    1,
  );
  /** `const name = value as const satisfies type`. */
  const table = (name: string, value: Expr, type: TypeNode): Declaration => ({
    kind: 'const',
    name,
    value: satisfies(asConst(value), type),
  });
  const routesType = typeRef('Record', [typeRef('string'), typeRef('RouteMeta')]);
  const statements: TopLevel[] = [
    ...runtimeImports([{ module: 'interface-meta', names: ['type InterfaceMeta', 'type RouteMeta'] }]),
    exported(
      table(symbols.meta(module.name), interfaceTable, typeRef('InterfaceMeta')),
      `${module.interface?.title ?? module.name}: base path, style, error catalog, auth schemes and records.`,
    ),
    exported(
      table(symbols.routes(module.name), object(routes, { expanded: true }), routesType),
      'Every route by name: method, paths, auth, parameters, body and responses.',
    ),
  ];
  return moduleFile(module, 'metadata', printFile(statements));
}

/** `name: { … }` per entry of a table `depth` bodies deep, remembered in runs by the entries. */
function rows(kind: string, entries: readonly (readonly [string, unknown])[], depth: number): PrintedMember[] {
  return memoRuns(
    kind,
    entries,
    ([name]) => name,
    ([name, value]) => printObjectMemberApart(property(name, jsonValue(value, { expanded: true })), depth),
  );
}
