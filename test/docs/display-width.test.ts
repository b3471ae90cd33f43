// displayWidth counts as the installed prettier counts when it pads table cells: on every edge of
// the measured wide ranges, a spread of code points over the planes in use, and the emoji sequences.
// (All 1.1 million code points were compared once when the ranges were measured.)
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/emitters/docs/display-width.js';
import { PRETTIER_OPTIONS } from '../../src/output/format.js';

const HEADER = 'h'.repeat(12);

/** Prettier's width of each text, read from the padding it gives it in a table column of known width. */
async function prettierWidths(texts: readonly string[]): Promise<(number | string)[]> {
  const source = `| ${HEADER} |\n| --- |\n${texts.map((text) => `| a${text}a |`).join('\n')}\n`;
  const rows = (await prettier.format(source, { ...PRETTIER_OPTIONS, filepath: 'x.md' })).split('\n').slice(2);
  return texts.map((text, index) => {
    const match = /^\| (.*?)( *) \|$/su.exec(rows[index] ?? '');
    return match && match[1] === `a${text}a` ? HEADER.length - match[2]!.length - 2 : `changed: ${rows[index]}`;
  });
}

async function expectPrettierWidths(texts: readonly string[]): Promise<void> {
  const theirs: (number | string)[] = [];
  // Small tables: prettier slows down per byte as a document grows.
  for (let start = 0; start < texts.length; start += 500) theirs.push(...(await prettierWidths(texts.slice(start, start + 500))));
  const differing = texts.flatMap((text, index) => {
    const ours = displayWidth(`a${text}a`);
    const expected = theirs[index];
    return ours === undefined || ours - 2 === expected ? [] : [{ codePoints: [...text].map((char) => char.codePointAt(0)?.toString(16)).join(' '), ours: ours - 2, prettier: expected }];
  });
  expect(differing).toEqual([]);
}

const char = (code: number) => String.fromCodePoint(code);
const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;

describe('displayWidth', () => {
  it('counts printable ASCII one column a character', () => {
    expect(displayWidth('| `code` |')).toBe(10);
    expect(displayWidth('')).toBe(0);
  });

  it('matches prettier on a spread of code points of every plane in use and around every wide range', async () => {
    const codes = new Set<number>();
    for (let code = 0x80; code < 0x40000; code += 127) codes.add(code);
    for (let code = 0xe0100; code <= 0xe01ef; code += 7) codes.add(code);
    for (let code = 0xf0000; code < 0x110000; code += 4099) codes.add(code);
    // The ends of every wide range, and their neighbours: found where the width changes.
    for (let code = 0x80; code < 0x40000; code += 1) {
      if (!isSurrogate(code) && displayWidth(char(code)) !== displayWidth(char(code - 1))) for (const near of [code - 1, code]) codes.add(near);
    }
    const texts = [...codes].filter((code) => code >= 0x80 && !isSurrogate(code) && displayWidth(char(code)) !== undefined).map(char);
    expect(texts.length).toBeGreaterThan(3000);
    await expectPrettierWidths(texts);
  }, 60_000);

  it('matches prettier on emoji sequences: keycaps, presentation selectors, skin tones, flags', async () => {
    const sequences: string[] = [];
    for (const key of '#*0123456789') sequences.push(`${key}\u{FE0F}\u{20E3}`, `${key}\u{20E3}`, `${key}\u{FE0F}`);
    for (let code = 0x80; code < 0x20000; code += 1) {
      if (isSurrogate(code)) continue;
      if (/\p{Emoji}/u.test(char(code))) sequences.push(`${char(code)}\u{FE0F}`, `${char(code)}\u{FE0E}`);
      if (/\p{Emoji_Modifier_Base}/u.test(char(code))) for (let tone = 0x1f3fb; tone <= 0x1f3ff; tone += 1) sequences.push(char(code) + char(tone));
    }
    for (let first = 0x1f1e6; first <= 0x1f1ff; first += 5) for (let second = 0x1f1e6; second <= 0x1f1ff; second += 1) sequences.push(char(first) + char(second));
    sequences.push('☝️🏽', '😀😀', 'a🏽', '🇩🇪🇩', '中😀文');
    await expectPrettierWidths(sequences);
  }, 60_000);

  it('does not guess at zero-width joiner and tag sequences', () => {
    expect(displayWidth('👨‍👩‍👧')).toBeUndefined();
    expect(displayWidth('🧔‍♂')).toBeUndefined();
    expect(displayWidth('🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBeUndefined();
  });
});
