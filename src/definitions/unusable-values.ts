// Values the schema check must never see, found before it (and before any memo key is made of a
// value): their diagnostics need no zod.
import type { Diagnostic } from './diagnostics.js';
import type { LoadedFile } from './load.js';
import { positionOf, type YamlPath } from './positions.js';

type Unusable = {
  readonly path: YamlPath;
  readonly problem: 'prototype-key' | 'lone-surrogate' | '.inf' | '-.inf' | '.nan';
};

/** Half of a UTF-16 pair without its other half: no UTF-8 file can hold it, so output would differ from it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A diagnostic for each unusable key or number in the file. */
export function unusableValueDiagnostics(loaded: LoadedFile): Diagnostic[] {
  return unusableValues(loaded.value).map(({ path, problem }) => {
    const { line, column } = positionOf(loaded.positions, path, { atKey: problem === 'prototype-key' });
    const { code, message } = describeUnusable(path, problem);
    return { code, file: loaded.file, line, column, message };
  });
}

function describeUnusable(path: YamlPath, problem: Unusable['problem']): Pick<Diagnostic, 'code' | 'message'> {
  const where = describePath(path);
  if (problem === 'lone-surrogate') {
    const expected = 'expected Unicode text: "\\ud800"-style escapes only in pairs';
    return { code: 'SVC002', message: `${where} holds a lone surrogate escape (${expected})` };
  }
  if (problem === 'prototype-key') {
    const parent = path.length > 1 ? ` in ${describePath(path.slice(0, -1))}` : '';
    const why = 'a JavaScript object cannot hold it as a key (expected another name)';
    return { code: 'SVC214', message: `key "__proto__"${parent} is not usable as a name: ${why}` };
  }
  return { code: 'SVC107', message: `${where} is ${problem}, a number JSON cannot hold (expected a finite number)` };
}

/** A path as diagnostics write it: records.Product.fields[2]. */
export function describePath(path: YamlPath): string {
  return path
    .map((segment) => (typeof segment === 'number' ? `[${segment}]` : segment))
    .join('.')
    .replace(/\.\[/g, '[');
}

/**
 * "__proto__" keys: the schema would drop them without a word (a free-form query or header name
 * would vanish), and generated object literals could not hold them. Numbers that are not finite:
 * neither JSON output nor the memo store's keys (JSON text) could tell them from null.
 */
function unusableValues(value: unknown, path: (string | number)[] = [], into: Unusable[] = []): Unusable[] {
  // `path` is one array extended and shrunk along the walk (copied only for a finding): the walk
  // visits every node of every definition file, so a path per node would cost more than the check.
  if (typeof value === 'number' && !Number.isFinite(value))
    into.push({ path: [...path], problem: Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf' });
  if (typeof value === 'string' && LONE_SURROGATE.test(value))
    into.push({ path: [...path], problem: 'lone-surrogate' });
  if (value === null || typeof value !== 'object' || path.length > 64) return into;
  const isList = Array.isArray(value);
  for (const key of Object.keys(value)) {
    if (LONE_SURROGATE.test(key)) into.push({ path: [...path, key], problem: 'lone-surrogate' });
    if (key === '__proto__') {
      into.push({ path: [...path, key], problem: 'prototype-key' });
      continue;
    }
    path.push(isList ? Number(key) : key);
    unusableValues((value as Record<string, unknown>)[key], path, into);
    path.pop();
  }
  return into;
}
