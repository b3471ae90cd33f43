// The strict template runner: every way a template can go wrong is SVC401 at the file, line and
// column of the mistake, and nothing renders empty in silence.
import { describe, expect, it } from 'vitest';
import { DefinitionsError } from '../../src/definitions/diagnostics.js';
import type { TemplateFile } from '../../src/emitters/contract.js';
import { MAX_PARTIAL_DEPTH, templateRenderer } from '../../src/emitters/docs/render.js';

const data = { title: 'Pets', description: null, items: [{ name: 'a', tags: ['x'] }], empty: [] };

function template(name: string, content: string): TemplateFile {
  return { name, content, file: `tpl/${name}` };
}

function failure(templates: TemplateFile[]): unknown {
  try {
    templateRenderer(templates, 'page.md.hbs')(data);
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionsError);
    return (error as DefinitionsError).diagnostics;
  }
  throw new Error('expected a template error');
}

describe('templateRenderer', () => {
  it('renders with partials, helpers and null values', () => {
    const out = templateRenderer(
      [
        template('page.md.hbs', '# {{title}}\n{{description}}\n{{#each items}}{{> item}}{{/each}}'),
        template('item.md.hbs', '- {{code name}}: {{join tags "+"}}\n'),
      ],
      'page.md.hbs',
    )(data);
    expect(out).toBe('# Pets\n\n- `a`: x\n');
  });

  it.each([
    {
      name: 'unknown variable',
      page: 'line 1\n  {{titel}}',
      at: { line: 2, column: 5 },
      message: /unknown variable "titel"/,
    },
    {
      name: 'unknown variable inside each',
      page: '{{#each items}}\n{{nmae}}\n{{/each}}',
      at: { line: 2, column: 3 },
      message: /unknown variable "nmae"/,
    },
    {
      name: 'unknown variable given to #if',
      page: 'x\n{{#if descripton}}y{{/if}}',
      at: { line: 2, column: 1 },
      message: /helper if: its argument 1 is not defined/,
    },
    {
      name: 'unknown variable given to #each',
      page: '{{#each itmes}}y{{/each}}',
      at: { line: 1, column: 1 },
      message: /helper each/,
    },
    {
      name: 'unknown variable given to a helper',
      page: '\n\n{{code nmae}}',
      at: { line: 3, column: 1 },
      message: /helper code/,
    },
    {
      name: 'unknown helper',
      page: 'a\n{{shout title}}',
      at: { line: 2, column: 1 },
      message: /unknown helper "shout"/,
    },
    { name: 'syntax error', page: 'a\n{{#if title}}\nb', at: { line: 3, column: 1 }, message: /syntax error/ },
    {
      name: 'unknown partial',
      page: 'a\n\n  {{> nope}}',
      at: { line: 3, column: 3 },
      message: /unknown partial "nope"/,
    },
  ])('$name', ({ page, at, message }) => {
    const diagnostics = failure([template('page.md.hbs', page)]) as {
      code: string;
      file: string;
      line: number;
      column: number;
      message: string;
    }[];
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'SVC401', file: 'tpl/page.md.hbs', ...at });
    expect(diagnostics[0]?.message).toMatch(message);
  });

  it('names the partial a mistake is in, not the page that includes it', () => {
    const diagnostics = failure([
      template('page.md.hbs', '{{#each items}}{{> item}}{{/each}}'),
      template('item.md.hbs', 'ok\n{{oops}}'),
    ]);
    expect(diagnostics).toMatchObject([{ code: 'SVC401', file: 'tpl/item.md.hbs', line: 2 }]);
  });

  it('stops a partial that includes itself', () => {
    const diagnostics = failure([template('page.md.hbs', '{{> loop}}'), template('loop.md.hbs', 'again\n {{> loop}}')]);
    expect(diagnostics).toMatchObject([{ code: 'SVC401', file: 'tpl/loop.md.hbs', line: 2, column: 2 }]);
    expect((diagnostics as { message: string }[])[0]?.message).toContain(`deeper than ${MAX_PARTIAL_DEPTH}`);
  });

  it('reports a missing page template', () => {
    expect(() => templateRenderer([], 'page.md.hbs')(data)).toThrow(
      /SVC401 template error: template page.md.hbs not found/,
    );
  });
});
