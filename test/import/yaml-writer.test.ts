// Imported definitions are written by src/import/yaml-writer.ts in `yaml`'s style without `yaml`'s document:
// whatever it writes must read back as the value it was given, and where `yaml` writes a text plain, quoted
// or as a literal block, the writer writes the same characters.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { DefinitionFile } from '../../src/definitions/schema.js';
import { definitionsYaml } from '../../src/import/write.js';
import { writeYaml } from '../../src/import/yaml-writer.js';
import { seededRandom } from '../helpers/seed.js';

const asYaml = (value: unknown) => stringify(value, { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true });
const readsBack = (value: unknown) => isDeepStrictEqual(parse(writeYaml(value)), value);

// Texts YAML reads as something else unless quoted, or cannot write plain.
const AWKWARD = [
  '',
  'true',
  'False',
  'null',
  '~',
  '012',
  '-12',
  '0x1F',
  '0o17',
  '1e3',
  '.5',
  '-.inf',
  '.NaN',
  '1_000',
  'yes',
  '-',
  '- a',
  '-a',
  '?',
  '? x',
  'a: b',
  'a:b',
  'a:',
  ':a',
  'a #b',
  'a#b',
  '#',
  ' leading',
  'trailing ',
  "it's",
  'say "hi"',
  `both ' and "`,
  '[x]',
  '{x}',
  'a, b',
  '!tag',
  '&anchor',
  '*alias',
  '|',
  '>',
  '%YAML',
  '@at',
  '`tick',
  '---',
  '--- x',
  '...',
  'é and ✓ and 😀',
  'tab\there',
  'control\u0001',
  'del\u007f',
  'lone \ud800',
  'line\u2028sep',
  'a\nb',
  'a\n',
  'a\n\n',
  'a\n\n\n',
  '\nlead',
  '\n\nlead',
  '\n  indented',
  '  both\n',
  'x\n   ',
  'a\n\nb\n',
  '--- \nx',
];

describe('the YAML writer of import', () => {
  it('writes every awkward text, as a value and as a key, so that it reads back', () => {
    for (const text of AWKWARD) {
      expect(readsBack({ value: text }), JSON.stringify(text)).toBe(true);
      expect(readsBack({ nested: { [text]: 1 } }), `key ${JSON.stringify(text)}`).toBe(true);
      expect(readsBack({ list: [text, [text], { [text]: text }] }), `in a list ${JSON.stringify(text)}`).toBe(true);
    }
  });

  it("writes plain, quoted and literal texts with yaml's characters", () => {
    const value = {
      name: 'shop',
      '200': { description: "Line one\n\nLine two: it's `code`\n", summary: 'a: b', quote: 'say "hi"' },
      routes: { get: { tags: ['x', '- y', 'true'], text: '\nFirst line after a blank\nsecond' } },
      empty: { map: {}, list: [] },
      lists: [[1, 2], [[]], [{ a: 1, b: [true, null] }], {}],
      numbers: [0, -0, 1.5, -2, 1e21, 2 ** 60],
    };
    expect(writeYaml(value)).toBe(asYaml(value));
    expect(readsBack(value)).toBe(true);
  });

  it('writes seeded random values so that they read back', () => {
    const random = seededRandom();
    const PIECES = [
      'a',
      'b',
      ' ',
      '\n',
      ':',
      '#',
      '-',
      "'",
      '"',
      '[',
      '{',
      ',',
      '|',
      '>',
      '0',
      '1',
      '.',
      'é',
      '\t',
      '!',
    ];
    const text = () => Array.from({ length: random(8) }, () => PIECES[random(PIECES.length)]).join('');
    const value = (depth: number): unknown => {
      const pick = random(depth > 3 ? 3 : 6);
      if (pick === 0) return text();
      if (pick === 1) return [null, true, false, random(1000) - 500, random(1000) / 8][random(5)];
      if (pick === 2) return AWKWARD[random(AWKWARD.length)];
      if (pick === 3) return Array.from({ length: random(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(4) }, () => [text(), value(depth + 1)]));
    };
    for (let round = 0; round < 500; round++) {
      const tried = { root: value(0) };
      expect(readsBack(tried), writeYaml(tried)).toBe(true);
    }
  });

  it("leaves a key too long for YAML's implicit keys to yaml's own writer", () => {
    const long = { records: { ['k'.repeat(1001)]: { fields: {} } } };
    expect(() => writeYaml(long)).toThrow(RangeError);
    const text = definitionsYaml(long as unknown as DefinitionFile, 'api.json');
    expect(parse(text)).toEqual(long);
  });
});
