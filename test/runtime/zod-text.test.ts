// Text readings of parameters (src/runtime/core/zod-text.ts): every number a client writes with
// String(number) is read back as that number (the API fuzzer found 1e-7 and 17-decimal numbers
// refused in query and header parameters); anything else is refused.
import { describe, expect, it } from 'vitest';
import { integerText, numberText } from '../../src/runtime/core/zod-text.js';

describe('numberText', () => {
  it.each([
    -12.5, 0, 4, 0.30000000000000004, 1e-7, -1.3881417775808672e-279, 1.7976931348623157e308, 123456789012345.67,
  ])('reads String(%s) back as the same number', (value) => {
    expect(numberText.parse(String(value))).toBe(value);
  });

  it.each(['', 'abc', '1.', '.5', '1e', '0x10', 'Infinity', 'NaN', '1e400', ' 1', '1,5', '--1'])(
    'refuses %j',
    (text) => {
      expect(numberText.safeParse(text).success).toBe(false);
    },
  );
});

describe('integerText', () => {
  it('reads digits with a sign and refuses a fraction', () => {
    expect(integerText.parse('-42')).toBe(-42);
    expect(integerText.safeParse('4.5').success).toBe(false);
  });
});
