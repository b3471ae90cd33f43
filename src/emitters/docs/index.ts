// The `docs` emitter: a Markdown reference per interface module, <module>/README.md, rendered
// from the docs-*.hbs templates (svcgen's own, or the user's of the same file name). Pages from
// svcgen's own templates are written in prettier's form here; a user's template goes through prettier.
import type { EmittedFile, Emitter } from '../contract.js';
import { interfaceModules } from '../contract.js';
import type { ModuleIr } from '../../ir/types.js';
import { toPrettierForm } from './prettier-form.js';
import { templateRenderer } from './render.js';
import { sectionedPages, type Section } from './sectioned-page.js';
import type { PartedFile } from '../parts.js';
import { buildDocsPage } from './view-model.js';

/** The page template; the other docs-*.hbs files are its partials ({{> docs-route}} etc.). */
export const DOCS_ENTRY = 'docs-interface.md.hbs';

/** Markdown reference of each interface: routes, auth, records, errors, limits, spec or convention. */
export const docsEmitter: Emitter = ({ ir, templates }) => {
  const docsTemplates = templates.filter((template) => template.name.startsWith('docs-'));
  // Only svcgen's own templates are known to leave Markdown that prettier-form.ts can finish.
  const ownTemplates = docsTemplates.every((template) => template.own === true);
  const modules = interfaceModules(ir);
  if (modules.length === 0) return [];
  // svcgen's templates alone: pages as parts (sectioned-page.ts), rendered whole where those do not fit.
  const sectioned = ownTemplates ? sectionedPages(docsTemplates, DOCS_ENTRY) : undefined;
  // Checks every template up front (SVC401), so built at once unless the pages are sectioned.
  let render = sectioned ? undefined : templateRenderer(docsTemplates, DOCS_ENTRY);
  const whole = (module: ModuleIr) => {
    render ??= templateRenderer(docsTemplates, DOCS_ENTRY);
    const rendered = render(buildDocsPage(ir, module));
    const formatted = ownTemplates ? toPrettierForm(rendered) : undefined;
    return { content: formatted ?? rendered, format: formatted === undefined };
  };
  return modules.map((module): EmittedFile => {
    const file = { path: `${module.name}/README.md`, source: module.sourceFile };
    if (!sectioned) return { ...file, ...whole(module) };
    const page = sectioned(ir, module);
    const parted: PartedFile<Section> = {
      ...file,
      format: false,
      parts: page.parts,
      assemble: (rendered) => page.assemble(rendered) ?? whole(module),
    };
    return parted;
  });
};
