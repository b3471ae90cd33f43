// Printed top-level statements remembered by a hash of their syntax tree, so a run after a small
// definition change re-lays out only the statements that changed. The store is seeded from disk
// by the caller (src/output/print-cache-file.ts) and what a run used is written back.
import { sha256 } from '../../../output/hash.js';
import type { TopLevel } from './ast.js';

const seeded = new Map<string, string>();
const used = new Map<string, string>();

/** Starts a run: forgets the last run's entries and seeds these (read from disk). */
export function startPrintCache(entries: Iterable<readonly [string, string]>): void {
  seeded.clear();
  used.clear();
  for (const [key, text] of entries) seeded.set(key, text);
}

export function seededPrintCache(): [string, string][] {
  return [...seeded];
}

/** The entries this run printed or reused: what is worth keeping for the next one. */
export function usedPrintCache(): [string, string][] {
  return [...used];
}

/** Entries another thread of this run printed or reused. */
export function addUsedPrintCache(entries: Iterable<readonly [string, string]>): void {
  for (const [key, text] of entries) used.set(key, text);
}

export function printCached(statement: TopLevel, print: (statement: TopLevel) => string): string {
  const key = sha256(JSON.stringify(statement));
  const text = used.get(key) ?? seeded.get(key) ?? print(statement);
  used.set(key, text);
  return text;
}
