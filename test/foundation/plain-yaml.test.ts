// The plain-YAML reader (src/definitions/plain-yaml.ts) reads definitions without `yaml`'s parser: wherever
// it reads a text, the value, the line starts and every position must be what `yaml`'s whole parse gives,
// and wherever `yaml` reports anything it must give up (so the report is `yaml`'s). Held on every YAML
// file of the repository, on a table of YAML's forms, and on seeded random mutants of real definitions.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWithYaml, type LoadedFile } from '../../src/definitions/load.js';
import { readPlainYaml } from '../../src/definitions/plain-yaml.js';
import { seededRandom } from '../helpers/seed.js';
import { ROOT } from './helpers.js';
import { differences } from './load-differences.js';

/** 'read' when the reader read the text the way `yaml` does, 'gave up' when it left it to `yaml`. */
function compare(text: string): 'read' | 'gave up' {
  const plain = readPlainYaml(text);
  if (!plain) return 'gave up';
  const whole = parseWithYaml('file.yaml', text);
  expect(whole.diagnostics, 'the reader read a text yaml reports').toEqual([]);
  const read: LoadedFile = {
    file: 'file.yaml',
    text,
    value: plain.value,
    positions: { lineStarts: plain.lineStarts, index: plain.index },
  };
  expect(differences(whole.file as LoadedFile, read)).toEqual([]);
  return 'read';
}

async function yamlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await yamlFiles(path)));
    else if (/\.ya?ml$/.test(entry.name)) found.push(path);
  }
  return found;
}

describe('the plain-YAML reader', () => {
  it('reads every YAML file of the repository as yaml does, or leaves it to yaml', async () => {
    const files = (
      await Promise.all(
        ['definitions', 'examples', 'test/fixtures', 'bench/plain-api'].map((d) => yamlFiles(join(ROOT, d))),
      )
    ).flat();
    expect(files.length).toBeGreaterThan(50);
    const outcomes = files.map((file) => [relative(ROOT, file), compare(readFileSync(file, 'utf8'))] as const);
    // The reference service's definitions are plain YAML: the reader must read them, not give up.
    for (const [file, outcome] of outcomes) if (file.startsWith('definitions/')) expect(outcome, file).toBe('read');
    expect(outcomes.filter(([, outcome]) => outcome === 'read').length).toBeGreaterThan(files.length / 2);
  });

  const READS: Record<string, string> = {
    'comments everywhere': '# head\nname: a # after\n\n  # indented\nlist:\n# at zero\n  - x # after\n  - y\n',
    'block scalars':
      'a: |\n  one\n\n  two\nb: |-\n  kept\nc: >\n  folded\n  text\n\n  para\nd: >-\n  x\ne: |+\n  keep\n\nf: 1\n',
    'a block scalar last, without a line break': 'a: |-\n  last',
    'sequences at the key’s indent and nested': 'a:\n- 1\n- - 2\n  - 3\n-\n  b: c\nd: e\n',
    'compact mappings in sequences': 'items:\n  - name: a\n    type: string\n  -   name: b\n      deep:\n        - x\n',
    'flow collections over lines':
      'a: { type: record, record: product }\nb: [x, "y", \'z\']\nc: [\n    1,\n    2,\n  ]\nd: {}\ne: []\nf: [[1, 2], {g: h}]\n',
    'quoted keys and text':
      '"200": ok\n\'404\': "not \\"found\\""\nplain: it\'s\nsingle: \'it\'\'s\'\nesc: "tab\\there"\n',
    'the core schema':
      'a: ~\nb: null\nc: True\nd: FALSE\ne: 0o17\nf: 0x1F\ng: -12\nh: +12\ni: 012\nj: 1e3\nk: .5\nl: -.inf\nm: .NaN\nn: 1.\no: -0\np: 1_000\nq: 0b1\nr: yes\ns: Null\nt: 2026-11-28\n',
    'multi-line plain text': 'description: first line\n  second line\n\n  after a blank\nnext: 1\n',
    'a flow mapping as the whole document': '{a: 1, b: [2]}\n',
    'a sequence as the whole document': '- a\n- b: c\n',
    'no line break at the end': 'a: b',
  };
  for (const [name, text] of Object.entries(READS))
    it(`reads ${name} as yaml does`, () => expect(compare(text)).toBe('read'));

  const GIVES_UP: Record<string, string> = {
    'anchors and aliases': 'a: &x 1\nb: *x\n',
    'a tag': 'a: !!str 1\n',
    'an explicit key': '? a\n: b\n',
    'a document marker': '---\na: 1\n',
    'two documents': 'a: 1\n---\nb: 2\n',
    'an empty value': 'a:\nb: 1\n',
    'a repeated key': 'a: 1\na: 2\n',
    'a tab in the indent': 'a:\n\tb: 1\n',
    'a mapping in a mapping on one line': 'a: b: c\n',
    'a line out of place': 'a:\n    b: 1\n  c: 2\n',
    'an unterminated quote': 'a: "open\n',
    'Windows line breaks': 'a: 1\r\nb: 2\r\n',
    'a reserved character': 'a: @x\n',
    'an explicit block indent': 'a: |2\n   x\n',
    'a __proto__ key': '__proto__: 1\n',
    'an empty document': '# nothing\n',
    'a key over 1024 characters': `${'k'.repeat(1100)}: 1\n`,
    'a flow key over 1024 characters': `a: {${'k'.repeat(1100)}: 1}\n`,
  };
  for (const [name, text] of Object.entries(GIVES_UP))
    it(`leaves ${name} to yaml`, () => expect(compare(text)).toBe('gave up'));

  it('never reads a mutant of real definitions differently from yaml (seeded)', () => {
    const source = readFileSync(join(ROOT, 'definitions', 'admin-api.yaml'), 'utf8')
      .split('\n')
      .slice(0, 160)
      .join('\n');
    const random = seededRandom();
    const PIECES = [
      ' ',
      '  ',
      '\n',
      '-',
      '- ',
      ':',
      ': ',
      '#',
      '"',
      "'",
      '[',
      ']',
      '{',
      '}',
      ',',
      '|',
      '>',
      '&a',
      '*a',
      '!',
      '?',
      '~',
      '\t',
      '0',
      'x',
    ];
    let read = 0;
    for (let mutant = 0; mutant < 400; mutant++) {
      let text = source;
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(text.length);
        const piece = PIECES[random(PIECES.length)] as string;
        text =
          random(2) === 0
            ? text.slice(0, at) + piece + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1 + random(3));
      }
      if (compare(text) === 'read') read += 1;
    }
    // Most mutants stay plain YAML; the test must exercise the reader, not only its giving up.
    expect(read).toBeGreaterThan(100);
  });
});
