// What goes under components/: one schema per record a document reaches (by $ref, so records may
// refer to themselves), the fixed envelope and error schemas, and the error responses and
// examples routes share, each created only when something uses it.
//
// One registry per document. The first call for an owner names the component (unique within its
// section: a clash gets the qualifier, e.g. the owning module, in front, then a number) and builds
// it at once, so the names follow the order in which the operations, and the components they build,
// first call for them. Asking again for the same owner returns the same $ref.
import { compareCodePoints, pascalCase } from '../../ir/names.js';
import type { RecordIr, RecordKey } from '../../ir/types.js';
import type { ExampleObject, ReferenceObject, ResponseObject, SchemaObject } from './types.js';

/** Which way a value travels: read from responses, or written in requests and parameters. */
export type Direction = 'read' | 'write';

export type SectionName = 'schemas' | 'responses' | 'examples';

export interface ComponentName {
  /** What the component stands for; asking again for the same owner returns the same $ref. */
  readonly owner: string;
  readonly preferred: string;
  /** Put in front of the preferred name when another component already has it. */
  readonly qualifier?: string;
}

export class Section<T extends object> {
  private readonly byOwner = new Map<string, string>();
  private readonly byName = new Map<string, T | undefined>();

  constructor(readonly name: SectionName) {}

  /** A $ref to the component, built now if this is the first call for its owner. */
  define(name: ComponentName, build: () => T): ReferenceObject {
    let named = this.byOwner.get(name.owner);
    if (named === undefined) {
      // Named before it is built, so the components it calls for come after it (and it may refer to itself).
      named = this.uniqueName(name.preferred, name.qualifier);
      this.byOwner.set(name.owner, named);
      this.byName.set(named, undefined);
      this.byName.set(named, build());
    }
    return { $ref: `#/components/${this.name}/${named}` };
  }

  get size(): number {
    return this.byName.size;
  }

  /** The components by name, in code-point order of the names. */
  entries(): [string, T][] {
    return [...this.byName].sort(([a], [b]) => compareCodePoints(a, b)) as [string, T][];
  }

  private uniqueName(preferred: string, qualifier: string | undefined): string {
    if (!this.byName.has(preferred)) return preferred;
    const qualified = qualifier ? `${pascalCase(qualifier)}${preferred}` : preferred;
    let name = qualified;
    for (let index = 2; this.byName.has(name); index += 1) name = `${qualified}${index}`;
    return name;
  }
}

export class Components {
  readonly schemas = new Section<SchemaObject>('schemas');
  readonly responses = new Section<ResponseObject>('responses');
  readonly examples = new Section<ExampleObject>('examples');
  private readonly records: ReadonlyMap<RecordKey, RecordIr>;

  /** `records`: every record the document may reach. */
  constructor(records: Iterable<RecordIr>) {
    this.records = new Map([...records].map((record) => [record.key, record]));
  }

  record(key: RecordKey): RecordIr {
    const record = this.records.get(key);
    if (!record) throw new Error(`openapi: record ${key} is unknown`);
    return record;
  }

  resourceType(key: RecordKey): string {
    return this.record(key).resourceType;
  }
}
