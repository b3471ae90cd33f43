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
    expect(patternExample({ patterns: ['^[a-z]+$'], minLength: 3 })).toMatch(/^[a-z]{3,}$/);
    expect(patternExample({ patterns: ['^[a-z]{1,2}$'], minLength: 3 })).toBeUndefined();
    expect(patternExample({ patterns: ['^[a-z]{3,}$'], minLength: 3 })).toBe('abc');
  });

  it('looks for one where the short walk cannot follow (lookarounds, back references, \\p{…}), or gives none', () => {
    expect(patternExample({ patterns: ['^(?=a)a$'] })).toBe('a');
    expect(patternExample({ patterns: ['^(a)\\1$'] })).toBe('aa');
    expect(patternExample({ patterns: ['^(?=.*\\d)[a-z\\d]{3}$'] })).toMatch(/^(?=.*\d)[a-z\d]{3}$/u);
    expect(patternExample({ patterns: ['^\\p{Lu}\\P{L}$'] })).toMatch(/^\p{Lu}\P{L}$/u);
    expect(patternExample({ patterns: ['^(?=a)b$'] })).toBeUndefined();
  });

  it('fits the length bounds both as zod counts them (UTF-16 units) and as JSON Schema does (code points)', () => {
    expect(patternExample({ patterns: ['^.$'], maxLength: 1 })).toBe('a');
    expect(patternExample({ patterns: ['^😀$'], maxLength: 1 })).toBeUndefined();
    expect(patternExample({ patterns: ['^😀$'], maxLength: 2 })).toBe('😀');
    expect(patternExample({ patterns: ['^😀$'], minLength: 2 })).toBeUndefined();
  });

  it('must satisfy every pattern of the schema', () => {
    expect(patternExample({ patterns: ['^[a-z]+$', '^[0-9]+$'] })).toBeUndefined();
  });
});
