// Routes, their parameters and responses → IR, with the checks that need the whole route.
import type { YamlPath } from '../definitions/positions.js';
import type { DefinitionFile, RouteDefinition } from '../definitions/schema.js';
import { buildFileResponse, buildMultipart, buildUpload } from './build-media.js';
import { buildEventStream } from './build-events.js';
import { buildType } from './build-type.js';
import type { FileContext } from './context.js';
import { camelCase, compareCodePoints, expectedOneOf, sortedEntries } from './names.js';
import { templateProblem } from './path-template.js';
import { isStatusClass } from '../runtime/core/response-status.js';
import type { AuthSchemeIr, InterfaceIr, Origin, ParameterIr, ResponseIr, RouteIr } from './types.js';

export interface RouteScope {
  readonly file: DefinitionFile;
  readonly iface: InterfaceIr | undefined;
  readonly auth: readonly AuthSchemeIr[];
  readonly errorNames: readonly string[];
}

export function buildRoutes(ctx: FileContext, scope: RouteScope): RouteIr[] {
  const routes = scope.file.routes ?? {};
  const names = Object.keys(routes).sort(compareCodePoints);
  ctx.reportSameIdentifiers('routes', names, camelCase, 'the method');
  return names.map((name) => buildRoute(ctx, scope, name, routes[name] as RouteDefinition));
}

function buildRoute(ctx: FileContext, scope: RouteScope, name: string, def: RouteDefinition): RouteIr {
  const path: YamlPath = ['routes', name];
  const documented = ctx.documented(def, path);
  const { origin } = documented;
  if (!scope.iface)
    ctx.report(
      'SVC102',
      path,
      `route "${name}" in a file without an interface block (expected interface: {title, basePath, …})`,
      true,
    );
  checkAuth(ctx, scope, def, path);
  checkErrors(ctx, scope, def, path);
  checkTags(ctx, scope, def, path);
  checkPathParameters(ctx, def, path);
  if (def.method === 'HEAD') checkHeadWithoutContent(ctx, def, path);
  const fullPath = joinPath(scope.iface?.basePath ?? '', def.version, def.path);
  return {
    name,
    summary: def.summary,
    method: def.method,
    path: def.path,
    fullPath,
    servedPaths: servedPaths(scope.iface, def, fullPath),
    version: def.version,
    auth: def.auth === 'none' ? undefined : def.auth,
    privilege: def.privilege,
    scopes: [...(def.scopes ?? [])],
    action: def.action,
    pathParams: buildParameters(ctx, def, path, origin, 'pathParams'),
    query: buildParameters(ctx, def, path, origin, 'query'),
    headers: buildParameters(ctx, def, path, origin, 'headers'),
    cookies: buildParameters(ctx, def, path, origin, 'cookies'),
    body: def.body ? buildType(ctx, def.body, [...path, 'body']) : undefined,
    bodyRequired: def.bodyRequired ?? true,
    bodyEntries: bodyEntries(ctx, def, path),
    // Built member by member here and below: the IR's keys keep one order, whatever the definition's.
    bodyQueryAlternative: def.bodyQueryAlternative && {
      member: def.bodyQueryAlternative.member,
      style: def.bodyQueryAlternative.style,
      origin: ctx.origin(def.bodyQueryAlternative.origin, origin),
    },
    bodyFormats: def.bodyFormats ?? (def.body ? ['json'] : []),
    idempotencyKey: def.idempotencyKey?.toLowerCase(),
    ...optional('upload', buildUpload(ctx, def, path, origin)),
    ...optional('multipart', buildMultipart(ctx, def, path, origin)),
    responses: buildResponses(ctx, def, path, origin),
    errors: [...(def.errors ?? [])].sort(compareCodePoints),
    tags: [...(def.tags ?? [])],
    deprecated: def.deprecated ?? false,
    ...documented,
  };
}

/** `{ [key]: value }` when there is a value, else nothing: optional IR members stay absent, not undefined. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function bodyEntries(ctx: FileContext, def: RouteDefinition, path: YamlPath): 'whole' | 'each' {
  if (def.bodyEntries !== 'each') return 'whole';
  if (def.body?.type !== 'list') {
    const found = def.body ? `a ${def.body.type} body` : 'no body';
    ctx.report(
      'SVC219',
      [...path, 'bodyEntries'],
      `bodyEntries: each on a route with ${found} (expected a body of type list, or bodyEntries left out)`,
    );
    return 'whole';
  }
  return 'each';
}

function joinPath(basePath: string, version: string | undefined, path: string): string {
  const joined = `${basePath}${version ? `/${version}` : ''}${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function servedPaths(iface: InterfaceIr | undefined, def: RouteDefinition, fullPath: string): string[] {
  const base = iface?.basePath ?? '';
  const versions = def.version && iface && iface.versions.includes(def.version) ? iface.versions : [def.version];
  let paths = versions.map((version) => joinPath(base, version, def.path));
  for (const { segment, aliases } of iface?.segmentAliases ?? []) {
    paths = paths.flatMap((candidate) => [
      candidate,
      ...aliases.map((alias) =>
        candidate
          .split('/')
          .map((part) => (part === segment ? alias : part))
          .join('/'),
      ),
    ]);
  }
  const unique = [...new Set(paths)].filter((candidate) => candidate !== fullPath).sort(compareCodePoints);
  return [fullPath, ...unique];
}

/** The parameter groups of a route; a response has headers only. */
type ParameterGroups = Pick<RouteDefinition, 'pathParams' | 'query' | 'headers' | 'cookies'>;

/** One group, sorted by name as written; header names are then lower-cased, as they are compared. */
function buildParameters(
  ctx: FileContext,
  owner: ParameterGroups,
  parent: YamlPath,
  origin: Origin,
  group: keyof ParameterGroups,
): ParameterIr[] {
  return sortedEntries(owner[group]).map(([name, def]) => {
    return {
      name: group === 'headers' ? name.toLowerCase() : name,
      type: buildType(ctx, def, [...parent, group, name]),
      required: def.required ?? group === 'pathParams',
      default: def.default,
      style: def.style ?? 'form',
      ...(def.shortForm && { shortForm: { key: def.shortForm.key, value: def.shortForm.value } }),
      ...ctx.documented(def, [...parent, group, name], origin),
    };
  });
}

/** The status a response's key sends: its own, the first of its class, none (0) for default. */
function statusOfKey(key: string): number {
  if (key === 'default') return 0;
  return isStatusClass(key) ? Number(key[0]) * 100 : Number(key);
}

function buildResponses(ctx: FileContext, def: RouteDefinition, path: YamlPath, origin: Origin): ResponseIr[] {
  return sortedEntries(def.responses).map(([status, response]) => {
    const responsePath = [...path, 'responses', status];
    const documented = ctx.documented(response, responsePath, origin);
    return {
      key: status,
      status: statusOfKey(status),
      body: response.body ? buildType(ctx, response.body, [...responsePath, 'body']) : undefined,
      // A HEAD response has no content to wrap (RFC 9110 section 9.3.2).
      envelope: def.method !== 'HEAD' && (response.envelope ?? 'interface') === 'interface',
      headers: buildParameters(ctx, response, responsePath, documented.origin, 'headers'),
      when: response.when,
      total: response.total ?? false,
      ...optional('file', buildFileResponse(ctx, response, responsePath, documented.origin)),
      ...optional('events', buildEventStream(ctx, response, responsePath)),
      ...documented,
    };
  });
}

const REQUEST_CONTENT = { body: 'a body', upload: 'an upload', multipart: 'a multipart body' } as const;
const RESPONSE_CONTENT = { body: 'a body', file: 'a file', events: 'an event stream' } as const;

/** A HEAD request and its responses carry no content (RFC 9110 section 9.3.2): only headers and a status. */
function checkHeadWithoutContent(ctx: FileContext, def: RouteDefinition, path: YamlPath): void {
  for (const [key, what] of Object.entries(REQUEST_CONTENT))
    if (def[key as keyof typeof REQUEST_CONTENT] !== undefined)
      ctx.report(
        'SVC264',
        [...path, key],
        `a HEAD route takes ${what} (expected none: a HEAD request carries no content)`,
        true,
      );
  for (const [status, response] of Object.entries(def.responses))
    for (const [key, what] of Object.entries(RESPONSE_CONTENT))
      if (response?.[key as keyof typeof RESPONSE_CONTENT] !== undefined)
        ctx.report(
          'SVC264',
          [...path, 'responses', status, key],
          `response ${status} of a HEAD route has ${what} (expected headers only: a HEAD response carries no content; the GET route of the same path declares it)`,
          true,
        );
}

function checkPathParameters(ctx: FileContext, def: RouteDefinition, path: YamlPath): void {
  // A template the router refuses (SVC215) names no placeholders to match against: one report is enough.
  if (templateProblem(def.path) !== undefined) return;
  const used = [...def.path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');
  const declaredNames = Object.keys(def.pathParams ?? {});
  for (const name of used) {
    if (!declaredNames.includes(name)) {
      ctx.report(
        'SVC205',
        [...path, 'path'],
        `path parameter "{${name}}" is not declared (expected pathParams.${name})`,
      );
    }
  }
  for (const name of declaredNames) {
    if (!used.includes(name)) {
      ctx.report(
        'SVC206',
        [...path, 'pathParams', name],
        `path parameter "${name}" is not used in the path "${def.path}" (expected {${name}} in the path)`,
        true,
      );
    }
  }
}

function checkAuth(ctx: FileContext, scope: RouteScope, def: RouteDefinition, path: YamlPath): void {
  if (def.auth === undefined || def.auth === 'none') {
    if (def.privilege !== undefined)
      ctx.report(
        'SVC210',
        [...path, 'privilege'],
        `privilege "${def.privilege}" on a route without auth (expected an auth scheme with privileges)`,
      );
    if (def.scopes !== undefined)
      ctx.report(
        'SVC224',
        [...path, 'scopes'],
        'scopes on a route without auth (expected auth: a bearer, oauth2, apiKey or basic scheme that declares them)',
        true,
      );
    return;
  }
  const scheme = scope.auth.find((candidate) => candidate.name === def.auth);
  if (!scheme) {
    const names = scope.auth.map((candidate) => candidate.name);
    ctx.report(
      'SVC202',
      [...path, 'auth'],
      `unknown auth scheme "${def.auth}" ${expectedOneOf(def.auth, ['none', ...names])}`,
    );
    return;
  }
  checkScopes(ctx, scheme, def, path);
  const privileges = scheme.type === 'digest' ? (scheme.privileges?.names ?? []) : [];
  if (def.privilege === undefined) {
    // A scheme with privileges checks one on every route: a route without one would skip the check.
    if (privileges.length > 0) {
      ctx.report(
        'SVC218',
        [...path, 'auth'],
        `route without a privilege on auth scheme "${scheme.name}", which checks privileges (expected privilege: one of ${privileges.join(', ')})`,
      );
    }
    return;
  }
  if (!privileges.includes(def.privilege)) {
    ctx.report(
      'SVC210',
      [...path, 'privilege'],
      `unknown privilege "${def.privilege}" (expected one of: ${privileges.join(', ') || 'none declared by auth scheme ' + scheme.name})`,
    );
  }
}

/** A route's scopes must be ones its scheme can grant: a typo would otherwise refuse every caller. */
function checkScopes(ctx: FileContext, scheme: AuthSchemeIr, def: RouteDefinition, path: YamlPath): void {
  if (def.scopes === undefined) return;
  if (scheme.type === 'digest') {
    ctx.report(
      'SVC224',
      [...path, 'scopes'],
      `scopes on a route of digest scheme "${scheme.name}" (expected privilege: one of the scheme's privileges)`,
      true,
    );
    return;
  }
  const known = schemeScopes(scheme);
  for (const [index, wanted] of def.scopes.entries()) {
    if (known.includes(wanted)) continue;
    const expected =
      known.length > 0
        ? `expected one of: ${known.join(', ')}`
        : `expected scopes: [${wanted}] on auth scheme ${scheme.name}`;
    ctx.report(
      'SVC225',
      [...path, 'scopes', index],
      `unknown scope "${wanted}" of auth scheme "${scheme.name}" (${expected})`,
    );
  }
}

/** The scopes a scheme can grant: declared on it, or for oauth2 on its grants. */
export function schemeScopes(scheme: AuthSchemeIr): readonly string[] {
  switch (scheme.type) {
    case 'oauth2':
      return [...new Set(scheme.grants.flatMap((grant) => grant.scopes))];
    case 'digest':
      return [];
    default:
      return scheme.scopes;
  }
}

function checkErrors(ctx: FileContext, scope: RouteScope, def: RouteDefinition, path: YamlPath): void {
  for (const [index, kind] of (def.errors ?? []).entries()) {
    if (!scope.errorNames.includes(kind)) {
      ctx.report(
        'SVC211',
        [...path, 'errors', index],
        `unknown error "${kind}" (expected one of the file's errors: ${scope.errorNames.join(', ') || 'none declared'})`,
      );
    }
  }
}

/**
 * A route's tags must be the interface's: a misspelt tag would otherwise open a group of its own in
 * OpenAPI and the docs, beside the one meant. Listed twice, a tag would list the route twice.
 */
function checkTags(ctx: FileContext, scope: RouteScope, def: RouteDefinition, path: YamlPath): void {
  // A route outside an interface is reported as such (SVC102): there are no tags to name.
  if (!scope.iface) return;
  const declared = scope.iface.tags.map((tag) => tag.name);
  const tags = def.tags ?? [];
  for (const [index, tag] of tags.entries()) {
    if (tags.indexOf(tag) !== index)
      ctx.report('SVC239', [...path, 'tags', index], `tag "${tag}" is listed twice (expected each tag once)`);
    else if (!declared.includes(tag))
      ctx.report(
        'SVC239',
        [...path, 'tags', index],
        `unknown tag "${tag}" ${declared.length > 0 ? expectedOneOf(tag, declared) : `(expected interface.tags: { ${tag}: {} } to declare it)`}`,
      );
  }
}
