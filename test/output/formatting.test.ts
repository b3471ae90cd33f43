// Files svcgen writes without running prettier must be exactly what prettier would write.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import * as prettier from 'prettier';
import { compactTables } from '../../src/emitters/docs/markdown-table.js';
import { describe, expect, it } from 'vitest';
import { PRETTIER_OPTIONS } from '../../src/emitters/shared/format-options.js';
import { canonicalJson } from '../../src/emitters/shared/json.js';

const root = resolve(import.meta.dirname, '../..');

describe('output that skips the formatter', () => {
  it('the runtime sources are in prettier form', async () => {
    const dir = join(root, 'src/runtime');
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts'))) {
      const text = readFileSync(join(dir, name), 'utf8');
      const formatted = await prettier.format(`// header\n\n${text}`, { ...PRETTIER_OPTIONS, filepath: name });
      expect(formatted, `src/runtime/${name}: run npm run format:runtime`).toBe(`// header\n\n${text}`);
    }
  });

  it('the generated OpenAPI documents are in prettier form', async () => {
    for (const name of ['admin-api', 'store-api', 'price-list-api', 'banner-api']) {
      const text = readFileSync(join(root, 'generated', name, 'openapi.json'), 'utf8');
      expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'json' })).toBe(text);
    }
  });

  it('the generated TypeScript files are in prettier form', async () => {
    for (const name of ['admin-api', 'store-api', 'price-list-api', 'banner-api', 'shared']) {
      const dir = join(root, 'generated', name);
      for (const file of readdirSync(dir).filter((each) => each.endsWith('.ts'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        expect(await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: file }), `generated/${name}/${file}`).toBe(
          text,
        );
      }
    }
  });

  it('the generated docs pages (svcgen templates, without prettier) are in prettier form, tables unpadded', async () => {
    for (const name of ['admin-api', 'store-api', 'price-list-api', 'banner-api']) {
      const text = readFileSync(join(root, 'generated', name, 'README.md'), 'utf8');
      expect(
        compactTables(await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: 'README.md' })),
        `generated/${name}/README.md`,
      ).toBe(text);
    }
  });

  it.each([
    { given: { a: [1, 2, 3], b: {}, c: [] }, want: '{\n  "a": [1, 2, 3],\n  "b": {},\n  "c": []\n}\n' },
    { given: { list: [{ x: 1 }] }, want: '{\n  "list": [\n    {\n      "x": 1\n    }\n  ]\n}\n' },
    { given: { long: Array.from({ length: 30 }, (_, i) => `value-${i}`) }, want: null },
    // prettier fills a long array of numbers, as many to a line as fit (found by the property below).
    {
      given: { n: [0, -1e6, 1e9, -1.0001161816314042e-194, 1e9, -1.6819887311402043e-306, 1.0000916849351382e-270] },
      want: null,
    },
    { given: { n: Array.from({ length: 40 }, (_, i) => i * 1001) }, want: null },
  ])('canonicalJson matches prettier: $given', async ({ given, want }) => {
    const text = canonicalJson(given);
    if (want !== null) expect(text).toBe(want);
    expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'json' })).toBe(text);
  });

  it('canonicalJson is a prettier fixed point and the same value (scalar arrays near the width too)', async () => {
    // Values shaped like the documents' (no empty objects or arrays of arrays, which both print
    // differently); keys and items of many lengths put one-line arrays on both sides of the limit.
    const key = fc.string({ maxLength: 40 });
    const scalar = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double({ noNaN: true }), fc.constant(null));
    const flat = fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 12 })), { minKeys: 1 });
    const value = fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 12 }), flat, fc.array(flat)));
    await fc.assert(
      fc.asyncProperty(value, async (given) => {
        const text = canonicalJson(given);
        // prettier drops the "+" of an exponent (1e+21), a number no definition is likely to hold.
        fc.pre(!/\de\+/.test(text));
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(given)));
        expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'json' })).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('canonicalJson fills arrays of numbers as prettier does', async () => {
    const numbers = fc.array(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), {
      minLength: 2,
      maxLength: 30,
    });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), numbers, async (key, list) => {
        const text = canonicalJson({ [key]: list, after: list.slice(1) });
        fc.pre(!/\de\+/.test(text));
        expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'json' })).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
