// Where two loads of one definitions text differ (the chunked loader and the plain-YAML reader are each held
// to what \`yaml\`'s whole parse gives): the value, the line starts, or the position of any path.
import { isDeepStrictEqual } from 'node:util';
import type { LoadedFile } from '../../src/definitions/load.js';
import { positionOf, type YamlPath } from '../../src/definitions/positions.js';

/** Every path of the value, each also with a missing key and a missing index below it. */
export function allPaths(value: unknown, path: YamlPath = [], into: YamlPath[] = []): YamlPath[] {
  into.push(path, [...path, 'no-such-key'], [...path, 99]);
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value))
      allPaths((value as Record<string, unknown>)[key], [...path, Array.isArray(value) ? Number(key) : key], into);
  }
  return into;
}

/** Where two loads of one text differ: value, line starts, or the position of a path (a few, for the message). */
export function differences(expected: LoadedFile, actual: LoadedFile): string[] {
  const found: string[] = [];
  if (!isDeepStrictEqual(actual.value, expected.value)) found.push('value');
  if (!isDeepStrictEqual(Array.from(actual.positions.lineStarts), Array.from(expected.positions.lineStarts)))
    found.push('line starts');
  for (const path of allPaths(expected.value)) {
    for (const atKey of [false, true]) {
      const want = positionOf(expected.positions, path, { atKey });
      const got = positionOf(actual.positions, path, { atKey });
      if (want.line !== got.line || want.column !== got.column)
        found.push(`${JSON.stringify(path)} atKey=${atKey}: ${want.line}:${want.column} != ${got.line}:${got.column}`);
      if (found.length >= 5) return found;
    }
  }
  return found;
}
