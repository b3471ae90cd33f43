// The `metadata` emitter: per interface, the typed tables (interface, records, routes) that the
// runtime's one server and one client read, instead of logic repeated per record or route.
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { camelCase } from '../../ir/names.js';
import type { ModuleIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { printStatements } from '../shared/typescript.js';
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

function emitMetadata(module: ModuleIr): GeneratedFile {
  const path = `${module.name}/metadata.ts`;
  const names = metaNames(module);
  const routes = Object.fromEntries(module.routes.map((route) => [route.name, buildRouteMeta(module, route)]));
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../runtime/interface-meta.js', namedImports: ['InterfaceMeta', 'RouteMeta'] },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`${module.interface?.title ?? module.name}: base path, style, error catalog, auth schemes and records.`],
      declarations: [{ name: names.meta, initializer: `${JSON.stringify(buildInterfaceMeta(module), null, 2)} as const satisfies InterfaceMeta` }],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every route by name: method, paths, auth, parameters, body and responses.'],
      declarations: [{ name: names.routes, initializer: `${JSON.stringify(routes, null, 2)} as const satisfies Record<string, RouteMeta>` }],
    },
  ];
  return { path, content: printStatements(path, statements), source: module.sourceFile, format: true };
}
