// What the IR builder carries while it reads one definition file: where to report, what is known.
import type { Diagnostic, DiagnosticCode } from '../definitions/diagnostics.js';
import type { LoadedFile } from '../definitions/load.js';
import { positionOf, type YamlPath } from '../definitions/positions.js';
import type { Origin, SourceLocation } from './types.js';

export class FileContext {
  constructor(
    readonly loaded: LoadedFile,
    readonly moduleName: string,
    /** Field names of every record of every file, by record key. */
    readonly recordFields: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly diagnostics: Diagnostic[],
  ) {}

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

  /** A record reference as written ("price" or "shared.money") → its key ("<file>.<record>"). */
  recordKey(reference: string): string {
    return reference.includes('.') ? reference : `${this.moduleName}.${reference}`;
  }

  /** An element's origin: its own `origin:`, else its parent's; notes that the file records origins. */
  origin(own: Origin | undefined, parent: Origin): Origin {
    if (own === undefined) return parent;
    this.recordsOrigins = true;
    return own;
  }
}
