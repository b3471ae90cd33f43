// Builds the data of one docs page (see page-types.ts) from an interface module.
import type { InterfaceIr, Ir, ModuleIr, Origin, RecordIr } from '../../ir/types.js';
import { compareCodePoints } from '../../ir/names.js';
import { referencedRecords, typesOfRoute } from '../shared/imports.js';
import { authView, limitViews } from './auth-view.js';
import { inline } from './markdown.js';
import type { DocsPage } from './page-types.js';
import { errorView, recordView, type RecordInput } from './record-view.js';
import { routeErrors, routeView, type RouteInput } from './route-view.js';
import { text } from './view-helpers.js';
import { recordSource, routeSource } from './view-sources.js';
import { errorWire, interfaceWire } from '../wire/index.js';

/** A page without its routes and records, which sectioned-page.ts renders one by one. */
export type PageHead = Omit<DocsPage, 'routes' | 'records'>;

export function buildDocsPage(ir: Ir, module: ModuleIr): DocsPage {
  const { routes, records } = partInputs(ir, module);
  return { ...buildPageHead(module), routes: routes.map(routeView), records: records.map(recordView) };
}

/** What each route's and record's part of the page is made from (its part's input in sectioned-page.ts). */
export function partInputs(ir: Ir, module: ModuleIr): { routes: RouteInput[]; records: RecordInput[] } {
  const errors = routeErrors(module.errors);
  const { name, recordsOrigins: origins } = module;
  return {
    routes: module.routes.map((route) => ({
      module: name,
      route: routeSource(route),
      errors: errors(route),
      origins,
    })),
    records: pageRecords(ir, module).map((record) => ({ module: name, record: recordSource(record), origins })),
  };
}

export function buildPageHead(module: ModuleIr): PageHead {
  const iface = module.interface as InterfaceIr;
  return {
    title: inline(iface.title),
    module: module.name,
    sourceFile: module.sourceFile,
    description: text(iface.description),
    basePath: iface.basePath,
    versions: iface.versions.length > 0 ? iface.versions.join(', ') : null,
    envelope: inline(interfaceWire(iface).emit.docs),
    errorBody: inline(errorWire(iface).emit.docs),
    origins: module.recordsOrigins,
    conventionSummary: module.recordsOrigins ? conventionSummary(module) : null,
    auth: module.auth.map((scheme) => authView(module, scheme)),
    errors: module.errors.map(errorView),
    limits: limitViews(module),
  };
}

/** The module's records, then the records of other modules it refers to (from its routes and records, at any depth). */
function pageRecords(ir: Ir, module: ModuleIr): RecordIr[] {
  const own = new Set(module.records.map((record) => record.key));
  // The keys reached so far, in a set that is also the queue: iterating a Set visits what is added meanwhile.
  const reached = new Set(own);
  for (const type of module.routes.flatMap(typesOfRoute)) referencedRecords(type, reached);
  for (const key of reached)
    for (const field of ir.records.get(key)?.fields ?? []) referencedRecords(field.type, reached);
  const foreign = [...reached].filter((key) => !own.has(key)).flatMap((key) => ir.records.get(key) ?? []);
  return [...module.records, ...foreign.sort((a, b) => compareCodePoints(a.key, b.key))];
}

function conventionSummary(module: ModuleIr): string {
  // Counts of chosen elements only: a new element from the document leaves this line alone.
  const count = (items: readonly { origin: Origin }[], noun: string) =>
    `${items.filter((item) => item.origin === 'convention').length} ${noun}`;
  const fields = module.records.flatMap((record) => record.fields);
  return `From the conventions: ${[count(module.routes, 'routes'), count(module.records, 'records'), count(fields, 'record fields'), count(module.errors, 'errors'), count(module.auth, 'auth schemes')].join(', ')}; everything else is from the interface document.`;
}
