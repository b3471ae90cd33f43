// Whether a page renders from svcgen's own docs templates only: their output is put in prettier's
// form by prettier-form.ts, while a project's own template can write any Markdown, which only
// prettier can normalise. Compared by content, as a project's folder may have the same path.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATES_DIR } from '../../inputs.js';
import type { TemplateFile } from '../contract.js';

let ownDocsTemplates: ReadonlyMap<string, string> | undefined;

/** True when every docs template of svcgen is there unchanged (other names cannot be reached from them). */
export function rendersOwnTemplatesOnly(templates: readonly TemplateFile[]): boolean {
  ownDocsTemplates ??= readOwnDocsTemplates();
  if (ownDocsTemplates.size === 0) return false;
  const given = new Map(templates.map((template) => [template.name, template.content]));
  return [...ownDocsTemplates].every(([name, content]) => given.get(name) === content);
}

/** True when the docs templates are exactly svcgen's: no project file among them, not even one ours do not include. */
export function isOwnTemplateSet(templates: readonly TemplateFile[]): boolean {
  ownDocsTemplates ??= readOwnDocsTemplates();
  return templates.length === ownDocsTemplates.size && rendersOwnTemplatesOnly(templates);
}

function readOwnDocsTemplates(): ReadonlyMap<string, string> {
  try {
    const names = readdirSync(TEMPLATES_DIR).filter((name) => name.startsWith('docs-') && name.endsWith('.hbs'));
    return new Map(names.map((name) => [name, readFileSync(join(TEMPLATES_DIR, name), 'utf8')]));
  } catch {
    return new Map(); // no templates of ours to compare with: every page goes to prettier
  }
}
