// What the IR builder carries while it reads one definition file: where to report, what is known.
import type { Diagnostic, DiagnosticCode } from '../definitions/diagnostics.js';
import type { LoadedFile } from '../definitions/load.js';
import type { RecordDefinition } from '../definitions/schema.js';
import { positionOf, type YamlPath } from '../definitions/positions.js';
import type { NamedTypes } from './named-types.js';
import { withSortedKeys } from './names.js';
import type { Documented, ExampleIr, Origin, SourceLocation } from './types.js';

/** Where the checks of the whole IR put what they find: at an element's location. */
export type Report = (location: SourceLocation, code: DiagnosticCode, message: string) => void;

export class FileContext {
  constructor(
    readonly loaded: LoadedFile,
    readonly moduleName: string,
    /** Field names of every record of every file, by record key. */
    readonly recordFields: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly diagnostics: Diagnostic[],
    /** Every record of every file as written, by record key (what a tagged union checks its variants against). */
    readonly recordDefinitions: ReadonlyMap<string, RecordDefinition> = new Map(),
  ) {}

  /** The named types of every file (the `types:` sections), set before anything is built. */
  namedTypes: NamedTypes | undefined;

  /** Whether any definition of the file has said `origin:` so far (see ModuleIr.recordsOrigins). */
  recordsOrigins = false;

  locate(path: YamlPath, atKey = false): SourceLocation {
    const { line, column } = positionOf(this.loaded.positions, path, { atKey });
    return { file: this.loaded.file, line, column };
  }

  report(code: DiagnosticCode, path: YamlPath, message: string, atKey = false): void {
    const { file, line, column } = this.locate(path, atKey);
    this.diagnostics.push({ code, file, line, column, message });
  }

  /**
   * SVC204 at each name of a section that becomes the same identifier as an earlier one ("record
   * "a-b" and record "aB" both become the type AB").
   */
  reportSameIdentifiers(
    section: 'records' | 'routes',
    names: readonly string[],
    identifier: (name: string) => string,
    becomes: 'the type' | 'the method',
  ): void {
    const element = section === 'records' ? 'record' : 'route';
    const seen = new Map<string, string>();
    for (const name of names) {
      const made = identifier(name);
      const first = seen.get(made);
      if (first === undefined) seen.set(made, name);
      else {
        const message = `${element} "${name}" and ${element} "${first}" both become ${becomes} ${made} (expected distinct names)`;
        this.report('SVC204', [section, name], message, true);
      }
    }
  }

  /** The `example:` of the element at `path`, if it gives one, with where its value is written. */
  example(def: { example?: unknown }, path: YamlPath): { example?: ExampleIr } {
    if (def.example === undefined) return {};
    return { example: { value: withSortedKeys(def.example), location: this.locate([...path, 'example']) } };
  }

  /** A record reference as written ("price" or "shared.money") → its key ("<file>.<record>"). */
  recordKey(reference: string): string {
    return reference.includes('.') ? reference : `${this.moduleName}.${reference}`;
  }

  /**
   * An element's origin: its own `origin:`, else its parent's (a top-level element's parent is the
   * file, whose origin is spec); notes that the file records origins.
   */
  origin(own: Origin | undefined, parent: Origin = 'spec'): Origin {
    if (own === undefined) return parent;
    this.recordsOrigins = true;
    return own;
  }

  /** What every element carries: its description, its origin (see origin) and where its key is. */
  documented(
    def: { description?: string | undefined; origin?: Origin | undefined },
    path: YamlPath,
    parent?: Origin,
  ): Documented {
    return { description: def.description, origin: this.origin(def.origin, parent), location: this.locate(path, true) };
  }
}
