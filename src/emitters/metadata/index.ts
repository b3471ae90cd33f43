// The `metadata` emitter: per interface, the typed tables (interface, records, routes) that the
// runtime's one server and one client read, instead of logic repeated per record or route.
import { camelCase } from '../../ir/names.js';
import type { ModuleIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { asConst, exported, jsonValue, object, property, satisfies, typeRef, type Expr, type TopLevel, type TypeNode } from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { objectPiece, pieceRef, printWithPieces, type Piece } from '../shared/code/print-pieces.js';
import { buildInterfaceMeta, buildRouteMeta } from './build-meta.js';

export const metadataEmitter: Emitter = {
  name: 'metadata',
  description: 'typed tables of each interface\'s records, routes, auth schemes and errors',
  emit: ({ ir }) => interfaceModules(ir).map(emitMetadata),
};

export function metaNames(module: ModuleIr): { meta: string; routes: string } {
  const base = camelCase(module.name).replace(/_$/, '');
  return { meta: `${base}Meta`, routes: `${base}Routes` };
}

type Json = Record<string, unknown>;

function emitMetadata(module: ModuleIr): GeneratedFile {
  const names = metaNames(module);
  const routes = Object.fromEntries(module.routes.map((route) => [route.name, buildRouteMeta(module, route)]));
  const table = (value: Expr, type: TypeNode) => satisfies(asConst(value), type);
  // One piece per route and per record: the long tables are laid out entry by entry.
  const metaPieces: Piece[] = [];
  const meta = Object.entries(buildInterfaceMeta(module)).map(([key, value]) =>
    property(key, key === 'records' ? pieceTable('metadata/record', value as Json, metaPieces) : jsonValue(value, { expanded: true })),
  );
  const routePieces: Piece[] = [];
  const statements: (TopLevel | string)[] = [
    { declaration: { kind: 'import', typeOnly: true, from: '../runtime/interface-meta.js', names: ['InterfaceMeta', 'RouteMeta'] } },
    printWithPieces(
      exported(
        { kind: 'const', name: names.meta, value: table(object(meta, { expanded: true }), typeRef('InterfaceMeta')) },
        `${module.interface?.title ?? module.name}: base path, style, error catalog, auth schemes and records.`,
      ),
      metaPieces,
    ),
    printWithPieces(
      exported(
        { kind: 'const', name: names.routes, value: table(pieceTable('metadata/route', routes, routePieces), typeRef('Record', [typeRef('string'), typeRef('RouteMeta')])) },
        'Every route by name: method, paths, auth, parameters, body and responses.',
      ),
      routePieces,
    ),
  ];
  return { path: `${module.name}/metadata.ts`, content: printFile(statements), source: module.sourceFile, format: false };
}

/** `jsonValue(entries, { expanded: true })` with each entry a piece (added to `pieces`), remembered by its key and value. */
function pieceTable(kind: string, entries: Json, pieces: Piece[]): Expr {
  const members = Object.entries(entries).map(([key, value]) => pieceRef(pieces.push(objectPiece(kind, key, { key, value }, jsonMember)) - 1));
  return object(members, { expanded: true });
}

function jsonMember({ key, value }: { readonly key: string; readonly value: unknown }) {
  return property(key, jsonValue(value, { expanded: true }));
}
