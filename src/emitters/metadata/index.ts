// The `metadata` emitter: per interface, the typed tables (interface, records, routes) that the
// runtime's one server and one client read, instead of logic repeated per record or route. Each
// record's and each route's row is a part, printed from its table entry (plain data).
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr } from '../../ir/types.js';
import { interfaceModules, moduleParts, type Emitter } from '../contract.js';
import { part, type PartedFile } from '../parts.js';
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
  type MemberText,
  type TopLevel,
  type TypeNode,
} from '../shared/code/ast.js';
import { printFile, objectMemberText } from '../shared/code/print-file.js';
import { runtimeImports } from '../shared/imports.js';
import { buildInterfaceMeta, buildRouteMeta } from './build-meta.js';

/** Typed tables of each interface's records, routes, auth schemes and errors. */
export const metadataEmitter: Emitter = ({ ir }) => interfaceModules(ir).map(emitMetadata);

function emitMetadata(module: ModuleIr): PartedFile<MemberText> {
  const interfaceMeta = buildInterfaceMeta(module);
  const parts = [
    // Records are rows of the interface table's `records` member: two bodies deep.
    ...Object.entries(interfaceMeta.records as object).map(([name, value]) =>
      part('metadata/record', name, { name, value }, printRow(2)),
    ),
    ...module.routes.map((route) =>
      part('metadata/route', route.name, { name: route.name, value: buildRouteMeta(module, route) }, printRow(1)),
    ),
  ];
  return moduleParts(module, 'metadata', parts, (rows) => {
    const recordRows = rows.slice(0, parts.length - module.routes.length);
    const routeRows = rows.slice(recordRows.length);
    return printFile(metadataStatements(module, interfaceMeta, recordRows, routeRows));
  });
}

/** The file's imports and its two tables, the rows of both printed already. */
function metadataStatements(
  module: ModuleIr,
  interfaceMeta: ReturnType<typeof buildInterfaceMeta>,
  recordRows: readonly MemberText[],
  routeRows: readonly MemberText[],
): TopLevel[] {
  const members = Object.entries(interfaceMeta).map(([key, value]) =>
    property(key, key === 'records' ? object(recordRows, { expanded: true }) : jsonValue(value, { expanded: true })),
  );
  /** `const name = value as const satisfies type`. */
  const table = (name: string, value: Expr, type: TypeNode): Declaration => ({
    kind: 'const',
    name,
    value: satisfies(asConst(value), type),
  });
  const routesType = typeRef('Record', [typeRef('string'), typeRef('RouteMeta')]);
  return [
    ...runtimeImports([{ module: 'core/interface-meta', names: ['type InterfaceMeta', 'type RouteMeta'] }]),
    exported(
      table(symbols.meta(module.name), object(members, { expanded: true }), typeRef('InterfaceMeta')),
      `${module.interface?.title ?? module.name}: base path, style, error catalog, auth schemes and records.`,
    ),
    exported(
      table(symbols.routes(module.name), object(routeRows, { expanded: true }), routesType),
      'Every route by name: method, paths, auth, parameters, body and responses.',
    ),
  ];
}

/** `name: { … }`, a row of a table `depth` bodies deep. */
const printRow =
  (depth: number) =>
  ({ name, value }: { name: string; value: unknown }): MemberText =>
    objectMemberText(property(name, jsonValue(value, { expanded: true })), depth);
