// The text `svcgen scaffold` writes into a handler module: the new module, a stub per route, the
// @route marker, the @deprecated line of a removed route and the type that lets such a method
// still compile. Everything scaffold recognizes later as its own is spelled here, once.
import type { RouteSlot } from './plan.js';

/** What the module imports from the generated output, as paths relative to the module. */
export interface ModuleImports {
  readonly server: string;
  readonly errors: string;
}

export interface ModuleNames {
  /** The interface's title, for the header. */
  readonly title: string;
  readonly handlers: string;
  readonly plugin: string;
  /** The exported function that returns the handlers object. */
  readonly factory: string;
  /** Whether the handler interface takes the session type (interfaces with access-key sessions). */
  readonly sessions: boolean;
}

export const ROUTE_TAG = /^([ \t]*)\*[ \t]*@route[ \t]+([A-Z]+[ \t]+\S+)[ \t]*$/m;
export const RETIRED_LINE =
  '@deprecated svcgen scaffold: the definitions no longer have this route; delete it once nothing needs it.';
export const RETIRED_TYPE = 'RetiredRoutes';

/** The type alias that gives the methods of removed routes a signature (any input) until they are deleted. */
export const RETIRED_ALIAS = [
  '/** Methods of removed routes (svcgen scaffold marked them @deprecated): any input, until you delete them. */',
  `type ${RETIRED_TYPE}<Name extends string> = {`,
  '  readonly [Method in Name]: (input: any, context: any) => Promise<unknown>;',
  '};',
].join('\n');

export function newModuleText(names: ModuleNames, imports: ModuleImports, routes: readonly RouteSlot[]): string {
  const typeParams = names.sessions ? '<Session>' : '';
  const stubs = routes.map((route) => stubText(route, '    ')).join('');
  return `// The ${names.title}'s handlers: written by svcgen scaffold, yours from then on. Run svcgen scaffold
// again after the definitions change: it adds a stub for a new route, renames the method of a renamed
// route and marks the method of a removed route @deprecated, and never changes a body, an import or a
// comment it did not write. The @route tags tell it which route a method serves: keep them.
import type { ${names.handlers} } from '${imports.server}';
import { NotImplemented } from '${imports.errors}';

/** The ${names.title}'s business logic, one method per route: pass it to ${names.plugin} as \`handlers\`. */
export function ${names.factory}${typeParams}(): ${handlersType(names, [])} {
  return {
${stubs}  };
}
`;
}

/** A stub, indented by `indent`, with its trailing comma and line break. */
export function stubText(route: RouteSlot, indent: string): string {
  const summary = route.summary?.split('\n')[0]?.trim().replaceAll('*/', '*\\/');
  const docs = [...(summary ? [summary] : []), ...answersLine(route), `@route ${route.route}`];
  return [
    `${indent}/**`,
    ...docs.map((line) => `${indent} * ${line}`),
    `${indent} */`,
    `${indent}async ${route.method}() {`,
    `${indent}  throw new NotImplemented('${route.method}');`,
    `${indent}},`,
    '',
  ].join('\n');
}

/** How the handler sends the route's other responses (an imported 404 Problem): by an answer (respond.ts). */
function answersLine({ answers }: RouteSlot): string[] {
  if (answers === undefined) return [];
  const example = /^\d+$/.test(answers[0] ?? '') ? answers[0] : 'status';
  return [
    `Its responses ${answers.join(', ')}: return respond(${example}, body) (runtime/server/respond.js of the output).`,
  ];
}

/** The handlers type scaffold writes: the handler interface, and the retired methods' type while there are any. */
export function handlersType(names: Pick<ModuleNames, 'handlers' | 'sessions'>, retired: readonly string[]): string {
  const handlers = `${names.handlers}${names.sessions ? '<Session>' : ''}`;
  if (retired.length === 0) return handlers;
  return `${handlers} & ${RETIRED_TYPE}<${retired.map((name) => `'${name}'`).join(' | ')}>`;
}

/** Whether a type annotation is one scaffold wrote (so it may rewrite it), whitespace aside. */
export function isScaffoldType(text: string, names: Pick<ModuleNames, 'handlers'>): boolean {
  const retired = `(&${RETIRED_TYPE}<'[A-Za-z0-9_$]+'(\\|'[A-Za-z0-9_$]+')*>)?`;
  return new RegExp(`^${names.handlers}(<Session>)?${retired}$`).test(compact(text));
}

/** Text without white space, to compare type annotations. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
