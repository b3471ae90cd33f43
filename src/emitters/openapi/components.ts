// What goes under components/: one schema per record a document reaches (by $ref, so records may
// refer to themselves), the fixed envelope and error schemas, and the error responses and
// examples routes share, each created only when something uses it.
//
// Asking for a component only notes the call and returns a $ref that names it by owner (a
// ComponentRef); the document builds each component when it first meets a call for it, walking
// operations in order and each component's own calls depth-first (document-names.ts). That is
// the order in which one registry building on first use would build and name them, so names and
// contents are the same; and an operation can be built and remembered apart from the others.
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

/** Stands in a $ref (and a discriminator mapping) until the document has named the component. */
export class ComponentRef {
  constructor(
    readonly section: SectionName,
    readonly owner: string,
  ) {}
}

/** A call for a component: its name, and how this caller would build it. */
export interface ComponentCall {
  readonly section: SectionName;
  readonly name: ComponentName;
  readonly build: () => object;
}

export class Section<T extends object> {
  constructor(
    readonly name: SectionName,
    private readonly calls: ComponentCall[][],
  ) {}

  /** A $ref to the component; it is built when the document first meets this call. */
  define(name: ComponentName, build: () => T): ReferenceObject {
    const calls = this.calls.at(-1);
    // Only a caller's first call for a component can build it.
    if (calls && !calls.some((call) => call.name.owner === name.owner && call.section === this.name))
      calls.push({ section: this.name, name, build });
    // The ref is typed as the string it becomes once the document has named the component.
    return { $ref: new ComponentRef(this.name, name.owner) as unknown as string };
  }
}

export class Components {
  /** The calls of the operation, then of each component being built (innermost last). */
  private readonly calls: ComponentCall[][] = [[]];
  readonly schemas = new Section<SchemaObject>('schemas', this.calls);
  readonly responses = new Section<ResponseObject>('responses', this.calls);
  readonly examples = new Section<ExampleObject>('examples', this.calls);
  private readonly records: ReadonlyMap<RecordKey, RecordIr>;
  private readonly resourceTypes: ReadonlyMap<RecordKey, string>;

  /** `records`: every record the operation reaches; `resourceTypes`: those of further records it only names. */
  constructor(records: Iterable<RecordIr>, resourceTypes: Iterable<readonly [RecordKey, string]> = []) {
    this.records = new Map([...records].map((record) => [record.key, record]));
    this.resourceTypes = new Map(resourceTypes);
  }

  record(key: RecordKey): RecordIr {
    const record = this.records.get(key);
    if (!record) throw new Error(`openapi: record ${key} is not among those the operation reaches`);
    return record;
  }

  resourceType(key: RecordKey): string {
    const type = this.records.get(key)?.resourceType ?? this.resourceTypes.get(key);
    if (type === undefined) throw new Error(`openapi: record ${key} is not among those the operation names`);
    return type;
  }

  /** The calls made outside any component's build (by the operation), in order. */
  operationCalls(): readonly ComponentCall[] {
    return this.calls[0] as ComponentCall[];
  }

  /** Builds a component: its value, and the calls its build made, in order. */
  build(call: ComponentCall): { value: object; calls: readonly ComponentCall[] } {
    const calls: ComponentCall[] = [];
    this.calls.push(calls);
    try {
      return { value: call.build(), calls };
    } finally {
      this.calls.pop();
    }
  }
}
