// Exactly what one route's operation is built from: the route, the interface's shared settings
// (style, error style), the catalog errors and the auth scheme it names, the records its types
// reach and the resource types of records they relate to: the input of the route's part. Source
// locations are left out (no operation shows them): moving a definition does not rebuild its routes.
import type {
  AuthSchemeIr,
  ErrorIr,
  InterfaceIr,
  Ir,
  ModuleIr,
  RecordIr,
  RecordKey,
  RouteIr,
  SourceLocation,
} from '../../ir/types.js';
import { shared } from '../parts.js';
import { referencedRecords, typesOfRoute } from '../shared/imports.js';
import type { OpenApiOptions } from './options.js';
import { routeScheme } from './security.js';

/** The module's settings a route reads. */
export interface RouteSettings {
  readonly module: string;
  readonly interface: InterfaceIr;
  /**
   * The module's whole error catalog: the route's own entries, and those the runtime sends for the route on its own
   * (an `unauthorized` entry the route does not list, say).
   */
  readonly errors: readonly ErrorIr[];
  /** Whether the module records origins: svcgen's default entries are then marked as convention. */
  readonly recordsOrigins: boolean;
  /** The route's auth scheme, if any. */
  readonly auth: readonly AuthSchemeIr[];
  /** The renderings the config chose. */
  readonly openapi: OpenApiOptions;
}

export interface RouteView {
  readonly settings: RouteSettings;
  readonly route: RouteIr;
  /** The records it reaches. */
  readonly records: readonly RecordIr[];
  /** Of records those relate to without reaching them: only the resource type is read. */
  readonly resourceTypes: readonly (readonly [RecordKey, string])[];
}

interface Reach {
  readonly records: ReadonlyMap<RecordKey, RecordIr>;
  readonly related: ReadonlySet<RecordKey>;
}

/** The views of one module's routes (settings and records made once, shared by the views). */
export class RouteViews {
  private readonly settingsBySelection = new Map<string, RouteSettings>();
  private readonly reachByRecord = new Map<RecordKey, Reach>();
  private readonly unplacedRecords = new Map<RecordKey, RecordIr>();

  constructor(
    private readonly ir: Ir,
    private readonly module: ModuleIr,
    private readonly options: OpenApiOptions,
  ) {}

  view(route: RouteIr): RouteView {
    const headers = route.responses.flatMap((response) => response.headers.map((header) => header.type));
    const keys = new Set<RecordKey>();
    for (const type of [...typesOfRoute(route), ...headers]) referencedRecords(type, keys);
    const reaches = [...keys].map((key) => this.reach(key));
    const records = new Map(reaches.flatMap((reach) => [...reach.records]));
    const related = new Set(reaches.flatMap((reach) => [...reach.related]));
    // Shared: the input of the route's part, and of the part that prints the components it calls for first.
    return shared({
      settings: this.settingsOf(route),
      route: unplaced(route),
      records: [...records.values()],
      resourceTypes: [...related].filter((key) => !records.has(key)).map((key) => [key, this.record(key).resourceType]),
    });
  }

  private settingsOf(route: RouteIr): RouteSettings {
    // Scheme names are identifiers (letters, digits, _ and -); every route of a scheme shares its settings.
    return cached(this.settingsBySelection, route.auth ?? '', () => {
      const { module } = this;
      const scheme = routeScheme(module, route);
      return shared({
        module: module.name,
        interface: unplaced(module.interface as InterfaceIr),
        errors: module.errors.map(unplaced),
        recordsOrigins: module.recordsOrigins,
        auth: scheme ? [unplaced(scheme)] : [],
        openapi: this.options,
      });
    });
  }

  /** Every record a record reaches through its fields' types (itself first), and those its relations name. */
  private reach(key: RecordKey): Reach {
    return cached(this.reachByRecord, key, () => {
      const records = new Map<RecordKey, RecordIr>();
      const related = new Set<RecordKey>();
      const visit = (next: RecordKey): void => {
        if (records.has(next)) return;
        const record = this.record(next);
        records.set(
          next,
          cached(this.unplacedRecords, next, () => shared(unplaced(record))),
        );
        for (const field of record.fields) {
          for (const reached of referencedRecords(field.type)) visit(reached);
          if (field.relation) related.add(field.relation.record);
        }
      };
      visit(key);
      return { records, related };
    });
  }

  private record(key: RecordKey): RecordIr {
    const record = this.ir.records.get(key);
    if (!record) throw new Error(`openapi: unknown record ${key} (the IR builder resolves every reference)`);
    return record;
  }
}

/** The value cached under `key`, computed on first use. */
function cached<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = compute()));
  return value;
}

/** Stands for every source location in a view. */
const NOWHERE: SourceLocation = { file: '', line: 0, column: 0 };

/** A copy with every source location in it (the element's own and its parts') made NOWHERE. */
function unplaced<T>(value: T): T {
  if (Array.isArray(value)) return value.map(unplaced) as T;
  if (typeof value !== 'object' || value === null || !('location' in value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'location' ? NOWHERE : unplaced(item)]),
  ) as T;
}
