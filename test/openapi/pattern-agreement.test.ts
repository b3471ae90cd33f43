// A definition's pattern means one thing everywhere: the emitted zod schema, the OpenAPI document's
// `pattern` as ajv reads it (with the u flag), and every example svcgen makes for it. Awkward but valid
// patterns (braces, brackets, escapes in classes, lookarounds, anchors, alternation, unicode) are
// either refused at load (SVC106, saying which flag and how to write it) or read alike by all of them;
// and a length bound is counted alike (in code points).
// Seeded from SVC_SEED (test/helpers/setup.ts).
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typeSchema, type SchemaContext } from '../../src/emitters/openapi/json-schema.js';
import { ExampleValues } from '../../src/emitters/msw/examples.js';
import { patternExample } from '../../src/emitters/openapi/pattern-example.js';
import { local } from '../../src/emitters/shared/code/ast.js';
import { printFile } from '../../src/emitters/shared/code/print-file.js';
import { schemaExpression } from '../../src/emitters/zod/schema-expression.js';
import { checkPatterns } from '../../src/ir/checks.js';
import { STRING_FORMAT_ROWS, type StringFormatRow } from '../../src/ir/formats.js';
import { patternRegExp } from '../../src/ir/pattern-regexp.js';
import { valueFitsType } from '../../src/ir/values.js';
import type { Ir, TypeIr } from '../../src/ir/types.js';

const AjvClass = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
// ajv's defaults, as a user's validator has them: unicodeRegExp compiles `pattern` with the u flag.
const ajv = new AjvClass({ strict: false });
// A string type needs no components.
const context: SchemaContext = { components: undefined as never, direction: 'read' };

const stringWith = (pattern: string | undefined, maxLength?: number, minLength?: number): TypeIr => ({
  kind: 'scalar',
  scalar: 'string',
  nullable: false,
  coerce: false,
  format: undefined,
  constraints: {
    ...(pattern !== undefined && { pattern }),
    ...(maxLength !== undefined && { maxLength }),
    ...(minLength !== undefined && { minLength }),
  },
});

/** The emitted zod schema, printed as schemas.ts prints it and run. */
function zodSchema(type: TypeIr): z.ZodType {
  const text = printFile([local({ kind: 'const', name: 't', value: schemaExpression(type, 'json') })]);
  return new Function('z', text.replace(/^const t = /, 'return ').replace(/;\n$/, ''))(z) as z.ZodType;
}

/** Every example svcgen makes for the type: the OpenAPI document's and the mock's (where a pattern gives one). */
function examplesOf(type: TypeIr): unknown[] {
  const document = typeSchema(type, context) as { examples?: unknown[] };
  const made = patternExample({ patterns: [type.constraints.pattern!], maxLength: type.constraints.maxLength });
  const mock = made === undefined ? [] : [new ExampleValues(undefined as unknown as Ir).value(type, 0)];
  return [...(document.examples ?? []), ...mock];
}

type Verdict = 'refused' | 'agreed';

/** What loading says of a field with the pattern (and maxLength 100): SVC106 and SVC108 messages. */
function loadProblems(pattern: string): { code: string; message: string }[] {
  const location = { file: 'definitions/shop.yaml', line: 5, column: 7 };
  const module = { types: [{ type: stringWith(pattern, 100), location }], records: [], routes: [] };
  const problems: { code: string; message: string }[] = [];
  checkPatterns({ modules: [module] } as unknown as Ir, (_, code, message) => problems.push({ code, message }));
  return problems;
}

/** What svcgen makes of a pattern; throws (through expect) where its parts disagree. */
function judge(pattern: string, values: readonly string[]): Verdict {
  const [problem] = loadProblems(pattern);
  if (problem?.code === 'SVC106') {
    expect(problem.message).toContain(`pattern ${JSON.stringify(pattern)} is not a regular expression with the u flag`);
    expect(problem.message).toContain('; expected an ECMAScript regular expression: a literal {');
    return 'refused';
  }
  // A pattern SVC108 refuses never reaches the emitters either.
  if (problem !== undefined) return 'refused';
  const type = stringWith(pattern, 100);
  const schema = zodSchema(type);
  const validate = ajv.compile(typeSchema(type, context));
  for (const example of examplesOf(type)) {
    expect(schema.safeParse(example).success, `zod, example ${JSON.stringify(example)}`).toBe(true);
    expect(validate(example), `ajv, example ${JSON.stringify(example)}`).toBe(true);
  }
  for (const value of values) {
    const accepted = schema.safeParse(value).success;
    expect(validate(value), `ajv and zod on ${JSON.stringify(value)}`).toBe(accepted);
  }
  return 'agreed';
}

/** Values the pattern matches (as the u flag reads it), drawn by fast-check. */
function matchingValues(pattern: string): string[] {
  try {
    const regex = patternRegExp(pattern);
    return fc.sample(fc.stringMatching(regex, { maxLength: 8 }), 8).filter((value) => regex.test(value));
  } catch {
    return [];
  }
}

/** Values to judge a pattern by: some it matches, some arbitrary. */
function valuesFor(pattern: string): string[] {
  return [...matchingValues(pattern), '', 'a', 'a{', ']', '-', 'é', '😀', 'A', '{}', 'ab', 'p{L}', 'u'.repeat(41)];
}

/** Given a pattern, want it refused at load, or read alike everywhere, with an example (but where none can match). */
const TABLE: readonly { pattern: string; want: Verdict; example?: false }[] = [
  // Text without the u flag, errors with it: the fuzzer's mutant (seed 8265, mutant 93) and its kin.
  { pattern: 'a{', want: 'refused' },
  { pattern: '^a{,3}$', want: 'refused' },
  { pattern: '{}', want: 'refused' },
  { pattern: 'a}', want: 'refused' },
  { pattern: ']', want: 'refused' },
  { pattern: '^[a-z]]$', want: 'refused' },
  { pattern: '^\\-$', want: 'refused' },
  { pattern: '^\\a$', want: 'refused' },
  { pattern: '^[\\d-z]$', want: 'refused' },
  { pattern: '\\1', want: 'refused' },
  { pattern: '^(?=a)*a$', want: 'refused' },
  // The same characters, written so that both readings agree.
  { pattern: 'a\\{', want: 'agreed' },
  { pattern: '^a\\{,3\\}$', want: 'agreed' },
  { pattern: '^\\]$', want: 'agreed' },
  { pattern: '^[\\]a]+$', want: 'agreed' },
  { pattern: '^[a\\-z]$', want: 'agreed' },
  { pattern: '^[\\d.-]{2,4}$', want: 'agreed' },
  { pattern: '^a{2}$', want: 'agreed' },
  { pattern: '^(?:ab|cd)+$', want: 'agreed' },
  { pattern: '^x$|^y$', want: 'agreed' },
  { pattern: '^[^]$', want: 'agreed' },
  { pattern: '^[]$', want: 'agreed', example: false },
  { pattern: '^(?=.*\\d)[a-z\\d]{4}$', want: 'agreed' },
  { pattern: '^(?!x)\\w+$', want: 'agreed' },
  { pattern: '^(?=.*[A-Z])(?=.*\\d)(?=.*[!@#$%^&*]).{8,64}$', want: 'agreed' },
  { pattern: '\\bword\\b', want: 'agreed' },
  { pattern: '^(a|b)-\\1$', want: 'agreed' },
  { pattern: '^(?<q>["\'])\\w+\\k<q>$', want: 'agreed' },
  { pattern: '^[^\\s\\d\\w]{2}$', want: 'agreed' },
  { pattern: '^\\P{L}$', want: 'agreed' },
  // Unicode: a property escape and \u{…} are what they say, an astral character is one character.
  { pattern: '^\\p{L}+$', want: 'agreed' },
  { pattern: '^\\u{41}$', want: 'agreed' },
  { pattern: '^.$', want: 'agreed' },
  { pattern: '^😀{2}$', want: 'agreed' },
  { pattern: '^é+$', want: 'agreed' },
];

describe('a pattern means one thing to zod, ajv and the examples', () => {
  it.each(TABLE)('$pattern: $want', ({ pattern, want, example }) => {
    expect(judge(pattern, valuesFor(pattern))).toBe(want);
    if (want === 'agreed') expect(examplesOf(stringWith(pattern, 100)).length > 0).toBe(example ?? true);
  });

  it('\\p{L} is any letter and \\u{41} is "A", as JSON Schema validators read them', () => {
    expect(zodSchema(stringWith('^\\p{L}+$')).safeParse('Ünïcödé').success).toBe(true);
    expect(zodSchema(stringWith('^\\u{41}$')).safeParse('A').success).toBe(true);
    expect(zodSchema(stringWith('^.$')).safeParse('😀').success).toBe(true);
  });

  it("reads every format's pattern, written into the document beside the definitions' own, with the u flag", () => {
    for (const row of Object.values(STRING_FORMAT_ROWS) as StringFormatRow[]) {
      if (row.pattern === undefined) continue;
      for (const example of row.examples) expect(patternRegExp(row.pattern).test(example), example).toBe(true);
    }
  });

  it('holds for patterns put together from awkward pieces', () => {
    const piece = fc.constantFrom(
      ...[
        'a',
        'é',
        '😀',
        '.',
        '\\w',
        '\\d',
        '\\s',
        '\\b',
        '\\p{L}',
        '\\u{41}',
        '\\{',
        '{',
        '}',
        '{2}',
        '{1,2}',
        '{,3}',
      ],
      ...[']', '[', '\\]', '[\\]a]', '[\\d-]', '[a\\-z]', '[^a]', '[^]', '[]', '\\-', '\\.', '\\/', '/', '|', '^', '$'],
      ...['(', ')', '(?:', '(?=', '(?!', '(?<n>', '+', '*', '?', '\\1', '\\k<n>', '(a)'],
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        const pattern = pieces.join('');
        // What no engine compiles is SVC106's older case (test/foundation/diagnostics.test.ts).
        try {
          new RegExp(pattern);
        } catch {
          return;
        }
        const values = valuesFor(pattern);
        // A pattern some value matches gets an example.
        if (judge(pattern, values) === 'agreed' && values.some((value) => patternRegExp(pattern).test(value)))
          expect(examplesOf(stringWith(pattern, 100)), pattern).not.toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a length means one thing to the load checks, zod and ajv', () => {
  it('counts code points: an emoji is one character (two UTF-16 units)', () => {
    const type = stringWith(undefined, 3, 2);
    const schema = zodSchema(type);
    const validate = ajv.compile(typeSchema(type, context));
    for (const value of ['😀', '😀😀', '😀😀😀', '😀😀😀😀', 'a😀', 'ab', 'abcd']) {
      const accepted = schema.safeParse(value).success;
      expect(validate(value), value).toBe(accepted);
      // A default or example is checked at load as the schema will check it.
      expect(valueFitsType(value, type, new Map()), value).toBe(accepted);
    }
  });
});
