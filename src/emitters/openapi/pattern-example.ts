// An example string for a pattern-constrained schema, so that mock servers and "try it" panels
// offer a value the document's own pattern accepts instead of an arbitrary string. A small walk
// over the common regular expression syntax (literals, escapes, classes, groups, alternation,
// quantifiers) takes the shortest choice everywhere; the result is only used when the real
// RegExp accepts it. What the walk misreads, pattern-search.ts looks for; a pattern neither finds
// a value for gets no example rather than a wrong one.
import { patternRegExp } from '../../ir/pattern-regexp.js';
import { searchExample } from './pattern-search.js';

/** Characters an example prefers, in order, when a class allows several. */
const PREFERRED = 'a1bcdefA0B-_ .';
const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;

interface Constraints {
  readonly patterns: readonly string[];
  readonly minLength?: number | undefined;
  readonly maxLength?: number | undefined;
}

/**
 * Examples found, by constraints: the same few patterns (date-time's above all) come back for every field that has
 * them, and compiling their RegExp again each time was most of the cost.
 */
const found = new Map<string, string | undefined>();

/** An example that every pattern and the length bounds accept, or undefined. */
export function patternExample({ patterns, minLength = 0, maxLength = Infinity }: Constraints): string | undefined {
  const key = JSON.stringify([patterns, minLength, maxLength === Infinity ? null : maxLength]);
  if (found.has(key)) return found.get(key);
  const example = findExample(patterns, minLength, maxLength);
  found.set(key, example);
  return example;
}

function findExample(patterns: readonly string[], minLength: number, maxLength: number): string | undefined {
  const [first] = patterns;
  if (first === undefined) return undefined;
  let tests: RegExp[];
  try {
    tests = patterns.map(patternRegExp);
  } catch {
    return undefined;
  }
  // zod counts UTF-16 code units, JSON Schema code points: an example fits both.
  const fits = (text: string) =>
    Math.min(text.length, [...text].length) >= minLength &&
    Math.max(text.length, [...text].length) <= maxLength &&
    tests.every((test) => test.test(text));
  let walked: string | undefined;
  try {
    walked = new Walker(first).expression();
  } catch {
    walked = undefined;
  }
  // A pattern the walk misread rejects its example: the search over its syntax tree tries harder.
  return walked !== undefined && fits(walked) ? walked : searchExample(first, fits);
}

class Walker {
  private at = 0;
  /** The characters the last atom could have been, when it was a class: a repeat walks through them. */
  private choices: string | undefined;

  constructor(private readonly source: string) {}

  /** Alternatives separated by |: the first one. */
  expression(): string {
    const first = this.sequence();
    while (this.source[this.at] === '|') {
      this.at += 1;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      this.choices = undefined;
      const atom = this.atom();
      out += this.repeat(atom, this.choices);
    }
    return out;
  }

  private atom(): string {
    const char = this.source[this.at] as string;
    this.at += 1;
    switch (char) {
      case '^':
      case '$':
        return '';
      case '.':
        return 'a';
      case '(': {
        if (this.source.startsWith('?:', this.at)) this.at += 2;
        else if (this.source[this.at] === '?') throw new Error('lookaround');
        const inner = this.expression();
        if (this.source[this.at] !== ')') throw new Error('unclosed group');
        this.at += 1;
        // A repeated group repeats its text, not the last class inside it.
        this.choices = undefined;
        return inner;
      }
      case '[':
        return this.characterClass();
      case '\\': {
        const allowed = this.escape();
        if (allowed.length > 1) this.choices = allowed;
        return pickFrom(allowed);
      }
      default:
        return char;
    }
  }

  /** The characters an escape stands for (one, for a literal). */
  private escape(): string {
    const char = this.source[this.at] as string;
    this.at += 1;
    if (char === 'd') return DIGITS;
    if (char === 'w') return WORD;
    if (char === 's') return ' ';
    if ('DWSbB'.includes(char) || /[0-9ux]/.test(char)) throw new Error(`escape \\${char}`);
    return char;
  }

  private characterClass(): string {
    const negated = this.source[this.at] === '^';
    if (negated) this.at += 1;
    let allowed = '';
    // The first character may be "]" itself.
    do {
      if (this.at >= this.source.length) throw new Error('unclosed class');
      const start = this.classChar();
      if (this.source[this.at] === '-' && this.source[this.at + 1] !== ']' && start.length === 1) {
        this.at += 1;
        const end = this.classChar();
        for (let code = start.charCodeAt(0); code <= end.charCodeAt(0) && code - start.charCodeAt(0) < 256; code += 1)
          allowed += String.fromCharCode(code);
      } else allowed += start;
    } while (this.source[this.at] !== ']');
    this.at += 1;
    if (!negated) {
      this.choices = allowed;
      return pickFrom(allowed);
    }
    const candidate = [...PREFERRED, ...WORD].find((char) => !allowed.includes(char));
    if (candidate === undefined) throw new Error('empty class');
    return candidate;
  }

  private classChar(): string {
    const char = this.source[this.at] as string;
    this.at += 1;
    return char === '\\' ? this.escape() : char;
  }

  /**
   * The quantifier after an atom, if any, applied with its smallest count (at least one for + and *, so the example
   * shows the atom).
   */
  private repeat(atom: string, choices: string | undefined): string {
    const char = this.source[this.at];
    let count = 1;
    if (char === '?') {
      this.at += 1;
      count = 0;
    } else if (char === '*' || char === '+') this.at += 1;
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) return atom;
      this.at += match[0].length;
      count = Number(match[1]);
    }
    if (this.source[this.at] === '?') this.at += 1;
    if (choices === undefined || count <= 1) return atom.repeat(count);
    return Array.from({ length: count }, (_, index) => choices[index % choices.length]).join('');
  }
}

function pickFrom(allowed: string): string {
  const preferred = [...PREFERRED].find((char) => allowed.includes(char));
  const chosen = preferred ?? allowed[0];
  if (chosen === undefined) throw new Error('empty class');
  return chosen;
}
