// What every comparison step shares: both IRs, where their records travel, and the list of changes.
import type { Documented, Ir, SourceLocation } from '../ir/types.js';
import { compareCodePoints } from '../ir/names.js';
import { classify, impactRank } from './classify.js';
import type { Change, ChangeKind, Direction } from './types.js';
import { collectRecordUses, type RecordUses } from './usage.js';

/** Where a change is: in the working tree, or in the base for what only the base has. */
export type At = { readonly head: SourceLocation } | { readonly base: SourceLocation };

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

  /** A reporter for one subject at one place. */
  reporter(subject: string, at: At): Report {
    const [side, { file, line, column }] = 'head' in at ? (['head', at.head] as const) : (['base', at.base] as const);
    return (kind, description, directions = []) =>
      this.changes.push({
        kind,
        subject,
        description,
        location: { file, line, column, side },
        directions,
        ...classify(kind, directions),
      });
  }

  /**
   * The members of two lists matched by key, visited in code-point order of the keys, each with a reporter
   * for its subject: at its place in the base for a member only the base has, in the working tree otherwise.
   */
  compareKeyed<T extends Documented>(
    base: readonly T[],
    head: readonly T[],
    key: keyof T,
    subject: (key: string) => string,
    on: {
      readonly removed: (report: Report, before: T) => void;
      readonly added: (report: Report, after: T) => void;
      readonly changed: (report: Report, before: T, after: T, key: string) => void;
    },
  ): void {
    const keyOf = (item: T) => String(item[key]);
    for (const name of unionNames(base.map(keyOf), head.map(keyOf))) {
      const before = base.find((item) => keyOf(item) === name);
      const after = head.find((item) => keyOf(item) === name);
      if (before && after) on.changed(this.reporter(subject(name), { head: after.location }), before, after, name);
      else if (before) on.removed(this.reporter(subject(name), { base: before.location }), before);
      else if (after) on.added(this.reporter(subject(name), { head: after.location }), after);
    }
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

/** What a list of plain values gained and lost. */
export function listDelta<T>(base: readonly T[], head: readonly T[]): { added: T[]; removed: T[] } {
  return {
    added: head.filter((value) => !base.includes(value)),
    removed: base.filter((value) => !head.includes(value)),
  };
}

const DOC_KEYS = new Set(['description', 'summary', 'origin', 'location']);

/**
 * Files other-changed for each key of two IR objects that differs and that the caller did not compare
 * itself: a safety net, so an IR property added later shows up as a change rather than going unnoticed.
 */
export function reportOtherChanges<T extends object>(
  report: Report,
  base: T,
  head: T,
  handled: readonly (keyof T)[],
  directions?: readonly Direction[],
): void {
  for (const key of unionNames(Object.keys(base), Object.keys(head))) {
    const [before, after] = [(base as Record<string, unknown>)[key], (head as Record<string, unknown>)[key]];
    if (DOC_KEYS.has(key) || (handled as readonly string[]).includes(key)) continue;
    if (!sameValue(stripDocs(before), stripDocs(after))) report('other-changed', `${key} changed`, directions);
  }
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
