// Examples for pattern-constrained strings (issue 21 item 1): every example given is accepted by
// its pattern and length bounds; a pattern the walk cannot follow gets no example, never a wrong one.
import { describe, expect, it } from 'vitest';
import { patternExample } from '../../src/emitters/openapi/pattern-example.js';

const ACCEPTED: readonly string[] = [
  '^[0-9a-f]{32}$',
  '^[A-Z]{3}$',
  '^[A-Za-z0-9]+$',
  '^ev-[0-9]{4}$',
  '^(?:draft|published)-\\d{2,4}$',
  '^[a-z][a-z0-9_-]*(\\.[a-z]+)?$',
  '^\\w+@\\w+\\.com$',
  '^[^\\s/]+$',
  '^v[0-9]+(\\.[0-9]+){2}$',
];

describe('patternExample', () => {
  it.each(ACCEPTED)('%s: the example matches', (pattern) => {
    const example = patternExample({ patterns: [pattern] });
    expect(example).toBeDefined();
    expect(example).toMatch(new RegExp(pattern, 'u'));
  });

  it('honours the length bounds, or gives none', () => {
    expect(patternExample({ patterns: ['^[a-z]+$'], minLength: 3 })).toBeUndefined();
    expect(patternExample({ patterns: ['^[a-z]{3,}$'], minLength: 3 })).toBe('abc');
  });

  it('gives none for what it cannot follow (lookarounds, back references)', () => {
    expect(patternExample({ patterns: ['^(?=a)a$'] })).toBeUndefined();
    expect(patternExample({ patterns: ['^(a)\\1$'] })).toBeUndefined();
  });

  it('must satisfy every pattern of the schema', () => {
    expect(patternExample({ patterns: ['^[a-z]+$', '^[0-9]+$'] })).toBeUndefined();
  });
});
