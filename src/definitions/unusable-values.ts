// Values the schema check must never see, found before it (and before any memo key is made of a
// value): their diagnostics need no zod.
import type { Diagnostic, DiagnosticCode } from './diagnostics.js';
import type { LoadedFile } from './load.js';
import { positionOf, type YamlPath } from './positions.js';

/** Half of a UTF-16 pair without its other half: no UTF-8 file can hold it, so output would differ from it. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A diagnostic for each unusable key, string or number in the file. "__proto__" keys: the schema
 * would drop them without a word (a free-form query or header name would vanish), and generated
 * object literals could not hold them. Numbers that are not finite: neither JSON output nor the
 * memo store's keys (JSON text) could tell them from null.
 */
export function unusableValueDiagnostics(loaded: LoadedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report = (at: YamlPath, code: DiagnosticCode, message: string, atKey = false) => {
    const { line, column } = positionOf(loaded.positions, at, { atKey });
    found.push({ code, file: loaded.file, line, column, message });
  };
  const loneSurrogate = (at: YamlPath) => {
    const expected = 'expected Unicode text: "\\ud800"-style escapes only in pairs';
    report(at, 'SVC002', `${describePath(at)} holds a lone surrogate escape (${expected})`);
  };
  // `path` is one array extended and shrunk along the walk: the walk visits every node of every
  // definition file, so a path per node would cost more than the check.
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      const written = Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
      const message = `${describePath(path)} is ${written}, a number JSON cannot hold (expected a finite number)`;
      report(path, 'SVC107', message);
    }
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) loneSurrogate(path);
    if (value === null || typeof value !== 'object' || path.length > 64) return;
    const isList = Array.isArray(value);
    for (const key of Object.keys(value)) {
      if (LONE_SURROGATE.test(key)) loneSurrogate([...path, key]);
      if (key === '__proto__') {
        const parent = path.length > 0 ? ` in ${describePath(path)}` : '';
        const why = 'a JavaScript object cannot hold it as a key (expected another name)';
        report([...path, key], 'SVC214', `key "__proto__"${parent} is not usable as a name: ${why}`, true);
        continue;
      }
      path.push(isList ? Number(key) : key);
      visit((value as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  visit(loaded.value);
  return found;
}

/** A path as diagnostics write it: records.Product.fields[2]. */
export function describePath(path: YamlPath): string {
  return path
    .map((segment) => (typeof segment === 'number' ? `[${segment}]` : segment))
    .join('.')
    .replace(/\.\[/g, '[');
}
