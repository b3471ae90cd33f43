// svcgen's document printer (layout.ts) against prettier's printDocToString, which it stands in for: random
// documents of every kind print-*.ts builds, nested, at widths around the print width, with text now and then
// outside printable ASCII (which layout.ts hands to prettier). The same text from both, always.
import fc from 'fast-check';
import { builders, printer } from 'prettier/doc';
import { describe, expect, it } from 'vitest';
import { PRETTIER_OPTIONS } from '../../src/emitters/shared/format-options.js';
import { printDoc } from '../../src/emitters/shared/code/layout.js';

type Doc = builders.Doc;
const { align, conditionalGroup, fill, group, hardline, ifBreak, indent, join, line, literalline, softline } = builders;

/** A document described as data, built afresh for each printer (both mark the groups they find broken). */
type Spec =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'line' | 'softline' | 'hardline' | 'literalline' | 'breakParent' }
  | { readonly kind: 'concat'; readonly parts: readonly Spec[] }
  | { readonly kind: 'group'; readonly contents: Spec; readonly shouldBreak: boolean }
  | { readonly kind: 'conditional'; readonly states: readonly Spec[] }
  | { readonly kind: 'indent'; readonly contents: Spec }
  | { readonly kind: 'align'; readonly by: string | number; readonly contents: Spec }
  | { readonly kind: 'ifBreak'; readonly broken: Spec; readonly flat: Spec }
  | { readonly kind: 'fill'; readonly words: readonly string[] }
  | { readonly kind: 'join'; readonly separator: Spec; readonly items: readonly Spec[] };

const word = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[a-zA-Z0-9'.,:;(){}<>=|-]{1,12}$/) },
  { weight: 2, arbitrary: fc.constantFrom('', ' ', '  ', 'x'.repeat(60), 'y'.repeat(119), 'z'.repeat(121)) },
  // Text prettier measures by code point: layout.ts hands the document to prettier.
  { weight: 1, arbitrary: fc.constantFrom('café', '漢字', 'tab\there', 'emoji 😀') },
);

const spec: fc.Arbitrary<Spec> = fc.letrec<{ spec: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word.map((text) => ({ kind: 'text' as const, text })),
    fc.constantFrom(
      ...(['line', 'softline', 'hardline', 'literalline', 'breakParent'] as const).map((kind) => ({ kind })),
    ),
    fc.array(tie('spec'), { maxLength: 6 }).map((parts) => ({ kind: 'concat' as const, parts })),
    fc.record({ kind: fc.constant('group' as const), contents: tie('spec'), shouldBreak: fc.boolean() }),
    fc.array(tie('spec'), { minLength: 1, maxLength: 3 }).map((states) => ({ kind: 'conditional' as const, states })),
    fc.record({ kind: fc.constant('indent' as const), contents: tie('spec') }),
    fc.record({
      kind: fc.constant('align' as const),
      by: fc.constantFrom(' * ', '// ', 0, 2, 4),
      contents: tie('spec'),
    }),
    fc.record({ kind: fc.constant('ifBreak' as const), broken: tie('spec'), flat: tie('spec') }),
    fc.array(word, { minLength: 1, maxLength: 30 }).map((words) => ({ kind: 'fill' as const, words })),
    fc.record({
      kind: fc.constant('join' as const),
      separator: tie('spec'),
      items: fc.array(tie('spec'), { maxLength: 5 }),
    }),
  ),
})).spec;

function build(of: Spec): Doc {
  switch (of.kind) {
    case 'text':
      return of.text;
    case 'line':
      return line;
    case 'softline':
      return softline;
    case 'hardline':
      return hardline;
    case 'literalline':
      return literalline;
    case 'breakParent':
      return builders.breakParent;
    case 'concat':
      return of.parts.map(build);
    case 'group':
      return group(build(of.contents), { shouldBreak: of.shouldBreak });
    case 'conditional':
      return conditionalGroup(of.states.map(build));
    case 'indent':
      return indent(build(of.contents));
    case 'align':
      return align(of.by, build(of.contents));
    case 'ifBreak':
      return ifBreak(build(of.broken), build(of.flat));
    case 'fill':
      return fill(join(line, [...of.words]));
    case 'join':
      return join(build(of.separator), of.items.map(build));
  }
}

const prettierText = (doc: Doc) =>
  printer.printDocToString(doc, { ...PRETTIER_OPTIONS, parser: 'typescript' } as never).formatted;

describe('layout.ts prints what prettier prints', () => {
  it('for random documents of every kind svcgen builds', () => {
    fc.assert(
      fc.property(spec, (of) => {
        expect(printDoc(build(of))).toBe(prettierText(build(of)));
      }),
      { numRuns: 3000 },
    );
  });

  it('for a member list around the print width, in a group that breaks it one per line', () => {
    for (let length = 100; length <= 130; length += 1) {
      const members = ['alpha', 'beta', 'x'.repeat(length - 40)].map((name) => `${name}: string`);
      const doc = () => group(['type T = {', indent([line, join([',', line], members)]), ifBreak(','), line, '};']);
      expect(printDoc(doc())).toBe(prettierText(doc()));
    }
  });

  it('for a doc comment filled to the width, with text outside ASCII', () => {
    const words = 'Größe of the 漢字 record, which a reader sees in one paragraph of many words'.split(' ');
    const doc = () => ['/**', align(' * ', [hardline, fill(join(line, words))]), hardline, ' */'];
    expect(printDoc(doc())).toBe(prettierText(doc()));
  });
});
