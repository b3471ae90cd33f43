// Routes, matched by file and route name: method and path, parameters, body and responses.
import type { ModuleIr, ParameterIr, ResponseIr, RouteIr, SourceLocation } from '../ir/types.js';
import { otherDifferences, sameValue, show, unionNames, type CompareContext } from './context.js';
import { compareRouteAuth } from './compare-auth.js';
import { compareDefault, comparePresence } from './compare-records.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';

export function compareRoutes(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const moduleName = (head ?? base)?.name ?? '';
  const baseRoutes = base?.routes ?? [];
  const headRoutes = head?.routes ?? [];
  const renames = renamedRoutes(baseRoutes, headRoutes);
  const renamedTargets = new Set(renames.values());
  for (const name of unionNames(
    baseRoutes.map((route) => route.name),
    headRoutes.map((route) => route.name),
  )) {
    const baseRoute = baseRoutes.find((route) => route.name === name);
    const headRoute = headRoutes.find((route) => route.name === name);
    const subject = `route ${moduleName}.${name}`;
    if (baseRoute && !headRoute) {
      const renamedTo = renames.get(baseRoute);
      if (renamedTo) compareRenamedRoute(ctx, moduleName, baseRoute, renamedTo);
      else
        ctx.add({
          kind: 'route-removed',
          subject,
          description: `route ${describeRoute(baseRoute)} removed`,
          at: { base: baseRoute.location },
        });
    } else if (!baseRoute && headRoute) {
      // A new interface's routes are the interface-added change: there is no base server to break.
      if (base && !renamedTargets.has(headRoute)) {
        ctx.add({
          kind: 'route-added',
          subject,
          description: `route ${describeRoute(headRoute)} added`,
          at: { head: headRoute.location },
        });
      }
    } else if (baseRoute && headRoute) {
      compareRoute(ctx, subject, baseRoute, headRoute);
    }
  }
}

/**
 * A route that only the base names and one that only the working tree names, with the same method and
 * path, are one route under a new name: the wire is the same, the handler and client method are not.
 */
function renamedRoutes(base: readonly RouteIr[], head: readonly RouteIr[]): Map<RouteIr, RouteIr> {
  const onlyHead = head.filter((route) => !base.some((candidate) => candidate.name === route.name));
  const renames = new Map<RouteIr, RouteIr>();
  for (const route of base.filter((candidate) => !head.some((other) => other.name === candidate.name))) {
    const taken = new Set(renames.values());
    const match = onlyHead.find(
      (candidate) =>
        candidate.method === route.method && candidate.fullPath === route.fullPath && !taken.has(candidate),
    );
    if (match) renames.set(route, match);
  }
  return renames;
}

function compareRenamedRoute(ctx: CompareContext, moduleName: string, base: RouteIr, head: RouteIr): void {
  const subject = `route ${moduleName}.${head.name}`;
  const description =
    `route ${describeRoute(head)} renamed ${base.name} → ${head.name}: servers rename the handler; HTTP clients ` +
    `are unaffected, but TypeScript callers of the generated client must rename the call (${base.name}() → ${head.name}())`;
  ctx.add({ kind: 'route-renamed', subject, description, at: { head: head.location } });
  compareRoute(ctx, subject, base, head);
}

function describeRoute(route: RouteIr): string {
  return `${route.method} ${route.fullPath}`;
}

const HANDLED: readonly (keyof RouteIr)[] = [
  'name',
  'method',
  'path',
  'fullPath',
  'servedPaths',
  'version',
  'auth',
  'privilege',
  'scopes',
  'action',
  'pathParams',
  'query',
  'headers',
  'cookies',
  'body',
  'bodyRequired',
  'bodyQueryAlternative',
  'bodyFormats',
  'responses',
  'errors',
];

function compareRoute(ctx: CompareContext, subject: string, base: RouteIr, head: RouteIr): void {
  const at = { head: head.location };
  if (base.description !== head.description || base.summary !== head.summary)
    ctx.add({ kind: 'docs-changed', subject, description: 'summary or description changed', at });
  if (base.method !== head.method)
    ctx.add({ kind: 'method-changed', subject, description: `method ${base.method} → ${head.method}`, at });
  // Versions and segment aliases of the interface are reported with the interface (compare-interface.ts).
  if (base.fullPath !== head.fullPath)
    ctx.add({ kind: 'path-changed', subject, description: `path ${base.fullPath} → ${head.fullPath}`, at });
  compareRouteAuth(ctx, subject, base, head);
  if (base.action !== head.action)
    ctx.add({ kind: 'action-changed', subject, description: `action ${show(base.action)} → ${show(head.action)}`, at });
  compareParameters(ctx, `${subject} › path parameter`, base.pathParams, head.pathParams, 'request');
  compareParameters(ctx, `${subject} › query parameter`, base.query, head.query, 'request');
  compareParameters(ctx, `${subject} › header`, base.headers, head.headers, 'request');
  compareParameters(ctx, `${subject} › cookie`, base.cookies, head.cookies, 'request');
  compareBody(ctx, subject, base, head);
  compareResponses(ctx, subject, base, head);
  const addedErrors = head.errors.filter((error) => !base.errors.includes(error));
  const removedErrors = base.errors.filter((error) => !head.errors.includes(error));
  if (addedErrors.length + removedErrors.length > 0) {
    const parts = [
      addedErrors.length ? `added ${addedErrors.join(', ')}` : '',
      removedErrors.length ? `removed ${removedErrors.join(', ')}` : '',
    ].filter(Boolean);
    ctx.add({ kind: 'route-errors-changed', subject, description: `errors: ${parts.join('; ')}`, at });
  }
  for (const key of otherDifferences(base, head, HANDLED))
    ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at });
}

function compareParameters(
  ctx: CompareContext,
  prefix: string,
  base: readonly ParameterIr[],
  head: readonly ParameterIr[],
  direction: Direction,
): void {
  const directions = [direction];
  for (const name of unionNames(
    base.map((param) => param.name),
    head.map((param) => param.name),
  )) {
    const before = base.find((param) => param.name === name);
    const after = head.find((param) => param.name === name);
    const subject = `${prefix} ${name}`;
    if (before && !after) {
      ctx.add({
        kind: 'parameter-removed',
        subject,
        description: 'removed',
        at: { base: before.location },
        directions,
      });
    } else if (!before && after) {
      const required = after.required && (direction === 'response' || after.default === undefined);
      ctx.add({
        kind: required ? 'parameter-added-required' : 'parameter-added-optional',
        subject,
        description: required ? 'required, added' : 'optional, added',
        at: { head: after.location },
        directions,
      });
    } else if (before && after) {
      const at = { head: after.location };
      if (before.description !== after.description)
        ctx.add({ kind: 'docs-changed', subject, description: 'description changed', at });
      comparePresence(ctx, { subject, at, directions }, before, after);
      compareDefault(ctx, { subject, at, directions }, before, after);
      if (before.style !== after.style)
        ctx.add({
          kind: 'parameter-style-changed',
          subject,
          description: `style ${before.style} → ${after.style}`,
          at,
        });
      for (const delta of compareTypes(before.type, after.type, ctx)) ctx.add({ ...delta, subject, at, directions });
      for (const key of otherDifferences(before, after, ['name', 'type', 'required', 'default', 'style']))
        ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at });
    }
  }
}

function compareBody(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const subject = `${route} › body`;
  const at = { head: head.location };
  const directions: Direction[] = ['request'];
  if (!base.body && head.body) {
    ctx.add({
      kind: head.bodyRequired ? 'body-added' : 'body-added-optional',
      subject,
      description: `${head.bodyRequired ? 'required' : 'optional'} request body added`,
      at,
      directions,
    });
  } else if (base.body && !head.body) {
    ctx.add({ kind: 'body-removed', subject, description: 'request body removed', at, directions });
  } else if (base.body && head.body) {
    if (base.bodyRequired !== head.bodyRequired)
      ctx.add({
        kind: head.bodyRequired ? 'became-required' : 'became-optional',
        subject,
        description: head.bodyRequired ? 'now required' : 'now optional',
        at,
        directions,
      });
    for (const delta of compareTypes(base.body, head.body, ctx)) ctx.add({ ...delta, subject, at, directions });
  }
  for (const format of head.bodyFormats.filter((candidate) => !base.bodyFormats.includes(candidate))) {
    if (base.body) ctx.add({ kind: 'body-format-added', subject, description: `accepts ${format} bodies`, at });
  }
  for (const format of base.bodyFormats.filter((candidate) => !head.bodyFormats.includes(candidate))) {
    if (head.body)
      ctx.add({ kind: 'body-format-removed', subject, description: `no longer accepts ${format} bodies`, at });
  }
  const [before, after] = [base.bodyQueryAlternative, head.bodyQueryAlternative];
  if (!sameValue(before, after)) {
    const describe = (value: typeof before) => (value ? `${value.member} as ${value.style} query parameter` : 'none');
    const kind = !before
      ? 'body-query-alternative-added'
      : !after
        ? 'body-query-alternative-removed'
        : 'body-query-alternative-changed';
    ctx.add({ kind, subject, description: `query alternative ${describe(before)} → ${describe(after)}`, at });
  }
}

function compareResponses(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const directions: Direction[] = ['response'];
  const statuses = unionNames(
    base.responses.map((response) => String(response.status)),
    head.responses.map((response) => String(response.status)),
  );
  for (const status of statuses) {
    const before = base.responses.find((response) => String(response.status) === status);
    const after = head.responses.find((response) => String(response.status) === status);
    const subject = `${route} › response ${status}`;
    if (before && !after) {
      ctx.add({
        kind: 'response-removed',
        subject,
        description: `response ${status} removed`,
        at: { base: before.location },
      });
      continue;
    }
    if (!before || !after) {
      if (after)
        ctx.add({
          kind: 'response-added',
          subject,
          description: `response ${status} added`,
          at: { head: after.location },
        });
      continue;
    }
    const at = { head: after.location };
    if (before.description !== after.description)
      ctx.add({ kind: 'docs-changed', subject, description: 'description changed', at });
    if (before.envelope !== after.envelope)
      ctx.add({
        kind: 'response-envelope-changed',
        subject,
        description: after.envelope
          ? 'now wrapped in the interface envelope'
          : 'no longer wrapped in the interface envelope',
        at,
      });
    if (before.total !== after.total)
      ctx.add({
        kind: after.total ? 'response-total-added' : 'response-total-removed',
        subject,
        description: after.total ? 'envelope now carries the total' : 'envelope no longer carries the total',
        at,
      });
    if (before.when !== after.when)
      ctx.add({
        kind: 'response-selector-changed',
        subject,
        description: `selected by ${show(before.when)} → ${show(after.when)}`,
        at,
      });
    compareResponseBody(ctx, `${subject} › body`, before, after, at);
    compareParameters(ctx, `${subject} › header`, before.headers, after.headers, 'response');
    for (const key of otherDifferences(before, after, ['status', 'body', 'envelope', 'headers', 'when', 'total']))
      ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at, directions });
  }
}

function compareResponseBody(
  ctx: CompareContext,
  subject: string,
  base: ResponseIr,
  head: ResponseIr,
  at: { head: SourceLocation },
): void {
  const directions: Direction[] = ['response'];
  if (!base.body && head.body)
    ctx.add({ kind: 'body-added', subject, description: 'response body added', at, directions });
  else if (base.body && !head.body)
    ctx.add({ kind: 'body-removed', subject, description: 'response body removed', at, directions });
  else if (base.body && head.body)
    for (const delta of compareTypes(base.body, head.body, ctx)) ctx.add({ ...delta, subject, at, directions });
}
