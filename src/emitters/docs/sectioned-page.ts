// A docs page from svcgen's own templates as parts: each route's and each record's part (its
// partial, docs-route or docs-record, put in prettier's form), and the rest of the page, rendered
// with a marker line where each of those partials goes (the skeleton).
// The page is the skeleton with the parts in place of the markers, exactly what rendering it
// whole and toPrettierForm give (see prettier-form.ts); if anything does not fit that, the
// caller renders the page whole.
//
// Only for svcgen's own templates (which render a route or record from its own view alone, with
// no @root, @index or ../ in the partials): a project's template can do anything.
import type { Ir, ModuleIr } from '../../ir/types.js';
import { hash } from 'node:crypto';
import type { TemplateFile } from '../contract.js';
import { part, type Part } from '../parts.js';
import { joinParts, partInPrettierForm, toPrettierForm } from './prettier-form.js';
import { recordRow, recordView, type RecordRow } from './record-view.js';
import { partialName, templateRenderer } from './render.js';
import { routeRow, routeView, type RouteRow } from './route-view.js';
import { buildPageHead, partInputs, type PageHead } from './view-model.js';

const ROUTE = 'docs-route';
const RECORD = 'docs-record';

interface SkeletonInput {
  /** The texts of the templates in effect, by hash (the renderers are compiled from exactly these): in every input. */
  readonly templates: string;
  readonly head: PageHead;
  readonly routes: readonly RouteRow[];
  readonly records: readonly RecordRow[];
}

type Skeleton = {
  /** In prettier's form, or null when only prettier can say (toPrettierForm). */
  readonly markdown: string | null;
  /** How many partials the markers stand for (text from the definitions cannot add one unseen). */
  readonly sections: number;
};

/** A part's rendering: the skeleton, or a route's or record's section (null: not in prettier's form). */
export type Section = Skeleton | string | null;

export interface SectionedPage {
  /** The skeleton, then a part per route, then a part per record. */
  readonly parts: readonly Part<never, Section>[];
  /** The page from its parts' renderings, or undefined when it has to be rendered whole. */
  assemble(rendered: readonly Section[]): string | undefined;
}

/** A line of its own in the skeleton (text from the definitions could hold one too: see `sections`). */
export const marker = (partial: string, index: number | '?') => `\u0000${partial} ${index}\u0000\n`;
const MARKER = /\u0000(docs-route|docs-record) (\d+)\u0000\n/g;

/** For `templates` (svcgen's own): a module's page as parts. */
export function sectionedPages(
  templates: readonly TemplateFile[],
  entry: string,
): (ir: Ir, module: ModuleIr) => SectionedPage {
  const templatesKey = hash('sha256', JSON.stringify(templates.map((template) => [template.name, template.content])));
  // Compiled on first use: a rerun that finds every part remembered compiles nothing, one that
  // renders one record compiles docs-record alone (ours include no partial).
  const renderRoute = lazy(() => partialRenderer(templates, ROUTE));
  const renderRecord = lazy(() => partialRenderer(templates, RECORD));
  const renderSkeleton = lazy(() => skeletonRenderer(templates, entry));
  return (ir, module) => {
    const { routes, records } = partInputs(ir, module);
    const skeletonInput: SkeletonInput = {
      templates: templatesKey,
      head: buildPageHead(module),
      routes: routes.map((input) => routeRow(input.route)),
      records: records.map((input) => recordRow(input.module, input.record)),
    };
    const parts: Part<never, Section>[] = [
      part('docs/skeleton', module.name, skeletonInput, (input): Section => renderSkeleton()(input)),
      ...routes.map((input) =>
        part('docs/route', input.route.name, { templates: templatesKey, ...input }, (view): Section =>
          partInPrettierForm(renderRoute()(routeView(view))),
        ),
      ),
      ...records.map((input) =>
        part('docs/record', input.record.name, { templates: templatesKey, ...input }, (view): Section =>
          partInPrettierForm(renderRecord()(recordView(view))),
        ),
      ),
    ];
    const assemble = (rendered: readonly Section[]): string | undefined => {
      const skeleton = rendered[0] as Skeleton;
      if (skeleton.markdown === null) return undefined;
      const sections = rendered.slice(1) as (string | null)[];
      const first = (partial: string) => (partial === ROUTE ? 0 : routes.length);
      const count = (partial: string) => (partial === ROUTE ? routes.length : records.length);
      return fillSkeleton(skeleton.markdown, skeleton.sections, (partial, index) =>
        index < count(partial) ? (sections[first(partial) + index] ?? null) : null,
      );
    };
    return { parts, assemble };
  };
}

/**
 * The page: the skeleton (in prettier's form) with each marker line replaced by its part (in
 * prettier's form, see partInPrettierForm); undefined when a part does not fit or the markers
 * are not the `sections` the partials left.
 */
export function fillSkeleton(
  skeleton: string,
  sections: number,
  part: (partial: string, index: number) => string | null,
): string | undefined {
  const parts: string[] = [];
  let from = 0;
  let found = 0;
  for (const match of skeleton.matchAll(MARKER)) {
    const section = part(match[1] as string, Number(match[2]));
    if (section === null || (match.index > 0 && skeleton[match.index - 1] !== '\n')) return undefined;
    parts.push(skeleton.slice(from, match.index), section);
    from = match.index + match[0].length;
    found += 1;
  }
  if (found !== sections) return undefined;
  parts.push(skeleton.slice(from));
  return joinParts(parts);
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function partialRenderer(templates: readonly TemplateFile[], partial: string): (data: unknown) => string {
  const own = templates.filter((template) => partialName(template.name) === partial);
  return templateRenderer(own, own[0]?.name ?? `${partial}.md.hbs`, { trusted: true });
}

/** The page template with a marker line for each route's and record's partial, in prettier's form. */
function skeletonRenderer(templates: readonly TemplateFile[], entry: string): (input: SkeletonInput) => Skeleton {
  // The row a partial is given tells which route or record it is; an unknown one gives a marker that fails the page.
  let indexes = new Map<string, Map<unknown, number>>();
  let sections = 0;
  const stub = (partial: string) => (context: unknown) => {
    sections += 1;
    return marker(partial, indexes.get(partial)?.get(context) ?? '?');
  };
  const render = templateRenderer(templates, entry, {
    stubs: new Map([ROUTE, RECORD].map((partial) => [partial, stub(partial)])),
    trusted: true,
  });
  const byRow = (rows: readonly unknown[]) => new Map(rows.map((row, index) => [row, index]));
  return (input) => {
    indexes = new Map([
      [ROUTE, byRow(input.routes)],
      [RECORD, byRow(input.records)],
    ]);
    sections = 0;
    const markdown = toPrettierForm(render({ ...input.head, routes: input.routes, records: input.records })) ?? null;
    return { markdown, sections };
  };
}
