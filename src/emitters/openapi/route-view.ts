// Exactly what one route's operation is built from: the route, the interface's shared settings
// (style, error style), the catalog errors and the auth scheme it names, the records its types
// reach and the resource types of records they relate to. Parts many routes share (the settings,
// each record) enter a view by their digest, made once per run. Source locations are left out
// (no operation shows them): moving a definition does not rebuild its routes.
import type {
  AuthSchemeIr,
  Documented,
  ErrorIr,
  InterfaceIr,
  Ir,
  ModuleIr,
  RecordIr,
  RecordKey,
  ResponseIr,
  RouteIr,
  SourceLocation,
  TypeIr,
} from '../../ir/types.js';
import { referencedRecords } from '../shared/imports.js';
import { ContentStore, type Digest } from './content-store.js';
import type { OpenApiOptions } from './options.js';

/** The module's settings a route reads. */
export interface RouteSettings {
  readonly module: string;
  readonly interface: InterfaceIr;
  /** The catalog errors the route lists. */
  readonly errors: readonly ErrorIr[];
  /** The route's auth scheme, if any. */
  readonly auth: readonly AuthSchemeIr[];
  /** The renderings the config chose. */
  readonly openapi: OpenApiOptions;
}

export interface RouteView {
  readonly settings: Digest;
  readonly route: RouteIr;
  /** The records it reaches, each by the digest of its content. */
  readonly records: readonly (readonly [RecordKey, Digest])[];
  /** Of records those relate to without reaching them: only the resource type is read. */
  readonly resourceTypes: readonly (readonly [RecordKey, string])[];
}

interface Reach {
  readonly records: ReadonlyMap<RecordKey, Digest>;
  readonly related: ReadonlySet<RecordKey>;
}

/** The views of one module's routes, and the settings and records their digests name. */
export class RouteViews {
  readonly settings = new ContentStore<RouteSettings>();
  readonly records = new ContentStore<RecordIr>();
  private readonly settingsBySelection = new Map<string, Digest>();
  private readonly reachByRecord = new Map<RecordKey, Reach>();
  private readonly recordDigests = new Map<RecordKey, Digest>();

  constructor(
    private readonly ir: Ir,
    private readonly module: ModuleIr,
    private readonly options: OpenApiOptions,
  ) {}

  view(route: RouteIr): RouteView {
    const records = new Map<RecordKey, Digest>();
    const related = new Set<RecordKey>();
    const types = [...route.pathParams, ...route.query, ...route.headers].map((param) => param.type);
    types.push(
      ...route.responses.flatMap((response) => [
        ...(response.body ? [response.body] : []),
        ...response.headers.map((header) => header.type),
      ]),
    );
    if (route.body) types.push(route.body);
    for (const key of new Set(types.flatMap((type) => [...referencedRecords(type)]))) {
      const reach = this.reach(key);
      for (const [reached, digest] of reach.records) records.set(reached, digest);
      for (const relation of reach.related) related.add(relation);
    }
    return {
      settings: this.settingsOf(route),
      route: unplacedRoute(route),
      records: [...records],
      resourceTypes: [...related].filter((key) => !records.has(key)).map((key) => [key, this.record(key).resourceType]),
    };
  }

  private settingsOf(route: RouteIr): Digest {
    // Scheme and error names are identifiers (letters, digits, _ and -): a space separates them.
    const selection = `${route.auth ?? ''} ${route.errors.join(' ')}`;
    let digest = this.settingsBySelection.get(selection);
    if (digest === undefined) {
      const { module } = this;
      const scheme = module.auth.find((candidate) => candidate.name === route.auth);
      digest = this.settings.put({
        module: module.name,
        interface: unplaced(module.interface as InterfaceIr),
        errors: module.errors.filter((error) => route.errors.includes(error.name)).map(unplaced),
        auth: scheme ? [unplacedScheme(scheme)] : [],
        openapi: this.options,
      });
      this.settingsBySelection.set(selection, digest);
    }
    return digest;
  }

  /** Every record a record reaches through its fields' types (itself first), and those its relations name. */
  private reach(key: RecordKey): Reach {
    let reach = this.reachByRecord.get(key);
    if (!reach) {
      const records = new Map<RecordKey, Digest>();
      const related = new Set<RecordKey>();
      const visit = (type: TypeIr): void => {
        for (const next of referencedRecords(type)) {
          if (records.has(next)) continue;
          const record = this.record(next);
          records.set(next, this.recordDigest(record));
          for (const field of record.fields) {
            visit(field.type);
            if (field.relation) related.add(field.relation.record);
          }
        }
      };
      visit({ kind: 'record', record: key, omit: [], pick: [], partial: false, nullable: false, constraints: {} });
      reach = { records, related };
      this.reachByRecord.set(key, reach);
    }
    return reach;
  }

  private recordDigest(record: RecordIr): Digest {
    let digest = this.recordDigests.get(record.key);
    if (digest === undefined) {
      digest = this.records.put(unplacedRecord(record));
      this.recordDigests.set(record.key, digest);
    }
    return digest;
  }

  private record(key: RecordKey): RecordIr {
    const record = this.ir.records.get(key);
    if (!record) throw new Error(`openapi: unknown record ${key} (the IR builder resolves every reference)`);
    return record;
  }
}

/** Stands for every source location in a view. */
const NOWHERE: SourceLocation = { file: '', line: 0, column: 0 };

function unplaced<T extends Documented>(element: T): T {
  return { ...element, location: NOWHERE };
}

function unplacedRecord(record: RecordIr): RecordIr {
  return { ...unplaced(record), fields: record.fields.map(unplaced) };
}

function unplacedScheme(scheme: AuthSchemeIr): AuthSchemeIr {
  return scheme.type === 'oauth2' ? { ...unplaced(scheme), grants: scheme.grants.map(unplaced) } : unplaced(scheme);
}

function unplacedRoute(route: RouteIr): RouteIr {
  const response = (item: ResponseIr): ResponseIr => ({ ...unplaced(item), headers: item.headers.map(unplaced) });
  return {
    ...unplaced(route),
    pathParams: route.pathParams.map(unplaced),
    query: route.query.map(unplaced),
    headers: route.headers.map(unplaced),
    responses: route.responses.map(response),
  };
}
