// The CLI's V8 tiering setting (src/v8-tiering.ts): set only on the V8 it was measured on, and
// never over a value the user passed to node.
import { describe, expect, it } from 'vitest';
import { tieringFlags } from '../../src/v8-tiering.js';

describe('tieringFlags', () => {
  it('raises the interrupt budget to eight times the default on V8 11 (Node 20)', () => {
    expect(tieringFlags('11.3.244.8-node.38', [])).toEqual(['--interrupt-budget=540672']);
    expect(tieringFlags('11.3.244.8-node.38', ['--enable-source-maps'])).toEqual(['--interrupt-budget=540672']);
  });

  it('leaves a budget the user passed to node alone', () => {
    expect(tieringFlags('11.3.244.8-node.38', ['--interrupt-budget=1000'])).toEqual([]);
  });

  it('leaves other V8 versions, where it was not measured, to their own setting', () => {
    expect(tieringFlags('12.4.254.21-node.33', [])).toEqual([]);
    expect(tieringFlags('10.2.154.26-node.36', [])).toEqual([]);
  });
});
