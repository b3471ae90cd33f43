// A definition's `pattern` as a position automaton (Glushkov), for the backtracking analysis of
// pattern-backtracking.ts. One position per character an atom can match; an edge per way the regex
// can go from one position to the next. Edges are kept with their multiplicity: `(a+)+` has two
// a→a edges (the inner and the outer repetition), which is exactly the ambiguity a backtracking
// engine pays for. The pattern runs as `new RegExp(pattern, 'u')` (pattern-regexp.ts), so it is read
// with the u flag: one position per code point.
import { createRequire } from 'node:module';
import type { AST, RegExpParser as Parser } from '@eslint-community/regexpp';

/** The parser loads when a definition has a pattern, not on every run (Node keeps the module once loaded). */
const loadParser = () =>
  (createRequire(import.meta.url)('@eslint-community/regexpp') as { RegExpParser: typeof Parser }).RegExpParser;

/** Sorted, disjoint, inclusive code point ranges. */
export type CharSet = readonly (readonly [number, number])[];

/** Where a loop comes from: a repetition of the pattern, or the engine's retry at every start. */
export type LoopOrigin = { readonly start: number; readonly end: number } | 'unanchored start';

export interface Edge {
  readonly to: number;
  /** The repetition that closes this edge into a loop, if it does. */
  readonly loop?: LoopOrigin;
}

export interface PatternAutomaton {
  /** Position 0 is the start and matches nothing. */
  readonly sets: readonly CharSet[];
  readonly edges: readonly (readonly Edge[])[];
  readonly finals: ReadonlySet<number>;
  /** Ends with `$` in every alternative: a match must reach the end of the value. */
  readonly endAnchored: boolean;
}

/** A bounded repetition longer than this is read as unbounded: safe patterns stay safe, the automaton small. */
const MAX_COPIES = 16;
const UNITS = 0x10ffff;

interface Fragment {
  readonly nullable: boolean;
  readonly first: readonly number[];
  readonly last: readonly number[];
}
const EMPTY: Fragment = { nullable: true, first: [], last: [] };

/**
 * The pattern's syntax tree, read with the u flag as the generated schemas run it. ES2025 (modifiers such as
 * `(?i:…)`) only when ES2024 cannot read it: the newer grammar costs several times more per pattern.
 */
export function parsePattern(pattern: string): AST.Pattern {
  const RegExpParser = loadParser();
  const read = (ecmaVersion: 2024 | 2025) =>
    new RegExpParser({ strict: false, ecmaVersion }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  try {
    return read(2024);
  } catch {
    return read(2025);
  }
}

/** The automaton of a pattern that compiles (SVC106 reports those that do not). */
export function patternAutomaton(pattern: string): PatternAutomaton {
  const ast = parsePattern(pattern);
  const sets: CharSet[] = [[]];
  const edges: Edge[][] = [[]];
  const position = (set: CharSet): number => {
    sets.push(set);
    edges.push([]);
    return sets.length - 1;
  };
  const link = (from: readonly number[], to: readonly number[], loop?: LoopOrigin) => {
    for (const a of from) for (const b of to) edges[a]!.push(loop ? { to: b, loop } : { to: b });
  };
  const concat = (a: Fragment, b: Fragment): Fragment => {
    link(a.last, b.first);
    return {
      nullable: a.nullable && b.nullable,
      first: a.nullable ? [...a.first, ...b.first] : a.first,
      last: b.nullable ? [...a.last, ...b.last] : b.last,
    };
  };
  const union = (fragments: readonly Fragment[]): Fragment => ({
    nullable: fragments.some((f) => f.nullable),
    first: fragments.flatMap((f) => f.first),
    last: fragments.flatMap((f) => f.last),
  });
  const repeat = (f: Fragment, loop: LoopOrigin, nullable: boolean): Fragment => {
    link(f.last, f.first, loop);
    return { ...f, nullable: nullable || f.nullable };
  };

  const atom = (set: CharSet): Fragment => {
    const p = position(set);
    return { nullable: false, first: [p], last: [p] };
  };
  const alternatives = (list: readonly AST.Alternative[], fold: boolean): Fragment =>
    union(list.map((alternative) => alternative.elements.reduce((f, e) => concat(f, element(e, fold)), EMPTY)));
  const quantified = (node: AST.Quantifier, fold: boolean): Fragment => {
    const copy = () => element(node.element, fold);
    const loop = { start: node.start, end: node.end };
    const unbounded = node.max > MAX_COPIES;
    const mandatory = Math.min(node.min, MAX_COPIES);
    // x{2,} is x x+, not x x x*: the last mandatory copy carries the loop, as the engine runs it.
    const looped = unbounded && mandatory > 0 ? 1 : 0;
    let head: Fragment = EMPTY;
    for (let i = looped; i < mandatory; i++) head = concat(head, copy());
    let tail: Fragment = EMPTY;
    if (unbounded) tail = repeat(copy(), loop, looped === 0);
    else for (let i = node.max - mandatory; i > 0; i--) tail = { ...concat(copy(), tail), nullable: true };
    return concat(head, tail);
  };
  const element = (node: AST.Element, fold: boolean): Fragment => {
    switch (node.type) {
      case 'Character':
        return atom(caseFolded([[node.value, node.value]], fold));
      case 'CharacterSet':
        return atom(characterSet(node));
      case 'CharacterClass':
        return atom(characterClass(node, fold));
      case 'Group':
        return alternatives(node.alternatives, fold || (node.modifiers?.add.ignoreCase ?? false));
      case 'CapturingGroup':
        return alternatives(node.alternatives, fold);
      case 'Quantifier':
        return quantified(node, fold);
      case 'Backreference':
        // It repeats text of any length: read as [\s\S]*, the worst it can do.
        return repeat(atom([[0, UNITS]]), { start: node.start, end: node.end }, true);
      case 'Assertion':
        // ^, $, \b and lookarounds consume nothing: leaving them out only adds paths.
        return EMPTY;
      default:
        return EMPTY;
    }
  };

  const ends = (alternative: AST.Alternative, at: 0 | -1, kind: 'start' | 'end') => {
    const e = alternative.elements.at(at);
    return e?.type === 'Assertion' && e.kind === kind;
  };
  const body = alternatives(ast.alternatives, false);
  const startAnchored = ast.alternatives.every((a) => ends(a, 0, 'start'));
  // Without ^ the engine tries the pattern at every offset: a loop over any character in front.
  const entry = startAnchored ? [] : [position([[0, UNITS]])];
  link([0], [...entry, ...body.first]);
  link(entry, entry, 'unanchored start');
  link(entry, body.first);
  return {
    sets,
    edges,
    finals: new Set(body.last),
    endAnchored: ast.alternatives.every((a) => ends(a, -1, 'end')),
  };
}

const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: CharSet = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_ENDS: CharSet = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function characterSet(node: AST.CharacterSet): CharSet {
  if (node.kind === 'any') return complement(LINE_ENDS);
  if (node.kind === 'property') return propertySet(node);
  const set = node.kind === 'digit' ? DIGIT : node.kind === 'word' ? WORD : SPACE;
  return node.negate ? complement(set) : set;
}

/** The code points a \p{…} or \P{…} escape matches, found by asking V8 once per property. */
const properties = new Map<string, CharSet>();
function propertySet(node: AST.CharacterSet & { kind: 'property' }): CharSet {
  const text = node.raw.replace(/^\\P/, '\\p');
  let set = properties.get(text);
  if (set === undefined) {
    const test = new RegExp(text, 'u');
    const ranges: [number, number][] = [];
    for (let code = 0; code <= UNITS; code++) {
      if (!test.test(String.fromCodePoint(code))) continue;
      const last = ranges.at(-1);
      if (last && last[1] === code - 1) last[1] = code;
      else ranges.push([code, code]);
    }
    set = ranges;
    properties.set(text, set);
  }
  return node.negate ? complement(set) : set;
}

function characterClass(node: AST.CharacterClass, fold: boolean): CharSet {
  const parts: (readonly [number, number])[] = [];
  for (const e of node.elements) {
    if (e.type === 'Character') parts.push([e.value, e.value]);
    else if (e.type === 'CharacterClassRange') parts.push([e.min.value, e.max.value]);
    else if (e.type === 'CharacterSet') parts.push(...characterSet(e));
    else parts.push([0, UNITS]);
  }
  const set = caseFolded(normalize(parts), fold);
  return node.negate ? complement(set) : set;
}

/** Under (?i:…), ASCII letters match both cases (enough to see `(?i:a|A)` as ambiguous). */
function caseFolded(set: CharSet, fold: boolean): CharSet {
  if (!fold) return set;
  const extra: [number, number][] = [];
  for (const [lo, hi] of set) {
    for (const [from, to, shift] of [
      [0x41, 0x5a, 0x20],
      [0x61, 0x7a, -0x20],
    ] as const) {
      const a = Math.max(lo, from);
      const b = Math.min(hi, to);
      if (a <= b) extra.push([a + shift, b + shift]);
    }
  }
  return normalize([...set, ...extra]);
}

function normalize(ranges: readonly (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= UNITS) out.push([next, UNITS]);
  return out;
}

/** The characters both sets match. */
export function intersect(a: CharSet, b: CharSet): CharSet {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (lo <= hi) out.push([lo, hi]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/** Whether the sets share a character (intersect without building the intersection). */
export function overlaps(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (Math.max(a[i]![0], b[j]![0]) <= Math.min(a[i]![1], b[j]![1])) return true;
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return false;
}
