// securitySchemes to auth schemes, and an operation's security requirement to its auth and scopes.
import type { AuthSchemeDefinition, RouteDefinition } from '../definitions/schema.js';
import { isMapping, TOKEN_PATTERN } from '../definitions/schema-values.js';
import { noteAt, type ImportContext } from './context.js';
import { validName } from './naming.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';

const SCOPE = /^[!#-[\]-~]+$/;

export interface ImportedAuth {
  readonly schemes: Record<string, AuthSchemeDefinition>;
  /** The auth name each document scheme became. */
  readonly names: ReadonlyMap<string, string>;
}

export function importSchemes(context: ImportContext): ImportedAuth {
  const section = context.version === '2.0' ? 'securityDefinitions' : 'components';
  const holder =
    context.version === '2.0'
      ? context.root.securityDefinitions
      : (context.root.components as Record<string, unknown> | undefined)?.securitySchemes;
  const base = context.version === '2.0' ? '/securityDefinitions' : '/components/securitySchemes';
  const schemes: Record<string, AuthSchemeDefinition> = {};
  const names = new Map<string, string>();
  if (!isMapping(holder)) return { schemes, names };
  for (const key of Object.keys(holder).sort()) {
    const at = { file: context.file, pointer: childPointer(base, key) };
    const resolved = context.refs.deref<Record<string, unknown>>(holder[key], at);
    if (!resolved || !isMapping(resolved.value)) continue;
    const scheme = importScheme(context, resolved.value, at);
    if (!scheme) continue;
    let name = validName(key, 'auth');
    name = name.replace(/[^A-Za-z0-9]/g, '');
    while (schemes[name]) name = `${name}2`;
    if (name !== key) noteAt(context, at, 'renamed', `security scheme ${key}: named ${name}`);
    schemes[name] = scheme;
    names.set(key, name);
  }
  void section;
  return { schemes, names };
}

function importScheme(
  context: ImportContext,
  scheme: Record<string, unknown>,
  at: Place,
): AuthSchemeDefinition | undefined {
  const description = typeof scheme.description === 'string' ? { description: scheme.description } : {};
  const type = scheme.type;
  if (type === 'apiKey') {
    const location = scheme.in;
    if (
      (location !== 'header' && location !== 'query' && location !== 'cookie') ||
      typeof scheme.name !== 'string' ||
      !TOKEN_PATTERN.test(scheme.name)
    ) {
      noteAt(context, at, 'dropped', 'apiKey scheme without a usable in and name');
      return undefined;
    }
    return { type: 'apiKey', in: location, name: scheme.name, ...description };
  }
  if (type === 'basic' || (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic'))
    return { type: 'basic', realm: 'api', ...description };
  if (type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') return { type: 'bearer', ...description };
  if (type === 'oauth2' || type === 'openIdConnect') {
    const scopes = oauthScopes(scheme);
    noteAt(
      context,
      at,
      'approximated',
      `${type}: svcgen serves its own token endpoint only; imported as bearer tokens${scopes.length ? " with the flows' scopes" : ''}`,
    );
    return { type: 'bearer', ...(scopes.length > 0 && { scopes }), ...description };
  }
  noteAt(
    context,
    at,
    'dropped',
    `security scheme of type ${String(type)}${type === 'http' ? ` ${String(scheme.scheme)}` : ''}: not representable`,
  );
  return undefined;
}

function oauthScopes(scheme: Record<string, unknown>): string[] {
  const scopes = new Set<string>();
  const add = (map: unknown) => isMapping(map) && Object.keys(map).forEach((scope) => scopes.add(scope));
  add(scheme.scopes); // Swagger 2.0
  if (isMapping(scheme.flows)) for (const flow of Object.values(scheme.flows)) if (isMapping(flow)) add(flow.scopes);
  return [...scopes].filter((scope) => SCOPE.test(scope)).sort();
}

/** A route's auth and scopes: the first requirement of the operation's security (else the document's). */
export function routeAuth(
  context: ImportContext,
  auth: ImportedAuth,
  operation: Record<string, unknown>,
  at: Place,
): Partial<RouteDefinition> {
  const own = operation.security;
  const security = own ?? context.root.security;
  const where =
    own === undefined
      ? { file: context.file, pointer: '/security' }
      : { file: at.file, pointer: childPointer(at.pointer, 'security') };
  if (!Array.isArray(security) || security.length === 0) return {};
  const requirements = security.filter(isMapping);
  const [first] = requirements;
  if (!first) return {};
  if (requirements.length > 1) {
    const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
    noteAt(
      context,
      where,
      'approximated',
      `${requirements.length} alternative security requirements${optional ? ' (one of them none)' : ''}: the first one is imported`,
    );
  }
  const names = Object.keys(first);
  if (names.length === 0) return {};
  if (names.length > 1)
    noteAt(context, where, 'approximated', `a requirement of ${names.length} schemes at once: ${names[0]} is imported`);
  const name = auth.names.get(names[0]!);
  if (!name) {
    noteAt(context, where, 'dropped', `security scheme ${names[0]}: not imported, the route takes no auth`);
    return {};
  }
  const scopes = Array.isArray(first[names[0]!])
    ? (first[names[0]!] as unknown[]).filter((scope): scope is string => typeof scope === 'string' && SCOPE.test(scope))
    : [];
  const declared = auth.schemes[name];
  const usable =
    declared &&
    declared.type !== 'digest' &&
    declared.type !== 'oauth2' &&
    scopes.every((scope) => declared.scopes?.includes(scope));
  if (scopes.length > 0 && !usable)
    noteAt(context, where, 'dropped', `scopes ${scopes.join(' ')}: not declared by ${name}`);
  return { auth: name, ...(scopes.length > 0 && usable && { scopes }) };
}
