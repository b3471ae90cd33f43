// Collects the records one generated file needs from other modules, as sorted imports.
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
