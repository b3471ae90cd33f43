// Broken definitions → the first diagnostic, exactly where a reader would look for it.
// Each file in test/fixtures/broken/ holds ONE problem; its row below was worked out by hand from
// the fixture text (lines and columns count from 1, columns in characters).
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DefinitionsError,
  DIAGNOSTIC_CODES,
  formatDiagnostic,
  type Diagnostic,
  type DiagnosticCode,
} from '../../src/definitions/diagnostics.js';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { generate } from '../../src/pipeline.js';
import { tempDir } from '../helpers/tree.js';

const BROKEN = 'test/fixtures/broken';
const MULTI = 'test/fixtures/broken-multi';
const MANY = 'test/fixtures/broken-many';

interface Case {
  readonly fixture: string;
  readonly code: DiagnosticCode;
  readonly line: number;
  readonly column: number;
  /** What the message must quote of what was found. */
  readonly found: string;
}

const CASES: readonly Case[] = [
  { fixture: 'svc002-duplicate-key.yaml', code: 'SVC002', line: 7, column: 7, found: 'unique' },
  // yaml points where the "}" was due: the first line past the unclosed mapping.
  { fixture: 'svc002-unclosed-flow-mapping.yaml', code: 'SVC002', line: 6, column: 7, found: 'end with a }' },
  { fixture: 'svc003-deep-nesting.yaml', code: 'SVC003', line: 1, column: 1, found: 'depth' },
  { fixture: 'svc004-alias-bomb.yaml', code: 'SVC004', line: 1, column: 1, found: 'alias' },
  {
    fixture: 'svc101-unknown-key.yaml',
    code: 'SVC101',
    line: 7,
    column: 9,
    found: 'unknown key "requried" in records.item.fields.id (did you mean "required"?',
  },
  {
    fixture: 'svc101-unknown-key-in-auth-scheme.yaml',
    code: 'SVC101',
    line: 14,
    column: 5,
    found: 'expected one of: description, origin, type, realm, algorithms',
  },
  { fixture: 'svc102-missing-path.yaml', code: 'SVC102', line: 9, column: 5, found: '"path"' },
  { fixture: 'svc102-missing-method.yaml', code: 'SVC102', line: 9, column: 5, found: '"method"' },
  { fixture: 'svc102-missing-field-type.yaml', code: 'SVC102', line: 6, column: 9, found: '"type"' },
  { fixture: 'svc102-route-without-interface.yaml', code: 'SVC102', line: 3, column: 3, found: 'interface' },
  { fixture: 'svc103-wrong-type.yaml', code: 'SVC103', line: 7, column: 20, found: '"60"' },
  { fixture: 'svc104-misspelt-type.yaml', code: 'SVC104', line: 6, column: 15, found: '"integr"' },
  { fixture: 'svc105-bad-method.yaml', code: 'SVC105', line: 9, column: 13, found: '"GETT"' },
  {
    fixture: 'svc105-additional-fields-false.yaml',
    code: 'SVC105',
    line: 9,
    column: 23,
    found: 'is false (leave additionalFields out for a closed record; expected true',
  },
  {
    fixture: 'svc105-additional-fields-misspelt.yaml',
    code: 'SVC105',
    line: 9,
    column: 23,
    found: 'records.note.additionalFields is "ignored" (did you mean "ignore"? expected true',
  },
  { fixture: 'svc105-bad-auth-type.yaml', code: 'SVC105', line: 9, column: 11, found: 'type is "oauth3"' },
  { fixture: 'svc106-path-without-slash.yaml', code: 'SVC106', line: 10, column: 11, found: '"item"' },
  { fixture: 'svc106-empty-tag.yaml', code: 'SVC106', line: 8, column: 5, found: 'key "" in interface.tags' },
  { fixture: 'svc106-record-name-with-space.yaml', code: 'SVC106', line: 3, column: 3, found: '"price list"' },
  { fixture: 'svc106-file-name-with-space.yaml', code: 'SVC106', line: 1, column: 7, found: '"mini api"' },
  {
    // Text without the u flag ("a{"), an error with it: the schemas and ajv would read it two ways.
    fixture: 'svc106-pattern-without-u-flag.yaml',
    code: 'SVC106',
    line: 6,
    column: 7,
    found: 'pattern "a{" is not a regular expression with the u flag',
  },
  { fixture: 'svc107-infinite-default.yaml', code: 'SVC107', line: 7, column: 18, found: '.inf' },
  {
    fixture: 'svc108-exponential-pattern.yaml',
    code: 'SVC108',
    line: 6,
    column: 7,
    found: 'the repetition "([a-zA-Z0-9]+\\\\s?)*" can match the same text in more than one way',
  },
  { fixture: 'svc201-unknown-record.yaml', code: 'SVC201', line: 7, column: 17, found: '"person"' },
  { fixture: 'svc202-unknown-auth-scheme.yaml', code: 'SVC202', line: 18, column: 11, found: '"basic"' },
  { fixture: 'svc203-duplicate-route.yaml', code: 'SVC203', line: 8, column: 3, found: 'GET /api/item' },
  {
    fixture: 'svc203-duplicate-route-param-names.yaml',
    code: 'SVC203',
    line: 16,
    column: 3,
    found: 'GET /api/item/{key}',
  },
  {
    fixture: 'svc203-router-tie.yaml',
    code: 'SVC203',
    line: 13,
    column: 3,
    found:
      'route "getStart" serves GET /api/ranges/{from}.json, and route "getRange" of mini serves GET /api/ranges/{from}-{to}.json:',
  },
  { fixture: 'svc204-records-same-type-name.yaml', code: 'SVC204', line: 7, column: 3, found: 'PriceList' },
  { fixture: 'svc205-undeclared-path-param.yaml', code: 'SVC205', line: 10, column: 11, found: '{id}' },
  { fixture: 'svc206-unused-path-param.yaml', code: 'SVC206', line: 12, column: 7, found: '"id"' },
  { fixture: 'svc207-integer-default-string.yaml', code: 'SVC207', line: 5, column: 7, found: '"5"' },
  { fixture: 'svc207-enum-default-not-a-value.yaml', code: 'SVC207', line: 5, column: 7, found: '"UP"' },
  {
    fixture: 'svc208-required-record-cycle.yaml',
    code: 'SVC208',
    line: 10,
    column: 7,
    found: 'chicken → egg → chicken',
  },
  { fixture: 'svc209-omit-unknown-field.yaml', code: 'SVC209', line: 18, column: 48, found: '"identifier"' },
  { fixture: 'svc209-bad-foreign-key.yaml', code: 'SVC209', line: 14, column: 60, found: '"taxRef"' },
  { fixture: 'svc210-unknown-privilege.yaml', code: 'SVC210', line: 22, column: 16, found: '"write"' },
  { fixture: 'svc211-unknown-error.yaml', code: 'SVC211', line: 17, column: 26, found: '"notFound"' },
  { fixture: 'svc212-record-without-record.yaml', code: 'SVC212', line: 6, column: 9, found: 'record' },
  { fixture: 'svc212-list-without-items.yaml', code: 'SVC212', line: 6, column: 9, found: 'list' },
  { fixture: 'svc213-coerce-on-string.yaml', code: 'SVC213', line: 7, column: 9, found: 'string' },
  {
    fixture: 'svc251-uuid-on-integer.yaml',
    code: 'SVC251',
    line: 7,
    column: 17,
    found: 'format uuid does not apply to type integer; it belongs to type: string',
  },
  { fixture: 'svc251-binary-field.yaml', code: 'SVC251', line: 5, column: 38, found: 'format: byte (base64)' },
  {
    fixture: 'svc253-unknown-named-type.yaml',
    code: 'SVC253',
    line: 7,
    column: 22,
    found: 'unknown named type "mini.customerID"',
  },
  {
    fixture: 'svc208-named-type-cycle.yaml',
    code: 'SVC208',
    line: 3,
    column: 38,
    found: 'mini.forest → mini.tree → mini.forest',
  },
  {
    fixture: 'svc204-named-type-like-record.yaml',
    code: 'SVC204',
    line: 3,
    column: 3,
    found: 'type "money" and record "money" both become Money',
  },
  { fixture: 'svc252-const-of-another-type.yaml', code: 'SVC252', line: 7, column: 16, found: 'const "2"' },
  {
    fixture: 'svc254-tag-missing-in-variant.yaml',
    code: 'SVC254',
    line: 17,
    column: 13,
    found: 'record voucher has no field "kind"',
  },
  {
    fixture: 'svc254-enum-tag-without-mapping.yaml',
    code: 'SVC254',
    line: 17,
    column: 13,
    found: `without "textBody", the value that names the variant (expected "textBody" among its values, or the discriminator's mapping: { text: textBody })`,
  },
  { fixture: 'svc255-discriminator-on-integer.yaml', code: 'SVC255', line: 5, column: 31, found: 'discriminator' },
  { fixture: 'svc270-example-not-a-number.yaml', code: 'SVC270', line: 8, column: 18, found: '"abc" of field "price"' },
  { fixture: 'svc260-upload-beside-body.yaml', code: 'SVC260', line: 8, column: 5, found: 'a body and an upload' },
  { fixture: 'svc261-upload-on-get.yaml', code: 'SVC261', line: 7, column: 5, found: 'a GET route takes an upload' },
  { fixture: 'svc262-event-data-scalar.yaml', code: 'SVC262', line: 10, column: 11, found: 'event "tick"' },
  { fixture: 'svc263-when-on-status-class.yaml', code: 'SVC263', line: 11, column: 7, found: 'response 2XX' },
  { fixture: 'svc264-body-on-head.yaml', code: 'SVC264', line: 7, column: 5, found: 'a HEAD route takes a body' },
  {
    fixture: 'svc264-response-body-on-head.yaml',
    code: 'SVC264',
    line: 9,
    column: 9,
    found: 'response 200 of a HEAD route has a body',
  },
  { fixture: 'svc215-path-template.yaml', code: 'SVC215', line: 8, column: 3, found: '{item-id}' },
  // A template the router refuses is reported once: its parameters are not also reported as unused.
  { fixture: 'svc215-unclosed-brace.yaml', code: 'SVC215', line: 8, column: 3, found: '{id.json' },
  { fixture: 'svc216-total-on-record.yaml', code: 'SVC216', line: 16, column: 7, found: 'its body is a record' },
  { fixture: 'svc217-form-body-nested.yaml', code: 'SVC217', line: 17, column: 3, found: '"size" (a record)' },
  { fixture: 'svc218-route-without-privilege.yaml', code: 'SVC218', line: 21, column: 11, found: 'read, create' },
  { fixture: 'svc219-body-entries-without-list.yaml', code: 'SVC219', line: 15, column: 18, found: 'record body' },
  { fixture: 'svc220-query-named-like-alternative.yaml', code: 'SVC220', line: 12, column: 7, found: '"filters"' },
  { fixture: 'svc221-deep-object-header.yaml', code: 'SVC221', line: 12, column: 7, found: 'deepObject' },
  { fixture: 'svc222-body-on-204.yaml', code: 'SVC222', line: 8, column: 7, found: 'has a body' },
  {
    fixture: 'svc223-access-key-scheme.yaml',
    code: 'SVC223',
    line: 9,
    column: 11,
    found: 'type: apiKey, in: header, name: X-Api-Key',
  },
  {
    fixture: 'svc224-scopes-without-auth.yaml',
    code: 'SVC224',
    line: 11,
    column: 5,
    found: 'scopes on a route without auth',
  },
  { fixture: 'svc225-unknown-scope.yaml', code: 'SVC225', line: 16, column: 14, found: '"items:raed"' },
  { fixture: 'svc226-unknown-key-error.yaml', code: 'SVC226', line: 12, column: 22, found: '"badKey"' },
  { fixture: 'svc227-password-grant-without-client.yaml', code: 'SVC227', line: 12, column: 7, found: 'clientId:' },
  {
    fixture: 'svc234-refresh-tokens-without-lifetime.yaml',
    code: 'SVC234',
    line: 8,
    column: 3,
    found: 'the client_credentials grant issues refresh tokens',
  },
  { fixture: 'svc235-form-list-of-records.yaml', code: 'SVC235', line: 12, column: 7, found: 'in style form' },
  {
    fixture: 'svc235-form-records-sharing-a-field.yaml',
    code: 'SVC235',
    line: 18,
    column: 7,
    found: 'its field "from" is also a field of the form-style query parameter "added"',
  },
  { fixture: 'svc236-record-header.yaml', code: 'SVC236', line: 12, column: 7, found: 'expected style json' },
  { fixture: 'svc237-record-cookie.yaml', code: 'SVC237', line: 12, column: 7, found: 'a tracing record' },
  { fixture: 'svc238-cookie-named-like-key.yaml', code: 'SVC238', line: 12, column: 7, found: 'apiKey scheme "key"' },
  { fixture: 'svc239-unknown-tag.yaml', code: 'SVC239', line: 14, column: 18, found: 'did you mean "store"' },
  { fixture: 'svc239-tag-listed-twice.yaml', code: 'SVC239', line: 15, column: 9, found: '"pets" is listed twice' },
  { fixture: 'svc240-header-pattern.yaml', code: 'SVC240', line: 8, column: 7, found: 'which admits "Āa"' },
  { fixture: 'svc240-response-header-enum.yaml', code: 'SVC240', line: 10, column: 11, found: 'enum value "日本語"' },
];

/** Cases whose bytes cannot sit in a text fixture: written here instead. */
const BYTE_CASES: readonly (Case & { readonly bytes: Uint8Array })[] = [
  {
    // "é" in Latin-1 (0xE9), not UTF-8, in the middle of line 4: column 21 is the byte after "Caf".
    fixture: 'svc001-latin1.yaml',
    bytes: Buffer.concat([
      Buffer.from('name: mini\nrecords:\n  item:\n    description: Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' list\n    fields: {}\n'),
    ]),
    code: 'SVC001',
    line: 4,
    column: 21,
    found: '0xe9',
  },
  {
    fixture: 'svc003-too-large.yaml',
    bytes: Buffer.concat([Buffer.from('name: mini\n# '), Buffer.alloc(4 * 1024 * 1024, 'x'), Buffer.from('\n')]),
    code: 'SVC003',
    line: 1,
    column: 1,
    found: `${4 * 1024 * 1024 + 14} bytes`,
  },
];

/** Codes no definitions folder can produce here: config and template errors, and fallbacks. */
const NOT_FROM_DEFINITIONS: Readonly<Record<string, string>> = {
  SVC100: 'fallback for a schema issue no other code describes; no issue of the current schema reaches it',
  SVC214: 'declared, but nothing reports it: names are made into identifiers (reserved words get "_")',
  SVC245: 'handler modules (svcgen scaffold), not definitions: test/scaffold/edit-module.test.ts',
  SVC246: 'handler modules (svcgen scaffold), not definitions: test/scaffold/edit-module.test.ts',
  SVC247: 'handler modules (svcgen scaffold), not definitions: test/scaffold/edit-module.test.ts',
  SVC248: 'config (svcgen scaffold), not definitions: test/scaffold/refusals.test.ts',
  SVC249: 'config (svcgen scaffold), not definitions: test/scaffold/refusals.test.ts',
  SVC250: 'handler modules (svcgen scaffold), not definitions: test/scaffold/versioned-routes.test.ts',
  SVC301: 'config file, not definitions',
  SVC401: 'templates, not definitions',
};

async function diagnosticsOf(
  definitions: readonly { file: string; bytes: Uint8Array }[],
): Promise<readonly Diagnostic[]> {
  try {
    await buildIrFromInputs({ definitions, diagnostics: [] });
  } catch (error) {
    if (error instanceof DefinitionsError) return error.diagnostics;
    throw error;
  }
  return [];
}

function where(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.code}`;
}

async function fixtureDiagnostics(name: string): Promise<readonly Diagnostic[]> {
  const file = `${BROKEN}/${name}`;
  return diagnosticsOf([{ file, bytes: await readFile(file) }]);
}

describe('one broken file, one diagnostic, at the right place', () => {
  it.each(CASES)('$fixture → $code at $line:$column', async ({ fixture, code, line, column, found }) => {
    const diagnostics = await fixtureDiagnostics(fixture);
    expect(diagnostics.map(formatDiagnostic)).toHaveLength(1);
    const first = diagnostics[0] as Diagnostic;
    expect(where(first)).toBe(`${BROKEN}/${fixture}:${line}:${column} ${code}`);
    expect(first.message).toContain('expected');
    expect(first.message).toContain(found);
  });

  it.each(BYTE_CASES)(
    '$fixture (bytes) → $code at $line:$column',
    async ({ fixture, bytes, code, line, column, found }) => {
      const diagnostics = await diagnosticsOf([{ file: fixture, bytes }]);
      expect(diagnostics).toHaveLength(1);
      const first = diagnostics[0] as Diagnostic;
      expect(where(first)).toBe(`${fixture}:${line}:${column} ${code}`);
      expect(first.message).toContain('expected');
      expect(first.message).toContain(found);
    },
  );

  it('has a row for every fixture file, and every fixture file for a row', async () => {
    const files = (await readdir(BROKEN)).sort();
    expect(files.length).toBeGreaterThanOrEqual(24);
    expect(CASES.map((c) => c.fixture).sort()).toEqual(files);
  });

  it('covers every diagnostic code the definitions can cause', () => {
    const covered = new Set<string>([...CASES, ...BYTE_CASES, ...MULTI_CASES].map((c) => c.code));
    const uncovered = Object.keys(DIAGNOSTIC_CODES).filter(
      (code) => !covered.has(code) && !(code in NOT_FROM_DEFINITIONS),
    );
    expect(uncovered).toEqual([]);
  });
});

interface MultiCase {
  readonly folder: string;
  readonly code: DiagnosticCode;
  /** Where the first diagnostic is, relative to the folder ("" for the folder itself). */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly found: string;
}

const MULTI_CASES: readonly MultiCase[] = [
  { folder: 'svc201-cross-file', code: 'SVC201', file: 'orders.yaml', line: 7, column: 17, found: '"shared.currency"' },
  { folder: 'svc204-same-file-name', code: 'SVC204', file: 'shared.yaml', line: 1, column: 7, found: '"shared"' },
  {
    folder: 'svc204-route-in-two-files',
    code: 'SVC204',
    file: 'shop-routes-1.yaml',
    line: 4,
    column: 3,
    found: 'is also defined in',
  },
  {
    folder: 'svc228-routes-of-unknown',
    code: 'SVC228',
    file: 'shop-routes-1.yaml',
    line: 2,
    column: 11,
    found: 'did you mean "shop"',
  },
  {
    // The interface's tags are the routes file's too: catalog is known, orders is not.
    folder: 'svc239-tag-in-routes-file',
    code: 'SVC239',
    file: 'shop-routes-1.yaml',
    line: 7,
    column: 21,
    found: 'unknown tag "orders" (expected one of: catalog)',
  },
  { folder: 'svc006-no-definition-files', code: 'SVC006', file: '', line: 1, column: 1, found: 'no definition files' },
  { folder: 'svc005-no-such-folder', code: 'SVC005', file: '', line: 1, column: 1, found: 'ENOENT' },
];

describe('a definitions folder, through generate()', () => {
  const outDirs: string[] = [];
  afterAll(async () => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it.each(MULTI_CASES)(
    '$folder → $code in $file at $line:$column, nothing written',
    async ({ folder, code, file, line, column, found }) => {
      const outDir = join(await tempDir('svcgen-broken-'), 'out');
      outDirs.push(outDir);
      const result = await generate({ definitionsDir: `${MULTI}/${folder}`, outDir, cache: false });
      expect(result.ok).toBe(false);
      const diagnostics = result.ok ? [] : result.diagnostics;
      expect(diagnostics).toHaveLength(1);
      const first = diagnostics[0] as Diagnostic;
      expect(where(first)).toBe(`${[MULTI, folder, file].filter(Boolean).join('/')}:${line}:${column} ${code}`);
      expect(first.message).toContain('expected');
      expect(first.message).toContain(found);
      await expect(readdir(outDir)).rejects.toThrow(/ENOENT/);
    },
  );
});

describe('every problem of a run, at once', () => {
  const table: readonly { fixture: string; want: readonly string[] }[] = [
    { fixture: 'syntax-problems.yaml', want: ['7:7 SVC002', '11:7 SVC002'] },
    { fixture: 'schema-problems.yaml', want: ['6:15 SVC104', '7:9 SVC101', '10:20 SVC103', '13:13 SVC105'] },
    {
      fixture: 'reference-problems.yaml',
      want: ['10:7 SVC207', '15:17 SVC201', '19:11 SVC205', '20:11 SVC202', '23:52 SVC209'],
    },
  ];

  it.each(table)('$fixture reports all of $want', async ({ fixture, want }) => {
    const file = `${MANY}/${fixture}`;
    const diagnostics = await diagnosticsOf([{ file, bytes: await readFile(file) }]);
    expect(diagnostics.map(where)).toEqual(want.map((w) => `${file}:${w}`));
    for (const d of diagnostics) expect(d.message).toContain('expected');
  });

  it('reports every number JSON cannot hold and every "__proto__" key, each at its own path', async () => {
    const text = [
      'name: shop',
      'records:',
      '  a:',
      '    fields:',
      '      x: { type: number, default: .inf }',
      '      y: { type: list, items: { type: number }, default: [1, .nan] }',
      '  b:',
      '    fields:',
      '      __proto__: { type: string }',
      '      z: { type: number, default: -.inf }',
    ].join('\n');
    const diagnostics = await diagnosticsOf([{ file: 'shop.yaml', bytes: Buffer.from(text) }]);
    expect(diagnostics.map((d) => `${where(d)} ${d.message.split(' is ')[0]}`)).toEqual([
      'shop.yaml:5:35 SVC107 records.a.fields.x.default',
      'shop.yaml:6:62 SVC107 records.a.fields.y.default[1]',
      'shop.yaml:9:7 SVC214 key "__proto__" in records.b.fields',
      'shop.yaml:10:35 SVC107 records.b.fields.z.default',
    ]);
  });

  it('reports the problems of every file, not just the first broken one', async () => {
    const files = ['svc104-misspelt-type.yaml', 'svc101-unknown-key.yaml'];
    const definitions = await Promise.all(
      files.map(async (name, index) => ({ file: `${index}-${name}`, bytes: await readFile(`${BROKEN}/${name}`) })),
    );
    expect((await diagnosticsOf(definitions)).map(where)).toEqual([
      '0-svc104-misspelt-type.yaml:6:15 SVC104',
      '1-svc101-unknown-key.yaml:7:9 SVC101',
    ]);
  });
});
