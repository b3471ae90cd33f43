// SVC240's two halves, given/want: which patterns admit a value no header carries (and the value named), and
// which declared header values the check refuses. Checked against the pattern as the schemas run it.
import { describe, expect, it } from 'vitest';
import { unsendableMatch } from '../../src/ir/header-text.js';
import { patternRegExp } from '../../src/ir/pattern-regexp.js';
import { STRING_FORMAT_ROWS } from '../../src/ir/formats.js';
import { withDiagnostics } from '../../src/definitions/diagnostics.js';
import { unsendableHeaderText } from '../../src/runtime/core/header-text.js';
import { buildIrFromInputs } from '../../src/build-ir.js';

describe('unsendableMatch', () => {
  it.each([
    ['^\\p{Lu}\\p{Ll}{1,5}$', 'Āa'],
    ['^[^\\s/?#%]{1,6}$', 'Ā'],
    ['^.*$', 'Ā'],
    ['^[a-z]+', 'aĀ'],
    ['[a-z]+$', 'Āa'],
    ['^a|b$', 'aĀ'],
    ['^日本$', '日本'],
    ['^(?:\\r\\n)?x$', '\r\nx'],
  ])('%s admits %j', (pattern, want) => {
    expect(unsendableMatch(pattern)).toBe(want);
    expect(patternRegExp(pattern).test(want)).toBe(true);
  });

  it.each([
    '^[a-z]+$',
    '^[A-Z0-9.-]+$',
    '^caf\u00e9$',
    '^(?=.*\\d)[a-z\\d]{4,8}$',
    '^(x|y)-\\1$',
    '^$',
    '^(?=[\\t\\x20-\\x7e\\x80-\\xff]*$).*$',
  ])('%s admits only header text', (pattern) => {
    expect(unsendableMatch(pattern)).toBeUndefined();
  });

  it('every string format with a pattern is header text', () => {
    for (const row of Object.values(STRING_FORMAT_ROWS)) {
      if ('pattern' in row) expect(unsendableMatch(row.pattern)).toBeUndefined();
      for (const example of row.examples) expect(unsendableHeaderText(example)).toBeUndefined();
    }
  });
});

describe('unsendableHeaderText', () => {
  it.each([
    ['plain', undefined],
    ['café au lait', undefined],
    ['tab\tinside', undefined],
    ['Ỳa', 'holds U+1EF2 at index 0, which no header carries'],
    ['a\nb', 'holds U+000A at index 1, which no header carries'],
    ['a\u007f', 'holds U+007F at index 1, which no header carries'],
    [' a', 'starts or ends with a space or tab, which HTTP drops'],
    ['a\t', 'starts or ends with a space or tab, which HTTP drops'],
  ])('%j: %s', (text, want) => {
    expect(unsendableHeaderText(text)).toBe(want);
  });
});

describe('SVC240', () => {
  const route = (headers: string, responseHeaders = '') => `name: mini
interface: { title: Mini, basePath: /api, style: api-alias, errorStyle: errors-array }
routes:
  getItem:
    method: GET
    path: /item
    headers:
${headers}
    responses:
      "200": {${responseHeaders}}
`;
  const codes = async (text: string) => {
    const definitions = [{ file: 'definitions/mini.yaml', bytes: new TextEncoder().encode(text) }];
    const result = await withDiagnostics(() => buildIrFromInputs({ definitions, diagnostics: [] }));
    return 'ok' in result && result.ok === false ? result.diagnostics.map((d) => `${d.code} ${d.message}`) : [];
  };

  it.each([
    ['      X-Trace: { type: string }'],
    ['      X-Trace: { type: string, pattern: "^[A-Z][a-z]{1,5}$" }'],
    ['      X-Trace: { type: string, format: email, pattern: "^.+$" }'],
    ['      X-Trace: { type: string, const: café }'],
    ['      X-Trace: { type: json, style: json }'],
    ['      X-Trace: { type: list, items: { type: enum, values: [a, b] }, default: [a] }'],
  ])('accepts %s', async (headers) => {
    expect(await codes(route(headers))).toEqual([]);
  });

  it.each([
    ['      X-Trace: { type: string, pattern: "^\\\\p{L}+$" }', 'has the pattern "^\\\\p{L}+$", which admits "Ā"'],
    ['      X-Trace: { type: enum, values: [ok, "日本"] }', 'has the enum value "日本"'],
    ['      X-Trace: { type: string, const: " x" }', 'starts or ends with a space or tab'],
    ['      X-Trace: { type: string, default: "Ỳ" }', 'has the default "Ỳ"'],
    ['      X-Trace: { type: list, items: { type: string, pattern: "^.*$" } }', 'which admits "Ā"'],
  ])('refuses %s', async (headers, want) => {
    const found = await codes(route(headers));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('SVC240 header "x-trace" of route "getItem" ');
    expect(found[0]).toContain(want);
  });

  it('refuses a response header too', async () => {
    const found = await codes(
      route(
        '      X-Ok: { type: string }',
        ' headers: { X-Name: { type: string, pattern: "^\\\\w+$|^é+$|\\\\p{Ll}" } } ',
      ),
    );
    expect(found).toEqual([expect.stringContaining('SVC240 response 200 header "x-name" of route "getItem"')]);
  });
});
