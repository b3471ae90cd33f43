// An emitted file as an ordered list of parts and how to put their renderings together. A part's
// `render` reads nothing but its `input` (JSON) and svcgen's own code: the pipeline may hand back
// what `render` returned for the same kind and input in an earlier run (src/incremental/render-parts.ts)
// instead of calling it. Emitters and printers never see whether it did.
import type { GeneratedFile } from './contract.js';

/** What a part renders to: JSON, shared between files and runs (never mutate one). */
export type PartValue = string | number | boolean | null | readonly PartValue[] | { readonly [key: string]: PartValue };

export interface Part<I = unknown, O extends PartValue = PartValue> {
  /** What renders it: with the input, what names its rendering. */
  readonly kind: string;
  /** Stable among its file's parts (a record's key, a route's name), whatever their order. */
  readonly name: string;
  /** Everything `render` reads, as JSON (source positions left out, so moving a definition renders nothing). */
  readonly input: I;
  readonly render: (input: I) => O;
}

/** Renders parts, in order: what `assemble` uses for parts it finds only from other parts' renderings. */
export type RenderParts = <O extends PartValue>(parts: readonly Part<never, O>[]) => O[];

export interface PartedFile<O extends PartValue = PartValue> extends Omit<GeneratedFile, 'content'> {
  readonly parts: readonly Part<never, O>[];
  /**
   * The file's text from its parts' renderings, in the parts' order; or its text with whether the
   * formatter should run on it after all (a page its parts could not make, rendered whole).
   */
  assemble(rendered: readonly O[], render: RenderParts): string | Pick<GeneratedFile, 'content' | 'format'>;
}

export function part<I, O extends PartValue>(
  kind: string,
  name: string,
  input: I,
  render: (input: I) => O,
): Part<never, O> {
  return { kind, name, input, render } as unknown as Part<never, O>;
}

const SHARED = new WeakSet<object>();

/** `value`, marked as held by many parts' inputs (a module's settings, a record): its JSON is made once a run. */
export function shared<T extends object>(value: T): T {
  SHARED.add(value);
  return value;
}

export const isShared = (value: object): boolean => SHARED.has(value);
