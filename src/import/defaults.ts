// Defaults judged by svcgen's own rule (SVC207, src/ir/values.ts): a default import writes is one `generate` takes,
// and every one it takes is kept, whatever its type (a record, a list, a union, a date-time).
import type { RecordDefinition, TypeDefinition } from '../definitions/schema.js';
import { parseDefinitionText } from '../definitions/load.js';
import { buildType } from '../ir/build-type.js';
import { buildRecord } from '../ir/build-records.js';
import { FileContext } from '../ir/context.js';
import type { RecordIr } from '../ir/types.js';
import { valueProblem } from '../ir/values.js';

const MODULE = 'import';
const EMPTY_FILE = parseDefinitionText('import.yaml', new TextEncoder().encode('{}\n')).file!;

/**
 * Why svcgen would refuse the value as the type's default, or undefined when it takes it. `records` are the records
 * imported so far: a record still in the making has no fields yet, so a default naming its members is refused.
 */
export function defaultProblem(
  value: unknown,
  type: TypeDefinition,
  records: ReadonlyMap<string, RecordDefinition>,
): string | undefined {
  const context = new FileContext(
    EMPTY_FILE,
    MODULE,
    new ByKey(records, (record) => new Set(Object.keys(record.fields))),
    [],
    new ByKey(records, (record) => record),
  );
  const built = new ByKey<RecordIr>(records, (record, name) => buildRecord(context, name, record));
  const problem = valueProblem(value, buildType(context, type, []), built, 'default');
  if (problem === undefined) return undefined;
  const at = problem.at.length > 0 ? `${problem.at.join('.')} ` : '';
  return `${at}${problem.reason}`;
}

/** The imported records seen by their IR key (`import.<name>`), each made when first asked for. */
class ByKey<T> extends Map<string, T> {
  constructor(
    private readonly records: ReadonlyMap<string, RecordDefinition>,
    private readonly make: (record: RecordDefinition, name: string) => T,
  ) {
    super();
  }

  override get(key: string): T | undefined {
    if (super.has(key)) return super.get(key);
    const name = key.startsWith(`${MODULE}.`) ? key.slice(MODULE.length + 1) : undefined;
    const record = name === undefined ? undefined : this.records.get(name);
    if (name === undefined || record === undefined) return undefined;
    const made = this.make(record, name);
    this.set(key, made);
    return made;
  }

  override has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}
