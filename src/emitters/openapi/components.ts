// What goes under components/: one schema per record a document reaches (by $ref, so records may
// refer to themselves), the fixed envelope and error schemas, and the error responses and
// examples routes share, each created only when something uses it.
//
// Asking for a component only notes the call and returns a $ref that names it by owner (a
// ComponentRef); the document builds each component when it first meets a call for it, walking
// operations in order and each component's own calls depth-first (document-names.ts). That is
// the order in which one registry building on first use would build and name them, so names and
// contents are the same; and an operation can be built and remembered apart from the others.
//
// Operations and components are printed as JSON text with holes where a $ref names a component,
// with the calls for components they made: what the document is assembled from, and what is
// remembered between runs (route by route, component by component).
import type { RecordIr, RecordKey } from '../../ir/types.js';
import { jsonParts } from '../shared/json.js';
import type { ExampleObject, ReferenceObject, ResponseObject, SchemaObject } from './types.js';

/** Which way a value travels: read from responses, or written in requests and parameters. */
export type Direction = 'read' | 'write';

/** What each section of components/ holds. */
interface SectionValues {
  readonly schemas: SchemaObject;
  readonly responses: ResponseObject;
  readonly examples: ExampleObject;
}

export type SectionName = keyof SectionValues;

export interface ComponentName {
  /** What the component stands for; asking again for the same owner returns the same $ref. */
  readonly owner: string;
  readonly preferred: string;
  /** Put in front of the preferred name when another component already has it. */
  readonly qualifier?: string;
}

/** Indent of an operation in paths/<path>/<method>, and of a component in components/<section>/<name>. */
export const OPERATION_INDENT = 6;
export const COMPONENT_INDENT = 6;

/** Printed text split by holes: [text, hole, text, …, text]; a hole is "<section> <owner>". */
export type JsonParts = readonly string[];

/** A call for a component as remembered: what its name is made from. */
export type ComponentRequest = readonly [
  section: SectionName,
  owner: string,
  preferred: string,
  qualifier: string | null,
];

/** An operation or a component printed, with its calls for components in order: what is remembered. */
export type Printed = { readonly text: JsonParts; readonly calls: readonly ComponentRequest[] };

/** A call as the document walks it; `build` (its component, printed) where its caller was built in this run. */
export interface Call {
  readonly request: ComponentRequest;
  readonly build?: () => Built;
}

/** Something printed, with its calls as the document walks them. */
export interface Built {
  readonly printed: Printed;
  readonly calls: readonly Call[];
}

/** Stands in a $ref (and a discriminator mapping) until the document has named the component. */
class ComponentRef {
  constructor(readonly hole: string) {}
}

/** A call made in this run: how its caller would build the component. */
interface LiveCall {
  readonly request: ComponentRequest;
  readonly build: () => object;
}

export class Components {
  /** The calls of the operation, then of each component being built (innermost last). */
  private readonly calls: LiveCall[][] = [[]];
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

  /** A $ref to the component; it is built when the document first meets this call. */
  define<S extends SectionName>(section: S, name: ComponentName, build: () => SectionValues[S]): ReferenceObject {
    const calls = this.calls.at(-1) as LiveCall[];
    // Only a caller's first call for a component can build it.
    if (!calls.some(({ request }) => request[0] === section && request[1] === name.owner))
      calls.push({ request: [section, name.owner, name.preferred, name.qualifier ?? null], build });
    // The ref is typed as the string it becomes once the document has named the component.
    return { $ref: new ComponentRef(`${section} ${name.owner}`) as unknown as string };
  }

  /** The calls made outside any component's build (by the operation), in order. */
  operationCalls(): readonly Call[] {
    return this.live(this.calls[0] as LiveCall[]);
  }

  /** Prints the operation (an OperationObject or, in tests, any object) built with these components. */
  printOperation(operation: object): Built {
    return this.print(operation, OPERATION_INDENT, this.calls[0] as LiveCall[]);
  }

  private print(value: object, indent: number, calls: readonly LiveCall[]): Built {
    const text = jsonParts(value, indent, (part) => (part instanceof ComponentRef ? part.hole : undefined));
    return { printed: { text, calls: calls.map(({ request }) => request) }, calls: this.live(calls) };
  }

  private live(calls: readonly LiveCall[]): Call[] {
    return calls.map((call) => ({ request: call.request, build: () => this.build(call) }));
  }

  /** Builds and prints a component, noting the calls its build makes. */
  private build(call: LiveCall): Built {
    const calls: LiveCall[] = [];
    this.calls.push(calls);
    try {
      return this.print(call.build(), COMPONENT_INDENT, calls);
    } finally {
      this.calls.pop();
    }
  }
}
