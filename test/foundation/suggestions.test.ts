// Diagnostics that say what was meant: "did you mean" for the spellings people bring from other
// tools, one error for a tab indent instead of the cascade after it, and a one-line usage error.
// Given a definition text (or a command line), want exactly these diagnostics.
import { describe, expect, it } from 'vitest';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { DefinitionsError, formatDiagnostic } from '../../src/definitions/diagnostics.js';
import { intendedValue } from '../../src/definitions/suggestions.js';
import { runCli, ROOT } from '../workflow/helpers.js';

const FILE = 'definitions/library-api.yaml';

/** The formatted diagnostics of one definition file. */
async function diagnosticsOf(text: string): Promise<string[]> {
  try {
    await buildIrFromInputs({ definitions: [{ file: FILE, bytes: Buffer.from(text) }], diagnostics: [] });
  } catch (error) {
    if (error instanceof DefinitionsError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  return [];
}

/** A record of one field of `type`, and a route with `method`. */
function definition(type: string, method = 'GET'): string {
  return `name: library-api
records:
  book:
    fields:
      pages: { type: ${type} }
routes:
  listBooks:
    method: ${method}
    path: /books
    responses:
      "200": { description: The books., body: { type: list, items: { type: record, record: book } } }
`;
}

const TYPES =
  'expected one of: string, integer, number, boolean, date, date-time, enum, record, list, map, union, json, or a named type "<file>.<name>"';

describe('did you mean, for common aliases', () => {
  it.each([
    { given: 'int', want: 'integer' },
    { given: 'long', want: 'integer' },
    { given: 'bool', want: 'boolean' },
    { given: 'float', want: 'number' },
    { given: 'double', want: 'number' },
    { given: 'str', want: 'string' },
    { given: 'datetime', want: 'date-time' },
    { given: 'Integer', want: 'integer' },
    { given: 'integr', want: 'integer' },
  ])('type: $given suggests $want', async ({ given, want }) => {
    expect(await diagnosticsOf(definition(given))).toEqual([
      `${FILE}:5:22 SVC104 unknown field type "${given}" (did you mean "${want}"? ${TYPES})`,
    ]);
  });

  it.each([
    { given: 'uuid', want: 'type: string, format: uuid' },
    { given: 'hex-id', want: 'type: string, format: hex-id' },
    { given: 'email', want: 'type: string, format: email' },
    { given: 'guid', want: 'type: string, format: uuid' },
    { given: 'URL', want: 'type: string, format: uri' },
  ])('type: $given, a format, suggests $want', async ({ given, want }) => {
    expect(await diagnosticsOf(definition(given))).toEqual([
      `${FILE}:5:22 SVC104 unknown field type "${given}" (did you mean "${want}"? ${TYPES})`,
    ]);
  });

  it.each([
    { given: 'patch', want: 'PATCH' },
    { given: 'get', want: 'GET' },
    { given: 'Delete', want: 'DELETE' },
    { given: 'GETT', want: 'GET' },
  ])('method: $given suggests $want', async ({ given, want }) => {
    expect(await diagnosticsOf(definition('integer', given))).toEqual([
      `${FILE}:8:13 SVC105 routes.listBooks.method is "${given}" (did you mean "${want}"? expected one of: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)`,
    ]);
  });

  it('suggests nothing when nothing is close', async () => {
    expect(await diagnosticsOf(definition('banana'))).toEqual([
      `${FILE}:5:22 SVC104 unknown field type "banana" (${TYPES})`,
    ]);
    expect(intendedValue('zzz', ['GET', 'POST'])).toBeUndefined();
    // An alias whose meaning is not among the allowed values is not suggested.
    expect(intendedValue('int', ['boolean', 'date'])).toBeUndefined();
  });
});

describe('a tab in an indent', () => {
  it('gives one error that says so, not the cascade after it', async () => {
    const text = definition('integer').replace(
      '      pages: { type: integer }',
      '\tpages: { type: integer }\n      title: { type: string }',
    );
    expect(await diagnosticsOf(text)).toEqual([
      `${FILE}:5:1 SVC002 Tabs are not allowed as indentation (expected spaces, not tabs, for indentation)`,
    ]);
  });
});

describe('a usage error', () => {
  it.each([
    {
      given: ['genrate'],
      want: 'svcgen: unknown command genrate (did you mean generate? expected one of: generate, check, diff, watch, scaffold, init, schema, import); run svcgen --help for usage\n',
    },
    {
      given: ['check', '--no-cahce'],
      want: 'svcgen: unknown option --no-cahce (did you mean --no-cache?); run svcgen --help for usage\n',
    },
    { given: ['check', '--zzzzzzzz'], want: 'svcgen: unknown option --zzzzzzzz; run svcgen --help for usage\n' },
    { given: [], want: 'svcgen: missing command; run svcgen --help for usage\n' },
  ])('$given is one line and exit 2', async ({ given, want }) => {
    const result = await runCli(given, ROOT);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(want);
  });
});
