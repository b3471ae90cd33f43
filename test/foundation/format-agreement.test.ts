// One format, three readers that must agree: the zod schema a generated server and client check with,
// the JSON Schema the OpenAPI document gives contract testers (ajv with ajv-formats), and the check of
// defaults in definitions (the row's test). Each row's examples are accepted by all three, and on every
// probe the server (zod) accepts no less than the OpenAPI document does: a client that follows the
// document is never refused.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STRING_FORMATS, stringFormat, type StringFormatRow } from '../../src/ir/formats.js';

const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);
const ajv = new Ajv2020({ strict: false });
applyFormats(ajv);

function zodOf(row: StringFormatRow): z.ZodType {
  if (row.zod === undefined) return z.string().regex(new RegExp(row.pattern ?? ''));
  const make = row.zod
    .split('.')
    .slice(1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], z) as () => z.ZodType;
  return make();
}

const PROBES = [
  '',
  'x y',
  'abc',
  '@@',
  '%zz',
  '/a/b?c#d',
  'https://example.test/x',
  'http://x/a b',
  'http://x/%zz',
  'http://x:99999/',
  'a@b.co',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-426614174000',
  'ZZZe4567-e89b-12d3-a456-426614174000',
  '09:30:00',
  '09:30:00Z',
  '24:00:00Z',
  'P1D',
  'P',
  'PT',
  '1.2.3.4',
  '256.1.1.1',
  '::1',
  'fe80::1::2',
  'host-',
  'aGVsbG8=',
  'aGVsbG8',
  'EUR',
  'eur',
];

describe.each(STRING_FORMATS)('format %s', (format) => {
  const row = stringFormat(format);
  const schema = zodOf(row);
  const validate = ajv.compile({
    type: 'string',
    ...row.openapi,
    ...(row.pattern !== undefined && { pattern: row.pattern }),
  });

  it('accepts its examples everywhere', () => {
    for (const example of row.examples) {
      expect(schema.safeParse(example).success, `zod: ${example}`).toBe(true);
      expect(validate(example), `ajv: ${example}`).toBe(true);
      expect(row.test(example), `test: ${example}`).toBe(true);
    }
  });

  it('never refuses a value the OpenAPI document allows, and defaults are read as the server reads them', () => {
    const refused = PROBES.filter((probe) => validate(probe) && !schema.safeParse(probe).success);
    expect(refused).toEqual([]);
    const differ = PROBES.filter((probe) => row.test(probe) !== schema.safeParse(probe).success);
    expect(differ).toEqual([]);
  });
});
