// JSON printed in pieces (src/output/json.ts): an object printed at an indent, with holes filled
// later, or assembled from printed members, is exactly what canonicalJson prints for the whole.
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  jsonParts,
  PrintedJson,
  writeObject,
  type WriteMember,
} from '../../src/emitters/shared/json.js';

class Hole {
  constructor(readonly name: string) {}
}

const holeOf = (value: object) => (value instanceof Hole ? value.name : undefined);
const named: Record<string, string> = { a: '#/components/schemas/A', long: `#/components/schemas/${'L'.repeat(130)}` };

/** The value with each hole replaced by what fills it. */
function filled(value: unknown): unknown {
  if (value instanceof Hole) return named[value.name];
  if (Array.isArray(value)) return value.map(filled);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item)]));
  return value;
}

const sample = {
  ref: { $ref: new Hole('a') },
  mapping: { x: new Hole('long'), y: new Hole('a') },
  // A one-line array right at the width limit: its layout depends on the key and a following comma.
  required: Array.from({ length: 9 }, (_, i) => `field${i}xx`),
  nested: [{ items: { $ref: new Hole('a') } }, []],
  empty: {},
};

describe('JSON printed in pieces', () => {
  it.each([0, 2, 6])(
    'parts printed at indent %i, holes filled, are what canonicalJson prints there for the filled value',
    (indent) => {
      const parts = jsonParts(sample, indent, holeOf);
      expect(parts).toHaveLength(9);
      const text = parts.map((part, index) => (index % 2 === 1 ? JSON.stringify(named[part]) : part)).join('');
      // A value sits at indent 2k as the member of k nested objects.
      const nested = (value: unknown, depth: number): unknown =>
        depth === 0 ? value : { member: nested(value, depth - 1) };
      expect(canonicalJson(nested(new PrintedJson((out) => out.push(text), indent), indent / 2))).toBe(
        canonicalJson(nested(filled(sample), indent / 2)),
      );
    },
  );

  it('embeds printed text and assembles objects from printed members as canonicalJson does', () => {
    const value = { b: { x: [1, 2] }, a: { y: 'z' } };
    const members = Object.entries(value).map(([key, item]): [string, WriteMember] => [
      key,
      (out) => out.push(canonicalJson(item).trimEnd().replace(/\n/g, '\n  ')),
    ]);
    const out: string[] = [];
    writeObject(members, 0, out);
    expect(`${out.join('')}\n`).toBe(canonicalJson(value));
    const embedded = canonicalJson({
      outer: new PrintedJson((out) => out.push(canonicalJson(value).trimEnd().replace(/\n/g, '\n  ')), 2),
    });
    expect(embedded).toBe(canonicalJson({ outer: value }));
  });

  it('refuses a hole as an array item and printed text at another indent', () => {
    expect(() => jsonParts({ list: [new Hole('a')] }, 0, holeOf)).toThrow(/array item/);
    expect(() => canonicalJson({ outer: new PrintedJson((out) => out.push('{}'), 4) })).toThrow(/indent/);
  });
});
