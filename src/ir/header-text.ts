// SVC240: a header's declared values must be text a header line carries (runtime/core/header-text.ts: visible
// ASCII, space, tab and U+0080-U+00FF, RFC 9110 section 5.5). A plain `type: string` header is any such text: the
// generated client refuses the rest before sending. What the definitions state about the values (a pattern, enum
// values, a const, a default) is a promise to every client and the OpenAPI document, so it must not promise what
// no header can carry: fetch would fail sending it. Path, query and cookie values are percent-encoded, and a
// json-style header is sent as ASCII JSON: any text travels there. Every string format is ASCII (formats.ts).
import { unsendableHeaderText } from '../runtime/core/header-text.js';
import type { Report } from './context.js';
import { intersect, patternAutomaton, type CharSet } from './pattern-automaton.js';
import { patternRegExp } from './pattern-regexp.js';
import type { ParameterIr, TypeIr } from './types.js';

const SENDABLE: CharSet = [
  [0x09, 0x09],
  [0x20, 0x7e],
  [0x80, 0xff],
];
const UNSENDABLE: CharSet = [
  [0x00, 0x08],
  [0x0a, 0x1f],
  [0x7f, 0x7f],
  [0x100, 0x10ffff],
];

/** The characters a way through the pattern takes where it may: letters and digits read best in a message. */
const READABLE: readonly CharSet[] = [[[0x61, 0x7a]], [[0x41, 0x5a]], [[0x30, 0x39]], [[0x21, 0x7e]], SENDABLE];

const EXPECTED =
  'expected values of visible ASCII, space, tab and U+0080-U+00FF (RFC 9110 section 5.5), such as [A-Z] for ' +
  '\\p{Lu} in a pattern; or a query parameter or cookie, which carry any text percent-encoded';

/** SVC240 for a request or response header (not json-style) whose declared values a header cannot carry. */
export function checkHeaderText(param: ParameterIr, where: string, report: Report): void {
  if (param.style === 'json') return;
  const problem = typeProblem(param.type) ?? defaultProblem(param.default);
  if (problem !== undefined) report(param.location, 'SVC240', `${where} ${problem} (${EXPECTED})`);
}

function typeProblem(type: TypeIr): string | undefined {
  if (type.kind === 'list') return typeProblem(type.items);
  if (type.kind === 'enum') {
    for (const value of type.values) {
      const problem = unsendableHeaderText(value);
      if (problem !== undefined) return `has the enum value ${JSON.stringify(value)} (it ${problem})`;
    }
    return undefined;
  }
  if (type.kind !== 'scalar' || type.scalar !== 'string') return undefined;
  if (typeof type.const === 'string') {
    const problem = unsendableHeaderText(type.const);
    if (problem !== undefined) return `has the const ${JSON.stringify(type.const)} (it ${problem})`;
  }
  const pattern = type.constraints.pattern;
  // A format admits ASCII text alone, whatever the pattern beside it admits.
  if (pattern === undefined || type.format !== undefined) return undefined;
  const value = unsendableMatch(pattern);
  return value === undefined
    ? undefined
    : `has the pattern ${JSON.stringify(pattern)}, which admits ${JSON.stringify(value)} (it ${unsendableHeaderText(value)})`;
}

function defaultProblem(value: unknown): string | undefined {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item !== 'string') continue;
    const problem = unsendableHeaderText(item);
    if (problem !== undefined) return `has the default ${JSON.stringify(item)} (it ${problem})`;
  }
  return undefined;
}

/**
 * A value the pattern matches that holds a character no header carries, if the search finds one: for each position
 * of the pattern's automaton that can match such a character, the shortest way through it, each other position
 * taking a character a header carries. A candidate is kept only if the pattern, run as the schemas run it, matches
 * it (the automaton leaves lookarounds out), so nothing is reported that the pattern refuses.
 */
export function unsendableMatch(pattern: string): string | undefined {
  const automaton = patternAutomaton(pattern);
  const regexp = patternRegExp(pattern);
  const { sets, edges, finals } = automaton;
  const char = (set: CharSet, ...preferred: CharSet[]) => {
    const range = preferred.map((chars) => intersect(set, chars)[0]).find((found) => found !== undefined);
    return String.fromCodePoint((range ?? set[0] ?? [0x61])[0]);
  };
  // The shortest way from the start to each position, and from each position to an end.
  const into = shortestPaths(sets.length, (from) => edges[from]!.map((edge) => edge.to), [0]);
  const reverse: number[][] = sets.map(() => []);
  edges.forEach((list, from) => list.forEach((edge) => reverse[edge.to]!.push(from)));
  const out = shortestPaths(sets.length, (from) => reverse[from]!, [...finals]);
  const text = (path: readonly number[]) => path.map((position) => char(sets[position]!, ...READABLE)).join('');
  const candidates: string[] = [];
  for (let position = 1; position < sets.length; position++) {
    const before = into[position];
    const after = out[position];
    if (before === undefined || after === undefined || intersect(sets[position]!, UNSENDABLE).length === 0) continue;
    const odd = char(sets[position]!, [[0x100, 0x10ffff]], UNSENDABLE);
    candidates.push(text(before.slice(1, -1)) + odd + text(after.slice(0, -1).reverse()));
  }
  // Without $ the pattern admits anything after a match.
  if (!automaton.endAnchored) {
    const ends = [...finals].map((end) => into[end]).filter((path) => path !== undefined);
    for (const path of ends.length > 0 ? ends : [[0]]) candidates.push(`${text(path.slice(1))}\u0100`);
  }
  return candidates.find((candidate) => unsendableHeaderText(candidate) !== undefined && regexp.test(candidate));
}

/** Breadth first from `starts`: for each position reached, the positions on a shortest path to it, ends included. */
function shortestPaths(
  count: number,
  next: (position: number) => readonly number[],
  starts: readonly number[],
): (number[] | undefined)[] {
  const paths: (number[] | undefined)[] = Array.from({ length: count }, () => undefined);
  const queue = [...starts];
  for (const start of starts) paths[start] = [start];
  for (let at = 0; at < queue.length; at++) {
    const from = queue[at]!;
    for (const to of next(from)) {
      if (paths[to] !== undefined) continue;
      paths[to] = [...paths[from]!, to];
      queue.push(to);
    }
  }
  return paths;
}
