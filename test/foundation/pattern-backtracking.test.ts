// Issue 31, item 1: the pattern corpus through the backtracking analysis (src/ir/pattern-backtracking.ts)
// and the words of SVC108 (src/ir/pattern-safety.ts). Every dangerous pattern is refused, no common
// safe one is; a polynomial one passes only under the maxLength its degree allows.
import { describe, expect, it } from 'vitest';
import { backtracking } from '../../src/ir/pattern-backtracking.js';
import { backtrackingProblem } from '../../src/ir/pattern-safety.js';
import { DANGEROUS, SAFE } from '../fixtures/patterns/corpus.js';

describe('the pattern corpus', () => {
  it.each(DANGEROUS)('refuses $pattern (maxLength $maxLength): $kind', ({ pattern, maxLength, kind }) => {
    expect(backtracking(pattern).kind).toBe(kind);
    const problem = backtrackingProblem(pattern, maxLength);
    expect(problem).toContain(JSON.stringify(pattern));
    expect(problem).toContain('(expected ');
  });

  it.each(SAFE)('accepts $pattern (maxLength $maxLength)', ({ pattern, maxLength }) => {
    expect(backtrackingProblem(pattern, maxLength)).toBeUndefined();
  });
});

describe('what SVC108 says', () => {
  it('names the repetition that splits text two ways, and says maxLength cannot help', () => {
    const problem = backtrackingProblem('^(a+)+$', 10);
    expect(problem).toContain('the repetition "(a+)+" can match the same text in more than one way');
    expect(problem).toContain('whatever maxLength says');
    expect(problem).toContain('repeat a part once, as ^a+$ rather than ^(a+)+$');
  });

  it('names the loops of a polynomial pattern, the missing ^ among them, and the maxLength that makes it fine', () => {
    const problem = backtrackingProblem('\\d+$', undefined);
    expect(problem).toContain('the search at every offset (the pattern does not start with ^)');
    expect(problem).toContain('the repetition "\\\\d+"');
    expect(problem).toContain('grows with the square of its length');
    expect(problem).toContain('expected maxLength 1000 or less');
    expect(backtrackingProblem('\\d+$', 1000)).toBeUndefined();
    expect(backtrackingProblem('\\d+$', 1001)).toContain('maxLength 1001 allows that much');
  });

  it('tells a cube from a square, and two repetitions written alike by their place', () => {
    expect(backtrackingProblem('.*.*=.*', 101)).toContain('the cube of its length');
    expect(backtrackingProblem('.*.*=.*', 100)).toBeUndefined();
    const email = backtrackingProblem('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', undefined);
    expect(email).toContain('"[^@\\\\s]+" at character 10 and the repetition "[^@\\\\s]+" at character 19');
  });

  it('accepts a repetition the match can end on without $ (the engine stops at the first match)', () => {
    expect(backtracking('(a|a)*').kind).toBe('linear');
    expect(backtracking('(a|a)*$').kind).toBe('exponential');
  });

  it('reads the pattern with the u flag, as the generated schemas run it, case-folding groups included', () => {
    // \p{…} is a set of code points, not the text "p{L}" it is without the flag.
    expect(backtracking('^(?:\\p{L}|p)+$').kind).toBe('exponential');
    expect(backtracking('^(?:\\p{Lu}|p)+$').kind).toBe('linear');
    expect(backtracking('^(?:\\P{Lu}|p)+$').kind).toBe('exponential');
    // An astral character is one position, not two code units the repetition could split.
    expect(backtracking('^(?:😀|\\u{1F600})+$').kind).toBe('exponential');
    expect(backtracking('^(?:😀|\\uD83D)+$').kind).toBe('linear');
    expect(backtracking('^(?i:a|A)+$').kind).toBe('exponential');
    expect(backtracking('^(?:a|A)+$').kind).toBe('linear');
  });
});
