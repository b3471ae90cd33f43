// Chains of calls as zod schemas are written (`z.string().regex(/…/, '…').nullable().default(null)`), printed by
// svcgen's printer and by prettier from that text: the same text. prettier puts one call per line in a chain of
// more than two calls when any argument is not simple (a regular expression longer than five characters, a
// call nested too deep), fits or not; svcgen's generated files skip the formatter, so they must agree.
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { call, id, literal, local, object, property, regex, type Expr } from '../../src/emitters/shared/code/ast.js';
import { printStatement } from '../../src/emitters/shared/code/print-file.js';
import { PRETTIER_OPTIONS } from '../../src/emitters/shared/format-options.js';

/** One link of a chain: a method and its arguments. */
const link = fc.oneof(
  fc.constantFrom<[string, Expr[]]>(
    ['nullable', []],
    ['optional', []],
    ['default', [literal(null)]],
    ['min', [literal(1)]],
    ['max', [literal(64), object([property('abort', literal(true))])]],
    ['describe', [literal('a name of one to sixty characters')]],
    ['pipe', [call('z.string', [])]],
    ['pipe', [call('z.string().min', [literal(1)])]],
    ['refine', [call('check', [call('inner', [literal(1)])])]],
  ),
  fc
    .array(fc.constantFrom('a', '0', '.', '[a-z]', '\\d', 'b+', '[0-9]{2}', '-'), { maxLength: 6 })
    .map((atoms): [string, Expr[]] => ['regex', [regex(`^${atoms.join('')}$`), literal('expected a code')]]),
);

function chain(links: readonly [string, Expr[]][]): Expr {
  return links.reduce<Expr>(
    (callee, [method, args]) => call({ kind: 'member', object: callee, property: method }, args),
    id('z'),
  );
}

async function prettierText(text: string): Promise<string> {
  return prettier.format(text, { ...PRETTIER_OPTIONS, filepath: 'schemas.ts' });
}

describe('a chain of calls', () => {
  it('prints as prettier formats it, any number of links, regular expressions of any length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(link, { minLength: 1, maxLength: 6 }),
        fc.stringMatching(/^[a-z][a-zA-Z]{0,30}$/),
        async (links, name) => {
          const printed = printStatement(
            local({
              kind: 'const',
              name: 'schemas',
              value: object([property(name, chain(links))], { expanded: true }),
            }),
          );
          expect(printed).toBe((await prettierText(printed)).trimEnd());
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    { pattern: '^[a-z]$', links: 3, broken: true },
    { pattern: '^a+$', links: 3, broken: false },
    { pattern: '^[a-z]$', links: 2, broken: false },
  ])('breaks with a pattern of $pattern and $links calls: $broken', ({ pattern, links, broken }) => {
    const calls: [string, Expr[]][] = [
      ['string', []],
      ['regex', [regex(pattern)]],
      ['nullable', []],
    ];
    const printed = printStatement(local({ kind: 'const', name: 'code', value: chain(calls.slice(0, links)) }));
    expect(printed.includes('\n')).toBe(broken);
  });
});
