// What goes under components/: one schema per record a document reaches (by $ref, so records may
// refer to themselves), the fixed envelope and error schemas, and the error responses and
// examples routes share, each created only when something uses it.
//
// Asking for a component only notes the call and returns a $ref that names it by owner (a
// ComponentRef). Operations and components are printed as JSON text with holes where a $ref
// names a component, with the calls for components they made; the document names every
// component from the whole set of calls (document-names.ts), so no name depends on which
// operation asked first, and each operation and component is printed apart from the others.
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

/** A call for a component: what its name is made from. */
export type ComponentRequest = readonly [
  section: SectionName,
  owner: string,
  preferred: string,
  qualifier: string | null,
];

/** An operation or a component printed, with its calls for components in order. */
export type Printed = { readonly text: JsonParts; readonly calls: readonly ComponentRequest[] };

/** Stands in a $ref (and a discriminator mapping) until the document has named the component. */
class ComponentRef {
  constructor(readonly hole: string) {}
}

/** A call for a component: how its caller would build it. */
interface Call {
  readonly request: ComponentRequest;
  readonly build: () => object;
}

/** A component built and printed, with the calls its build made. */
interface Built {
  readonly printed: Printed;
  readonly calls: readonly Call[];
}

export class Components {
  /** The calls of the operation, then of each component being built (innermost last). */
  private readonly calls: Call[][] = [[]];
  private readonly built = new Map<string, Built>();
  /** Every call made so far, by hole: by the operation, and by each component built. */
  private readonly known = new Map<string, Call>();
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

  /** A $ref to the component; the document names it once it knows every component. */
  define<S extends SectionName>(section: S, name: ComponentName, build: () => SectionValues[S]): ReferenceObject {
    const calls = this.calls.at(-1) as Call[];
    // Only a caller's first call for a component can build it.
    if (!calls.some(({ request }) => request[0] === section && request[1] === name.owner)) {
      const call: Call = { request: [section, name.owner, name.preferred, name.qualifier ?? null], build };
      calls.push(call);
      if (!this.known.has(holeOf(call.request))) this.known.set(holeOf(call.request), call);
    }
    // The ref is typed as the string it becomes once the document has named the component.
    return { $ref: new ComponentRef(`${section} ${name.owner}`) as unknown as string };
  }

  /** Prints the operation (an OperationObject or, in tests, any object) built with these components. */
  printOperation(operation: object): Printed {
    return this.print(operation, OPERATION_INDENT, this.calls[0] as Call[]).printed;
  }

  /** Prints a component the printed operation reaches, through its own calls or those of other components. */
  printComponent(section: SectionName, owner: string): Printed {
    const call = this.known.get(`${section} ${owner}`);
    if (call) return this.build(call).printed;
    const seen = new Set<string>();
    let level = this.calls[0] as readonly Call[];
    while (level.length > 0) {
      const found = level.find(({ request }) => request[0] === section && request[1] === owner);
      if (found) return this.build(found).printed;
      level = level
        .filter(({ request }) => !seen.has(holeOf(request)) && seen.add(holeOf(request)))
        .flatMap((call) => this.build(call).calls);
    }
    throw new Error(`openapi: the operation does not reach ${section} ${owner}`);
  }

  private print(value: object, indent: number, calls: readonly Call[]): Built {
    const text = jsonParts(value, indent, (part) => (part instanceof ComponentRef ? part.hole : undefined));
    return { printed: { text, calls: calls.map(({ request }) => request) }, calls };
  }

  /** Builds and prints a component once, noting the calls its build makes. */
  private build(call: Call): Built {
    const hole = holeOf(call.request);
    const found = this.built.get(hole);
    if (found) return found;
    const calls: Call[] = [];
    this.calls.push(calls);
    try {
      const built = this.print(call.build(), COMPONENT_INDENT, calls);
      this.built.set(hole, built);
      return built;
    } finally {
      this.calls.pop();
    }
  }
}

/** Where a component's $ref stands in printed text: "<section> <owner>". */
export const holeOf = ([section, owner]: ComponentRequest): string => `${section} ${owner}`;
