// Examples for the patterns the short walk of pattern-example.ts cannot follow (lookarounds, \b, back
// references, \p{…}, negated or empty classes): walks over the pattern's syntax tree as the regex engine
// reads it (u flag), the first taking the first choice everywhere and the others random but seeded, so
// that the same pattern always gets the same example. Each walk ignores assertions and is kept only when
// the caller's test (the real RegExp, the length bounds) accepts it; none kept after WALKS, no example.
import type { AST } from '@eslint-community/regexpp';
import { parsePattern } from '../../ir/pattern-automaton.js';
import { PATTERN_FLAGS } from '../../ir/pattern-regexp.js';

const WALKS = 200;
/** Repetitions past the least a quantifier allows, at most: enough for a lookahead to find its character. */
const MORE = 3;
/**
 * Characters a class is asked about, by kind: a class offers a few of each kind it holds, so that a lookahead asking
 * for an upper-case letter, a digit or a sign among `.{8,}` finds one.
 */
const POOL: readonly (readonly string[])[] = [
  [...'abcdefghijklmnopqrstuvwxyz'],
  [...'1023456789'],
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
  [...'-_!@.#$%&*+/:;=?~ ()[]{}<>,^`|\\"\''],
  [...'éßΩЖ中😀'],
];
const PER_KIND = 4;
/** The members each class found, so that walks share the engine's answers. */
const membersOf = new Map<string, readonly string[]>();

/** A string of the pattern's that `accepts` takes, or undefined. */
export function searchExample(pattern: string, accepts: (text: string) => boolean): string | undefined {
  let ast: AST.Pattern;
  try {
    ast = parsePattern(pattern);
  } catch {
    return undefined;
  }
  const random = seeded(WALKS);
  for (let walk = 0; walk < WALKS; walk++) {
    const text = new Walk(walk === 0 ? () => 0 : random).alternatives(ast.alternatives);
    if (text === undefined) continue;
    // Without ^ or $ the match may sit inside the value: a character beside it can meet a \b or a lookaround.
    const found = [text, `${text}a`, `a${text}`].find(accepts);
    if (found !== undefined) return found;
  }
  return undefined;
}

class Walk {
  readonly #captures = new Map<AST.CapturingGroup, string>();

  constructor(private readonly choose: (count: number) => number) {}

  /** One of the alternatives; undefined where a class on the way holds nothing. */
  alternatives(list: readonly AST.Alternative[]): string | undefined {
    let text = '';
    for (const element of list[this.choose(list.length)]!.elements) {
      const part = this.#element(element);
      if (part === undefined) return undefined;
      text += part;
    }
    return text;
  }

  #element(node: AST.Element): string | undefined {
    switch (node.type) {
      case 'Character':
        return String.fromCodePoint(node.value);
      case 'CharacterSet':
      case 'CharacterClass':
      case 'ExpressionCharacterClass': {
        const members = classMembers(node.raw);
        return members.length === 0 ? undefined : members[this.choose(members.length)];
      }
      case 'Group':
        return this.alternatives(node.alternatives);
      case 'CapturingGroup': {
        const text = this.alternatives(node.alternatives);
        if (text !== undefined) this.#captures.set(node, text);
        return text;
      }
      case 'Quantifier': {
        const count = node.min + this.choose(Math.min(node.max - node.min, MORE) + 1);
        let text = '';
        for (let i = 0; i < count; i++) {
          const part = this.#element(node.element);
          if (part === undefined) return undefined;
          text += part;
        }
        return text;
      }
      case 'Backreference': {
        const group = [node.resolved].flat().find((candidate) => this.#captures.has(candidate));
        return group === undefined ? '' : this.#captures.get(group);
      }
      default:
        // ^, $, \b and lookarounds match no text: the final test judges whether the walk met them.
        return '';
    }
  }
}

/** A few characters of each kind a class (or \d, ., \p{…}) holds, read alone by the engine; else the first it holds. */
function classMembers(raw: string): readonly string[] {
  let members = membersOf.get(raw);
  if (members === undefined) {
    const holds = new RegExp(`^${raw}$`, PATTERN_FLAGS);
    members = POOL.flatMap((kind) => kind.filter((char) => holds.test(char)).slice(0, PER_KIND));
    if (members.length === 0) members = firstMember(holds);
    membersOf.set(raw, members);
  }
  return members;
}

function firstMember(holds: RegExp): string[] {
  for (let code = 0; code <= 0x10ffff; code++) {
    const char = String.fromCodePoint(code);
    if (holds.test(char)) return [char];
  }
  return [];
}

/** A reproducible choice among `count` (mulberry32). */
function seeded(seed: number): (count: number) => number {
  let state = seed;
  return (count) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * count);
  };
}
