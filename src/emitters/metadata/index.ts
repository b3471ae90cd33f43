// The `metadata` emitter: per interface, the typed tables (interface, records, routes) that the
// runtime's one server and one client read, instead of logic repeated per record or route.
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import {
  asConst,
  exported,
  jsonValue,
  satisfies,
  typeRef,
  type Expr,
  type TopLevel,
  type TypeNode,
} from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { buildInterfaceMeta, buildRouteMeta } from './build-meta.js';

export const metadataEmitter: Emitter = {
  name: 'metadata',
  description: "typed tables of each interface's records, routes, auth schemes and errors",
  emit: ({ ir }) => interfaceModules(ir).map(emitMetadata),
};

function emitMetadata(module: ModuleIr): GeneratedFile {
  const routes = Object.fromEntries(module.routes.map((route) => [route.name, buildRouteMeta(module, route)]));
  const table = (value: Expr, type: TypeNode) => satisfies(asConst(value), type);
  const statements: TopLevel[] = [
    {
      declaration: {
        kind: 'import',
        typeOnly: true,
        from: '../runtime/interface-meta.js',
        names: ['InterfaceMeta', 'RouteMeta'],
      },
    },
    exported(
      {
        kind: 'const',
        name: symbols.meta(module.name),
        value: table(jsonValue(buildInterfaceMeta(module), { expanded: true }), typeRef('InterfaceMeta')),
      },
      `${module.interface?.title ?? module.name}: base path, style, error catalog, auth schemes and records.`,
    ),
    exported(
      {
        kind: 'const',
        name: symbols.routes(module.name),
        value: table(
          jsonValue(routes, { expanded: true }),
          typeRef('Record', [typeRef('string'), typeRef('RouteMeta')]),
        ),
      },
      'Every route by name: method, paths, auth, parameters, body and responses.',
    ),
  ];
  return {
    path: `${module.name}/metadata.ts`,
    content: printFile(statements),
    source: module.sourceFile,
    format: false,
  };
}
