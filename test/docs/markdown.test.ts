// inline() returns plain text (words, digits, plain punctuation, single spaces) without running
// its escaping passes: only where those passes would leave the text as it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeInline, inline } from '../../src/emitters/docs/markdown.js';

describe('inline', () => {
  it('takes the plain-text shortcut only for text the escaping leaves alone', () => {
    // Mostly plain characters, so that many texts are plain and many are one character away.
    const char = fc.oneof(
      { arbitrary: fc.constantFrom(...'aZ09:,. '.split('')), weight: 12 },
      { arbitrary: fc.constantFrom(...'#-+_*`|\\<>&=~$)\t\n'.split('')), weight: 1 },
    );
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 12 }).map((chars) => chars.join('')),
        (text) => {
          expect(inline(text)).toBe(escapeInline(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('still escapes what is not plain', () => {
    expect(inline('1. item')).toBe('1\\. item');
    expect(inline('a_b')).toBe('a\\_b');
    expect(inline('ends with #')).toBe('ends with \\#');
    expect(inline('plain: words, 20.')).toBe('plain: words, 20.');
  });
});
