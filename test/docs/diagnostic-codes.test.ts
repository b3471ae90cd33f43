// Issue 38 item 5: the SVCnnn codes the docs name are the codes svcgen reports. Every code named in
// docs/ or the README is a code svcgen has and a row of docs/diagnostics.md's table; each heading there
// carries the code's title, every link to a code lands on that code's heading, and every complete
// example in docs/diagnostics.md (definition files, then the exact output of `svcgen check`) is run
// through the CLI and prints what the page says. docs/definitions.md's two cases that named the wrong
// codes (a route without a privilege, bodyEntries: each without a list) are among those examples.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../src/definitions/diagnostics.js';
import { removeDir, ROOT, runCli, tempDir } from '../workflow/helpers.js';

const CODE = /SVC\d{3}/g;
const PAGE = await readFile(join(ROOT, 'docs/diagnostics.md'), 'utf8');
const DOCS = await Promise.all(
  [
    ...(await readdir(join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
    'README.md',
  ].map(async (path) => ({ path, text: await readFile(join(ROOT, path), 'utf8') })),
);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** Each `### SVCnnn title` section (a range heading such as SVC245-SVC249 stands for every code in it). */
const SECTIONS = PAGE.split(/^### /m)
  .slice(1)
  .map((section) => {
    const heading = section.split('\n')[0] as string;
    const [first = '', last = first] = heading.split(' ')[0]?.split('-') ?? [];
    const codes = Object.keys(DIAGNOSTIC_CODES).filter((code) => code >= first && code <= last);
    return { heading, title: heading.slice(heading.indexOf(' ') + 1), codes, anchor: slug(heading), body: section };
  });

interface Example {
  readonly heading: string;
  readonly files: readonly { path: string; text: string }[];
  readonly output: readonly string[];
}

/** A section's example when it is complete: definition files named in their first line, then one output. */
function example(section: (typeof SECTIONS)[number]): Example | undefined {
  const blocks = [...section.body.matchAll(/```(yaml|text)\n([\s\S]*?)```/g)];
  const files = blocks
    .filter(([, kind, text]) => kind === 'yaml' && text?.startsWith('# definitions/'))
    .map(([, , text = '']) => ({ path: (text.split('\n')[0] as string).slice(2).trim(), text }));
  const outputs = blocks.filter(([, kind]) => kind === 'text');
  if (files.length === 0 || outputs.length !== 1 || !files.every(({ text }) => /^name: /m.test(text))) return undefined;
  return { heading: section.heading, files, output: (outputs[0]?.[2] ?? '').trim().split('\n') };
}

const EXAMPLES = SECTIONS.map(example).filter((found): found is Example => found !== undefined);

let work: string;
beforeAll(async () => {
  work = await tempDir('svcgen-doc-codes-');
});
afterAll(async () => removeDir(work));

describe('the diagnostic codes the docs name', () => {
  it('are codes svcgen has, each with a row in the table of docs/diagnostics.md', () => {
    const table = new Set([...PAGE.matchAll(/^\| \[?(SVC\d{3})/gm)].map(([, code]) => code));
    const unknown: string[] = [];
    for (const { path, text } of DOCS) {
      for (const [code] of text.matchAll(CODE)) {
        if (!(code in DIAGNOSTIC_CODES) || !table.has(code)) unknown.push(`${path}: ${code}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("head each section of docs/diagnostics.md with the code's title", () => {
    const wrong = SECTIONS.filter(({ codes, title }) => {
      if (codes.length !== 1) return codes.length === 0;
      const known = DIAGNOSTIC_CODES[codes[0] as keyof typeof DIAGNOSTIC_CODES];
      return title !== known && title !== known.split(' (')[0];
    }).map(({ heading }) => heading);
    expect(wrong).toEqual([]);
  });

  it("link to the section of the code they name (a link's text is the code its anchor heads)", () => {
    const wrong: string[] = [];
    for (const { path, text } of DOCS) {
      for (const [link, code, anchor] of text.matchAll(
        /\[(SVC\d{3})\]\((?:diagnostics\.md|docs\/diagnostics\.md)?#([^)]+)\)/g,
      )) {
        const section = SECTIONS.find((candidate) => candidate.anchor === anchor);
        if (!section?.codes.includes(code as string)) wrong.push(`${path}: ${link}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('docs/diagnostics.md has complete examples for the cases docs/definitions.md names (SVC218, SVC219)', () => {
    const definitions = DOCS.find(({ path }) => path === 'docs/definitions.md')?.text ?? '';
    expect(definitions).toMatch(/a route without one is \[SVC218\]/);
    expect(definitions).toMatch(/`bodyEntries: each` and a body that is not a list is \[SVC219\]/);
    const covered = EXAMPLES.map(({ heading }) => heading.split(' ')[0]);
    expect(covered).toContain('SVC218');
    expect(covered).toContain('SVC219');
  });

  it.concurrent.each(EXAMPLES.map((found) => [found.heading, found] as const))(
    'example "%s" prints what docs/diagnostics.md says',
    async (heading, { files, output }) => {
      const dir = join(work, slug(heading));
      for (const { path, text } of files) {
        await mkdir(join(dir, dirname(path)), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      const result = await runCli(['check'], dir);
      expect(result.code).toBe(1);
      const printed = `${result.stdout}${result.stderr}`.split('\n');
      for (const line of output) expect(printed).toContain(line);
    },
  );
});
