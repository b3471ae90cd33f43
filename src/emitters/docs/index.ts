// The `docs` emitter: a Markdown reference per interface module, <module>/README.md, rendered
// from the docs-*.hbs templates (svcgen's own, or the user's of the same file name).
import type { Emitter, GeneratedFile } from '../contract.js';
import { interfaceModules } from '../contract.js';
import { renderTemplate } from './render.js';
import { buildDocsPage } from './view-model.js';

/** The page template; the other docs-*.hbs files are its partials ({{> docs-route}} etc.). */
export const DOCS_ENTRY = 'docs-interface.md.hbs';

export const docsEmitter: Emitter = {
  name: 'docs',
  description: 'Markdown reference of each interface: routes, auth, records, errors, limits, spec or convention',
  emit: ({ ir, templates }) => {
    const docsTemplates = templates.filter((template) => template.name.startsWith('docs-'));
    return interfaceModules(ir).map(
      (module): GeneratedFile => ({
        path: `${module.name}/README.md`,
        content: renderTemplate(docsTemplates, DOCS_ENTRY, buildDocsPage(ir, module)),
        source: module.sourceFile,
        format: true,
      }),
    );
  },
};
