// What every comparison step shares: both IRs, where their records travel, and the list of changes.
import type { Ir, SourceLocation } from '../ir/types.js';
import { compareCodePoints } from '../ir/names.js';
import { classify, impactRank } from './classify.js';
import type { Change, ChangeKind, Direction } from './types.js';
import { collectRecordUses, type RecordUses } from './usage.js';

export interface ChangeInput {
  readonly kind: ChangeKind;
  readonly subject: string;
  readonly description: string;
  /** Where it is: in the working tree, or in the base for what only the base has. */
  readonly at: { readonly head: SourceLocation } | { readonly base: SourceLocation };
  readonly directions?: readonly Direction[];
}

/** Files one change of the subject a reporter was made for: `directions` are the sides it reaches, if it names them. */
export type Report = (kind: ChangeKind, description: string, directions?: readonly Direction[]) => void;

export class CompareContext {
  readonly baseUses: RecordUses;
  readonly headUses: RecordUses;
  private readonly changes: Change[] = [];

  constructor(
    readonly base: Ir,
    readonly head: Ir,
  ) {
    this.baseUses = collectRecordUses(base);
    this.headUses = collectRecordUses(head);
  }

  add(input: ChangeInput): void {
    const directions = input.directions ?? [];
    const location =
      'head' in input.at
        ? { ...pickLocation(input.at.head), side: 'head' as const }
        : { ...pickLocation(input.at.base), side: 'base' as const };
    this.changes.push({
      kind: input.kind,
      subject: input.subject,
      description: input.description,
      location,
      directions,
      ...classify(input.kind, directions),
    });
  }

  /** A reporter for one subject at one place. */
  reporter(subject: string, at: ChangeInput['at']): Report {
    return (kind, description, directions) =>
      this.add({ kind, subject, description, at, ...(directions ? { directions } : {}) });
  }

  /** Breaking first, then by place: the order a reviewer wants to read them in. */
  sorted(): Change[] {
    return [...this.changes].sort(
      (a, b) =>
        impactRank(b) - impactRank(a) ||
        compareCodePoints(a.location.file, b.location.file) ||
        a.location.line - b.location.line ||
        a.location.column - b.location.column ||
        compareCodePoints(a.subject, b.subject) ||
        compareCodePoints(a.kind, b.kind) ||
        compareCodePoints(a.description, b.description),
    );
  }
}

function pickLocation(location: SourceLocation): SourceLocation {
  return { file: location.file, line: location.line, column: location.column };
}

/** A value as a report shows it: JSON, or "none" when absent. */
export function show(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Names present in either list, in code-point order. */
export function unionNames(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort(compareCodePoints);
}

/** What to file for a member only the base has, one only the working tree has, and one both have. */
export interface KeyedComparer<T> {
  readonly removed: (before: T, name: string) => void;
  readonly added: (after: T, name: string) => void;
  readonly changed: (before: T, after: T, name: string) => void;
}

/** The members of two lists matched by key, visited in code-point order of the keys. */
export function compareKeyed<T>(
  base: readonly T[],
  head: readonly T[],
  key: (item: T) => string,
  on: KeyedComparer<T>,
): void {
  for (const name of unionNames(base.map(key), head.map(key))) {
    const before = base.find((item) => key(item) === name);
    const after = head.find((item) => key(item) === name);
    if (before && after) on.changed(before, after, name);
    else if (before) on.removed(before, name);
    else if (after) on.added(after, name);
  }
}

/** What a list of plain values gained and lost. */
export function listDelta<T>(base: readonly T[], head: readonly T[]): { added: T[]; removed: T[] } {
  return {
    added: head.filter((value) => !base.includes(value)),
    removed: base.filter((value) => !head.includes(value)),
  };
}

const DOC_KEYS = new Set(['description', 'summary', 'origin', 'location']);

/**
 * Keys of two IR objects that differ and that the caller did not compare itself: a safety net, so
 * an IR property added later shows up as a change rather than going unnoticed.
 */
export function otherDifferences<T extends object>(base: T, head: T, handled: readonly (keyof T)[]): string[] {
  const keys = unionNames(Object.keys(base), Object.keys(head));
  return keys.filter(
    (key) =>
      !DOC_KEYS.has(key) &&
      !(handled as readonly string[]).includes(key) &&
      !sameValue(stripDocs((base as Record<string, unknown>)[key]), stripDocs((head as Record<string, unknown>)[key])),
  );
}

/** A value without descriptions, origins and locations (what a docs-only edit changes). */
export function stripDocs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripDocs);
  if (value instanceof Map) return [...value.entries()].map(([key, item]) => [key, stripDocs(item)]);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !DOC_KEYS.has(key))
      .map(([key, item]) => [key, stripDocs(item)]),
  );
}
