// A format's pattern is written into the zod schemas as a regular expression literal. A bare `/` in it
// ended the literal early (uri-reference's pattern: schemas.ts did not compile, fuzz seeds 4242 and
// 90210); printRegex escapes it, and the literal is read back as the very pattern.
import { describe, expect, it } from 'vitest';
import { printRegex } from '../../src/emitters/shared/code/literals.js';
import { STRING_FORMATS, stringFormat } from '../../src/ir/formats.js';

/** The literal as JavaScript reads it. */
const read = (literal: string): RegExp => new Function(`return ${literal};`)() as RegExp;

describe('a regular expression literal', () => {
  it.each([
    ['^a/b$', '/^a\\/b$/'],
    ['^a\\/b$', '/^a\\/b$/'],
    ['^[/?]/$', '/^[/?]\\/$/'],
    ['^\\\\/$', '/^\\\\\\/$/'],
  ])('of %s is %s', (pattern, literal) => {
    expect(printRegex(pattern)).toBe(literal);
    expect(read(literal).source).toBe(new RegExp(pattern).source);
  });

  it.each(STRING_FORMATS.filter((format) => stringFormat(format).pattern !== undefined))(
    'of the format %s reads back as its pattern',
    (format) => {
      const pattern = stringFormat(format).pattern as string;
      expect(read(printRegex(pattern)).source).toBe(new RegExp(pattern).source);
    },
  );
});
