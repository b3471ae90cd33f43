// Collects what one generated file needs from other modules (records, runtime modules), as sorted imports.
import { compareCodePoints } from '../../ir/names.js';
import { recordModule } from '../../ir/symbols.js';
import type { RecordKey, TypeIr } from '../../ir/types.js';
import type { TopLevel } from './code/ast.js';

/** Every record a type mentions, at any depth. */
export function referencedRecords(type: TypeIr, into: Set<RecordKey> = new Set()): Set<RecordKey> {
  switch (type.kind) {
    case 'record':
      into.add(type.record);
      break;
    case 'list':
      referencedRecords(type.items, into);
      break;
    case 'map':
      referencedRecords(type.values, into);
      break;
    default:
      break;
  }
  return into;
}

/** One import per other module, naming what this file uses from it. */
export function crossModuleImports(options: {
  readonly fromModule: string;
  readonly records: Iterable<RecordKey>;
  readonly file: string;
  readonly nameOf: (key: RecordKey) => string;
  readonly typeOnly: boolean;
}): TopLevel[] {
  const byModule = new Map<string, Set<string>>();
  for (const key of options.records) {
    const module = recordModule(key);
    if (module === options.fromModule) continue;
    const names = byModule.get(module) ?? new Set<string>();
    names.add(options.nameOf(key));
    byModule.set(module, names);
  }
  return [...byModule.keys()].sort(compareCodePoints).map((module) => ({
    declaration: {
      kind: 'import',
      typeOnly: options.typeOnly,
      from: `../${module}/${options.file}.js`,
      names: [...(byModule.get(module) ?? [])].sort(compareCodePoints),
    },
  }));
}

/**
 * The imports of a generated server or client from the runtime: one per module, its values then its
 * types ("type X"), each sorted, type-only where every name is a type; the modules sorted by path.
 */
export function runtimeImports(wanted: readonly { module: string; names: readonly string[] }[]): TopLevel[] {
  const byPath = new Map<string, Set<string>>();
  for (const { module, names } of wanted) {
    const path = `../runtime/${module}.js`;
    byPath.set(path, new Set([...(byPath.get(path) ?? []), ...names]));
  }
  return [...byPath.keys()].sort(compareCodePoints).map((path) => {
    const names = [...(byPath.get(path) ?? [])];
    const values = names.filter((name) => !name.startsWith('type ')).sort(compareCodePoints);
    const types = names.filter((name) => name.startsWith('type ')).sort(compareCodePoints);
    if (values.length > 0) return { declaration: { kind: 'import', from: path, names: [...values, ...types] } };
    return { declaration: { kind: 'import', typeOnly: true, from: path, names: types.map((name) => name.slice(5)) } };
  });
}
