// The pipeline's side of emitted parts (src/emitters/parts.ts): each part rendered, or its
// rendering from an earlier run found by a hash of its kind and input. Parts are remembered in runs
// of a few rather than one by one: each remembered input costs a serialisation, a hash and a
// lookup, and a run of several parts costs about what one does. A run ends after a part whose name
// hashes to a multiple of RUN_SPLIT (or at RUN_MAX parts, or where the kind changes), so the runs
// depend on the parts' names, not their positions: adding or removing a part changes only its run.
import { hash } from 'node:crypto';
import type { GeneratedFile } from '../emitters/contract.js';
import { isShared, type Part, type PartedFile, type PartValue, type RenderParts } from '../emitters/parts.js';

/** Where one run keeps remembered renderings, by key. */
export interface MemoStore {
  get(key: string): PartValue | undefined;
  set(key: string, value: PartValue): void;
}

const RUN_SPLIT = 8;
const RUN_MAX = 32;

/** Each parted file assembled from its parts' renderings (remembered ones from `store`). */
export function assembleFiles(
  files: readonly (GeneratedFile | PartedFile)[],
  store: MemoStore | undefined,
): GeneratedFile[] {
  const render = renderWith(store);
  return files.map((file) => {
    if (!('parts' in file)) return file;
    const { parts, assemble, ...rest } = file;
    const assembled = assemble(render(parts), render);
    return typeof assembled === 'string' ? { ...rest, content: assembled } : { ...rest, ...assembled };
  });
}

/** Renders parts, each run of them looked up in `store` first (no store: each rendered). */
export function renderWith(store: MemoStore | undefined): RenderParts {
  const renderOne = (each: Part<never, PartValue>) => each.render(each.input);
  if (!store) return (parts) => parts.map(renderOne) as never;
  const digests = new WeakMap<object, string>();
  return (parts) =>
    splitRuns(parts).flatMap((run) => {
      const inputs = run.map((each) => each.input);
      const key = `${run[0]?.kind}:${hash('sha256', keyText(inputs, digests))}`;
      const found = store.get(key);
      if (Array.isArray(found)) return found;
      const rendered = run.map(renderOne);
      store.set(key, rendered);
      return rendered;
    }) as never;
}

/**
 * The input as the text its key hashes: JSON, but a value marked shared (parts.ts) is written as the
 * digest of its own text, made once a run however many parts hold it. Shared values are looked for
 * among the members of an input and of a shared value (and the items of arrays there): where parts
 * put them.
 */
function keyText(value: unknown, digests: WeakMap<object, string>, depth = 1): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (isShared(value)) {
    let digest = digests.get(value);
    if (digest === undefined) digests.set(value, (digest = `#${hash('sha256', members(value, digests, 1))}`));
    return digest;
  }
  if (Array.isArray(value)) return itemsText(value, digests, depth);
  return depth === 0 ? JSON.stringify(value) : members(value, digests, depth - 1);
}

/**
 * An object's members, each as keyText writes it `depth` objects deeper. Written with plain loops
 * and string concatenation: a rerun keys every part of every file, so this runs over the whole
 * input, and `Object.entries` with `flatMap` cost twice as much.
 */
function members(value: object, digests: WeakMap<object, string>, depth: number): string {
  if (Array.isArray(value)) return keyText(value, digests, depth);
  let text = '{';
  for (const name in value) {
    if (!Object.hasOwn(value, name)) continue;
    const item: unknown = (value as Record<string, unknown>)[name];
    if (item === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(name)}:${keyText(item, digests, depth)}`;
  }
  return `${text}}`;
}

function itemsText(items: readonly unknown[], digests: WeakMap<object, string>, depth: number): string {
  let text = '[';
  for (let index = 0; index < items.length; index += 1) {
    if (index > 0) text += ',';
    text += keyText(items[index], digests, depth);
  }
  return `${text}]`;
}

/** The parts cut into runs (consecutive, in order, one kind each). */
function splitRuns<P extends Part<never, PartValue>>(parts: readonly P[]): P[][] {
  const runs: P[][] = [];
  let run: P[] = [];
  for (const each of parts) {
    if (run.length > 0 && run[0]?.kind !== each.kind) {
      runs.push(run);
      run = [];
    }
    run.push(each);
    if (run.length >= RUN_MAX || fnv1a(each.name) % RUN_SPLIT === 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** FNV-1a, 32 bits: a cheap, stable hash of a name. */
function fnv1a(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}
