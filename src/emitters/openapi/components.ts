// What goes under components/: one schema per record a document reaches (by $ref, built once,
// so records may refer to themselves), the fixed envelope and error schemas, and the error
// responses and examples routes share, each created only when something uses it. Names are
// unique within their section: a clash gets a qualifier (e.g. the owning module) in front.
import { pascalCase } from '../../ir/names.js';
import type { Ir, ModuleIr, RecordIr, RecordKey } from '../../ir/types.js';
import { sortedObject, type ExampleObject, type ReferenceObject, type ResponseObject, type SchemaObject } from './types.js';

/** Which way a value travels: read from responses, or written in requests and parameters. */
export type Direction = 'read' | 'write';

export interface ComponentName {
  /** What the component stands for; asking again for the same owner returns the same $ref. */
  readonly owner: string;
  readonly preferred: string;
  /** Put in front of the preferred name when another component already has it. */
  readonly qualifier?: string;
}

export class Section<T> {
  private readonly entries = new Map<string, T>();
  private readonly byOwner = new Map<string, string>();

  constructor(
    private readonly prefix: string,
    private readonly placeholder: () => T,
  ) {}

  /** A $ref to the named component, built on first use. */
  define(name: ComponentName, build: () => T): ReferenceObject {
    let unique = this.byOwner.get(name.owner);
    if (unique === undefined) {
      unique = this.uniqueName(name);
      this.byOwner.set(name.owner, unique);
      // Registered before it is built, so a record that contains itself finds its own name.
      this.entries.set(unique, this.placeholder());
      this.entries.set(unique, build());
    }
    return { $ref: `${this.prefix}${unique}` };
  }

  get size(): number {
    return this.entries.size;
  }

  toObject(): Record<string, T> {
    return sortedObject(this.entries);
  }

  private uniqueName({ preferred, qualifier }: ComponentName): string {
    if (!this.entries.has(preferred)) return preferred;
    const qualified = qualifier ? `${pascalCase(qualifier)}${preferred}` : preferred;
    let name = qualified;
    for (let index = 2; this.entries.has(name); index += 1) name = `${qualified}${index}`;
    return name;
  }
}

export class Components {
  readonly schemas = new Section<SchemaObject>('#/components/schemas/', () => ({}));
  readonly responses = new Section<ResponseObject>('#/components/responses/', () => ({ description: '' }));
  readonly examples = new Section<ExampleObject>('#/components/examples/', () => ({}));

  constructor(
    readonly ir: Ir,
    readonly module: ModuleIr,
  ) {}

  record(key: RecordKey): RecordIr {
    const record = this.ir.records.get(key);
    if (!record) throw new Error(`openapi: unknown record ${key} (the IR builder resolves every reference)`);
    return record;
  }
}
