// The words of SVC108: why a definition's pattern would let one request hold the server's thread,
// and how to write it instead. pattern-backtracking.ts measures; this module decides and explains.
import type { LoopOrigin } from './pattern-automaton.js';
import { backtracking } from './pattern-backtracking.js';

/**
 * Steps a pattern may cost on the longest value it is run on. The generated schemas check maxLength
 * before the pattern, so a polynomial pattern is fine under a short enough maxLength: 1000 characters
 * for a square, 100 for a cube (a few milliseconds at most).
 */
const STEP_BUDGET = 1_000_000;

const EXPONENTIAL_ADVICE =
  'expected a pattern where each character has one way to match: repeat a part once, as ^a+$ rather than ' +
  '^(a+)+$; make a separator required, as ^[a-z0-9]+(?:-[a-z0-9]+)*$ rather than ^([a-z0-9]+-?)*$; ' +
  'let alternatives match different characters, as (?:\\w|-)+ rather than (?:\\w|_)+';

/** Why a pattern is refused (SVC108), or undefined when its worst case stays linear or bounded. */
export function backtrackingProblem(pattern: string, maxLength: number | undefined): string | undefined {
  const quoted = JSON.stringify(pattern);
  const found = backtracking(pattern);
  switch (found.kind) {
    case 'linear':
      return undefined;
    case 'too-complex':
      return (
        `pattern ${quoted} is too intricate for svcgen to prove that it cannot backtrack catastrophically ` +
        '(expected a simpler pattern: fewer nested or counted repetitions)'
      );
    case 'exponential':
      return (
        `pattern ${quoted} can backtrack catastrophically: ${describe(pattern, found.loop)} can match the same ` +
        'text in more than one way, so on a value that does not match, the regex engine tries exponentially ' +
        'many ways (about 30 characters hold the server for seconds, whatever maxLength says) ' +
        `(${EXPONENTIAL_ADVICE})`
      );
    case 'polynomial': {
      const limit = Math.floor(STEP_BUDGET ** (1 / found.degree) + 1e-9);
      if (maxLength !== undefined && maxLength <= limit) return undefined;
      const loops = describeAll(pattern, found.loops);
      const growth = found.degree === 2 ? 'the square' : found.degree === 3 ? 'the cube' : `the power ${found.degree}`;
      const cost = found.degree === 2 ? 'hundreds of milliseconds' : 'seconds or more';
      return (
        `pattern ${quoted} backtracks in polynomial time: ${andList(loops)} can take the same characters, so ` +
        `on a value that does not match, the regex engine's work grows with ${growth} of its length ` +
        `(10,000 characters take ${cost})${maxLength === undefined ? '' : ` and maxLength ${maxLength} allows that much`} ` +
        `(expected maxLength ${limit} or less, or repetitions that cannot take each other's characters: ` +
        'start the pattern with ^, put a character that neither repetition matches between them)'
      );
    }
  }
}

function describe(pattern: string, loop: LoopOrigin, where = false): string {
  if (loop === 'unanchored start') return 'the search at every offset (the pattern does not start with ^)';
  const text = `the repetition ${JSON.stringify(pattern.slice(loop.start, loop.end))}`;
  return where ? `${text} at character ${loop.start + 1}` : text;
}

/** Each loop once (a counted repetition repeats its loops); the same text twice is told apart by its place. */
function describeAll(pattern: string, loops: readonly LoopOrigin[]): string[] {
  const distinct = [...new Map(loops.map((loop) => [loop === 'unanchored start' ? -1 : loop.start, loop])).values()];
  const texts = distinct.map((loop) => describe(pattern, loop));
  return distinct.map((loop, i) => describe(pattern, loop, texts.indexOf(texts[i]!) !== texts.lastIndexOf(texts[i]!)));
}

function andList(items: readonly string[]): string {
  const shown = items.length > 3 ? [...items.slice(0, 3), 'more'] : items;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
