// The emitter contract: a pure function from the IR to files. Emitters never touch the disk.
import type { Ir, ModuleIr } from '../ir/types.js';

export interface GeneratedFile {
  /** Path inside the output folder, "/"-separated, e.g. "admin-api/types.ts". */
  readonly path: string;
  readonly content: string;
  /** The definition file this output comes from, named in the file header. */
  readonly source: string | undefined;
  /** Whether the formatter should run on this file (text already in canonical form skips it). */
  readonly format: boolean;
}

export interface EmitContext {
  readonly ir: Ir;
  /** svcgen's runtime sources (src/runtime/*.ts), by file name. */
  readonly runtimeFiles: readonly { readonly name: string; readonly content: string }[];
}

export interface Emitter {
  readonly name: string;
  readonly description: string;
  emit(ctx: EmitContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** Modules that describe an HTTP interface (shared record files have none). */
export function interfaceModules(ir: Ir): ModuleIr[] {
  return ir.modules.filter((module) => module.interface !== undefined);
}
