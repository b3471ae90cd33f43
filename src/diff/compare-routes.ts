// Routes, matched by file and route name: method and path, auth, idempotency key, parameters and body (responses in
// compare-responses.ts).
import { PARAMETER_GROUPS } from '../ir/route-parameters.js';
import { IDEMPOTENT_METHODS } from '../runtime/core/vocabulary.js';
import type { ModuleIr, RouteIr } from '../ir/types.js';
import { listDelta, reportOtherChanges, sameValue, show, type CompareContext, type Report } from './context.js';
import { compareRouteAuth } from './compare-auth.js';
import { compareMultipart, compareUpload } from './compare-files.js';
import { compareDeprecation, compareTags } from './compare-marks.js';
import { compareParameters } from './compare-parameters.js';
import { compareResponses } from './compare-responses.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';

export function compareRoutes(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const moduleName = (head ?? base)?.name ?? '';
  const baseRoutes = base?.routes ?? [];
  const headRoutes = head?.routes ?? [];
  const renames = renamedRoutes(baseRoutes, headRoutes);
  const renamedTargets = new Set(renames.values());
  const subject = (name: string) => `route ${moduleName}.${name}`;
  ctx.compareKeyed(baseRoutes, headRoutes, 'name', subject, {
    removed: (report, route) => {
      const renamedTo = renames.get(route);
      if (renamedTo) compareRenamedRoute(ctx, subject(renamedTo.name), route, renamedTo);
      else report('route-removed', `route ${describeRoute(route)} removed`);
    },
    added: (report, route) => {
      // A new interface's routes are the interface-added change: there is no base server to break.
      if (base && !renamedTargets.has(route)) report('route-added', `route ${describeRoute(route)} added`);
    },
    changed: (_report, before, after, name) => compareRoute(ctx, subject(name), before, after),
  });
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

function compareRenamedRoute(ctx: CompareContext, subject: string, base: RouteIr, head: RouteIr): void {
  const description =
    `route ${describeRoute(head)} renamed ${base.name} → ${head.name}: servers rename the handler; HTTP clients ` +
    `are unaffected, but TypeScript callers of the generated client must rename the call (${base.name}() → ${head.name}())`;
  ctx.reporter(subject, { head: head.location })('route-renamed', description);
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
  'idempotencyKey',
  'upload',
  'multipart',
  'responses',
  'errors',
  'tags',
  'deprecated',
];

function compareRoute(ctx: CompareContext, subject: string, base: RouteIr, head: RouteIr): void {
  const report = ctx.reporter(subject, { head: head.location });
  if (base.description !== head.description || base.summary !== head.summary)
    report('docs-changed', 'summary or description changed');
  if (base.method !== head.method) report('method-changed', `method ${base.method} → ${head.method}`);
  // Versions and segment aliases of the interface are reported with the interface (compare-interface.ts).
  const renamed = renamedPlaceholders(base.fullPath, head.fullPath);
  if (renamed.size > 0) {
    const names = [...renamed].map(([before, after]) => `{${before}} → {${after}}`).join(', ');
    report(
      'path-placeholder-renamed',
      `path ${base.fullPath} → ${head.fullPath}: placeholder ${names}; HTTP clients are unaffected, TypeScript ` +
        `callers of the generated client pass the value under the new name`,
    );
  } else if (base.fullPath !== head.fullPath) report('path-changed', `path ${base.fullPath} → ${head.fullPath}`);
  compareRouteAuth(report, base, head);
  if (base.action !== head.action) report('action-changed', `action ${show(base.action)} → ${show(head.action)}`);
  compareTags(report, base.tags, head.tags);
  compareDeprecation(report, base, head);
  for (const { key, place } of PARAMETER_GROUPS) {
    // A renamed placeholder's parameter is compared with the one it was, under its new name.
    const before =
      key === 'pathParams'
        ? base[key].map((param) => ({ ...param, name: renamed.get(param.name) ?? param.name }))
        : base[key];
    compareParameters(ctx, `${subject} › ${place}`, before, head[key], 'request');
  }
  compareIdempotencyKey(report, base, head);
  compareBody(ctx, subject, base, head);
  compareUpload(ctx, subject, base, head);
  compareMultipart(ctx, subject, base, head);
  compareResponses(ctx, subject, base, head);
  // "errors: added a, b; removed c"
  const errors = Object.entries(listDelta(base.errors, head.errors)).filter(([, names]) => names.length > 0);
  if (errors.length > 0)
    report(
      'route-errors-changed',
      `errors: ${errors.map(([verb, names]) => `${verb} ${names.join(', ')}`).join('; ')}`,
    );
  reportOtherChanges(report, base, head, HANDLED);
}

/**
 * The header naming one attempt of a request: with it the generated client retries a POST or PATCH after a failure
 * on the way (or a 503), and the server answers a repeat with the first response. A server that does not read the
 * header (or reads another) applies a retried request again; nothing fails, the booking is made twice. An idempotent
 * method is retried with or without a key and has the same effect applied twice: there the key only decides whether
 * a retry gets the first answer or its own.
 */
function compareIdempotencyKey(report: Report, baseRoute: RouteIr, headRoute: RouteIr): void {
  const [base, head] = [baseRoute.idempotencyKey, headRoute.idempotencyKey];
  if (base === head) return;
  if (IDEMPOTENT_METHODS.includes(baseRoute.method) && IDEMPOTENT_METHODS.includes(headRoute.method)) {
    const change = base === undefined ? `${head} added` : head === undefined ? `${base} removed` : `${base} → ${head}`;
    report(
      'idempotent-route-key-changed',
      `idempotency key header ${change}: clients retry a ${headRoute.method} with or without it, and a retry applied ` +
        "again has the first one's effect; only its answer may differ (a repeated DELETE may answer 404)",
    );
    return;
  }
  if (base === undefined)
    report(
      'idempotency-key-added',
      `idempotency key header ${head} added: newer clients retry the route, and a base server applies a retry again`,
    );
  else if (head === undefined)
    report(
      'idempotency-key-removed',
      `idempotency key header ${base} removed: base clients still retry the route, and the server applies a retry again`,
    );
  else
    report(
      'idempotency-key-renamed',
      `idempotency key header ${base} → ${head}: clients retry with a header the other side's server does not read, ` +
        'which applies the retry again',
    );
}

function compareBody(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const report = ctx.reporter(`${route} › body`, { head: head.location });
  const directions: Direction[] = ['request'];
  // A body of the same kind on both sides (JSON, upload or form) may become required or optional; a change of
  // kind is reported as such (compare-files.ts).
  const sameKind = Boolean(
    (base.body && head.body) || (base.upload && head.upload) || (base.multipart && head.multipart),
  );
  if (sameKind && base.bodyRequired !== head.bodyRequired)
    report(
      head.bodyRequired ? 'became-required' : 'became-optional',
      head.bodyRequired ? 'now required' : 'now optional',
      directions,
    );
  if (!base.body && head.body) {
    report(
      head.bodyRequired ? 'body-added' : 'body-added-optional',
      `${head.bodyRequired ? 'required' : 'optional'} request body added`,
      directions,
    );
  } else if (base.body && !head.body) {
    report('body-removed', 'request body removed', directions);
  } else if (base.body && head.body) compareTypes(report, directions, base.body, head.body, ctx);
  const formats = listDelta(base.bodyFormats, head.bodyFormats);
  if (base.body) for (const format of formats.added) report('body-format-added', `accepts ${format} bodies`);
  if (head.body)
    for (const format of formats.removed) report('body-format-removed', `no longer accepts ${format} bodies`);
  const [before, after] = [base.bodyQueryAlternative, head.bodyQueryAlternative];
  if (!sameValue(before, after)) {
    const describe = (value: typeof before) => (value ? `${value.member} as ${value.style} query parameter` : 'none');
    const kind = !before
      ? 'body-query-alternative-added'
      : !after
        ? 'body-query-alternative-removed'
        : 'body-query-alternative-changed';
    report(kind, `query alternative ${describe(before)} → ${describe(after)}`);
  }
}

/**
 * The placeholders renamed between two paths that differ in nothing else (the same literal text, placeholders in the
 * same places); empty when the paths are equal or differ otherwise.
 */
function renamedPlaceholders(base: string, head: string): Map<string, string> {
  const placeholder = /\{([^}]*)\}/g;
  const shape = (path: string) => path.replace(placeholder, '{}');
  if (base === head || shape(base) !== shape(head)) return new Map();
  const names = (path: string) => [...path.matchAll(placeholder)].map((match) => match[1] ?? '');
  const after = names(head);
  return new Map(names(base).flatMap((name, index) => (name === after[index] ? [] : [[name, after[index] ?? '']])));
}
