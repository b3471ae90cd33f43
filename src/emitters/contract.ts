// The emitter contract: a pure function from the IR to files. Emitters never touch the disk.
import type { Ir, ModuleIr } from '../ir/types.js';
import type { OpenApiOptions } from './openapi/options.js';
import type { Part, PartedFile, PartValue } from './parts.js';

export interface GeneratedFile {
  /** Path inside the output folder, "/"-separated, e.g. "admin-api/types.ts". */
  readonly path: string;
  readonly content: string;
  /** The definition file this output comes from, named in the file header. */
  readonly source: string | undefined;
  /** Whether the formatter should run on this file (text already in canonical form skips it). */
  readonly format: boolean;
}

export type EmittedFile = GeneratedFile | PartedFile;

/** A handlebars template: svcgen's own, or the user's of the same file name, which replaces it. */
export interface TemplateFile {
  /** File name, e.g. "docs-route.md.hbs". */
  readonly name: string;
  readonly content: string;
  /** Where it was read, relative to the working directory: what a template error names. */
  readonly file: string;
  /** svcgen's own template, not replaced by the user's: its output is known to be in shape (docs/prettier-form.ts). */
  readonly own?: boolean;
}

export interface EmitContext {
  readonly ir: Ir;
  /** svcgen's runtime sources (the .ts files under src/runtime/), by "/"-joined path ("server/server.ts"). */
  readonly runtimeFiles: readonly { readonly name: string; readonly content: string }[];
  /** templates/*.hbs merged with the config's templates folder (user over ours, by file name), sorted by name. */
  readonly templates: readonly TemplateFile[];
  /** The OpenAPI renderings svcgen.config.yaml chose (the defaults when left out). */
  readonly openapi?: OpenApiOptions;
}

/**
 * Each file whole, or as parts the pipeline renders (or finds rendered before) and assembles (parts.ts). An
 * emitter's name is its key in the registry (index.ts); a doc comment on each says what it writes.
 */
export type Emitter = (ctx: EmitContext) => EmittedFile[] | Promise<EmittedFile[]>;

/** A module's file `<module>/<name>.ts` as parts, assembled in its final form (no formatter run). */
export function moduleParts<O extends PartValue>(
  module: ModuleIr,
  name: string,
  parts: readonly Part<never, O>[],
  assemble: (rendered: readonly O[]) => string,
): PartedFile<O> {
  return { path: `${module.name}/${name}.ts`, source: module.sourceFile, format: false, parts, assemble };
}

/** Modules that describe an HTTP interface (shared record files have none). */
export function interfaceModules(ir: Ir): ModuleIr[] {
  return ir.modules.filter((module) => module.interface !== undefined);
}
