// What goes under components/: one schema per record a document reaches (by $ref, so records may
// refer to themselves), the fixed envelope and error schemas, and the error responses and
// examples routes share, each created only when something uses it.
//
// The first call for a component names it (unique within its section: a clash gets the
// qualifier, e.g. the owning module, in front, then a number) and builds it before the caller
// goes on. So a component is named before those it calls for (depth first), and the names follow
// the order of the operations: the same definitions always give the same names.
import { pascalCase } from '../../ir/names.js';
import type { RecordIr, RecordKey } from '../../ir/types.js';
import {
  sortedObject,
  type ExampleObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from './types.js';

/** Which way a value travels: read from responses, or written in requests and parameters. */
export type Direction = 'read' | 'write';

type SectionName = 'schemas' | 'responses' | 'examples';

interface ComponentName {
  /** What the component stands for; asking again for the same owner returns the same $ref. */
  readonly owner: string;
  readonly preferred: string;
  /** Put in front of the preferred name when another component already has it. */
  readonly qualifier?: string;
}

class Section<T extends object> {
  private readonly byOwner = new Map<string, string>();
  private readonly byName = new Map<string, T>();

  constructor(readonly name: SectionName) {}

  /** A $ref to the component, built now if this is the first call for its owner. */
  define(name: ComponentName, build: () => T): ReferenceObject {
    let named = this.byOwner.get(name.owner);
    if (named === undefined) {
      named = this.uniqueName(name.preferred, name.qualifier);
      // Named before it is built: a record that refers to itself gets the $ref being built.
      this.byOwner.set(name.owner, named);
      this.byName.set(named, {} as T);
      this.byName.set(named, build());
    }
    return { $ref: `#/components/${this.name}/${named}` };
  }

  get size(): number {
    return this.byName.size;
  }

  /** The components by name, in code-point order of the names. */
  object(): Record<string, T> {
    return sortedObject(this.byName);
  }

  private uniqueName(preferred: string, qualifier: string | undefined): string {
    if (!this.byName.has(preferred)) return preferred;
    const qualified = qualifier ? `${pascalCase(qualifier)}${preferred}` : preferred;
    let name = qualified;
    for (let index = 2; this.byName.has(name); index += 1) name = `${qualified}${index}`;
    return name;
  }
}

/** The components of one document, and the records its types may reach. */
export class Components {
  readonly schemas = new Section<SchemaObject>('schemas');
  readonly responses = new Section<ResponseObject>('responses');
  readonly examples = new Section<ExampleObject>('examples');

  constructor(private readonly records: ReadonlyMap<RecordKey, RecordIr>) {}

  record(key: RecordKey): RecordIr {
    const record = this.records.get(key);
    if (!record) throw new Error(`openapi: unknown record ${key} (the IR builder resolves every reference)`);
    return record;
  }

  resourceType(key: RecordKey): string {
    return this.record(key).resourceType;
  }
}
