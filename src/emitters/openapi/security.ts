// Security schemes from the auth IR, each route's requirement, and the headers auth adds:
// the session (context token) header of an apiKey scheme with sessions, and the challenge on a 401.
import { pascalCase } from '../../ir/names.js';
import type { AuthSchemeIr, DigestSchemeIr, ModuleIr, OAuthSchemeIr, RouteIr, SessionIr } from '../../ir/types.js';
import { tokenUrl } from '../../ir/types.js';
import { clientAuthenticationText } from './token-endpoint.js';
import {
  originMark,
  paragraphs,
  sortedObject,
  type HeaderObject,
  type ParameterObject,
  type ReferenceObject,
  type SecuritySchemeObject,
} from './types.js';

export function securitySchemes(module: ModuleIr): Record<string, SecuritySchemeObject> {
  return sortedObject(
    module.auth.map((scheme) => [scheme.name, { ...securityScheme(module, scheme), ...originMark(scheme.origin) }]),
  );
}

function securityScheme(module: ModuleIr, scheme: AuthSchemeIr): SecuritySchemeObject {
  if (scheme.type === 'oauth2') return oauthScheme(module, scheme);
  if (scheme.type === 'digest') return { type: 'http', scheme: 'digest', description: digestDescription(scheme) };
  // The scheme's own description, what svcgen knows of it, and the scopes; `fallback` when all are absent.
  const described = (fallback: string, ...notes: (string | false | undefined)[]) =>
    paragraphs(
      scheme.description,
      ...notes,
      scheme.scopes.length > 0 && `Scopes a route may require: ${scheme.scopes.join(', ')}.`,
    ) ?? fallback;
  switch (scheme.type) {
    case 'bearer':
      return {
        type: 'http',
        scheme: 'bearer',
        ...(scheme.jwt ? { bearerFormat: 'JWT' } : {}),
        description: described(
          'Bearer token.',
          scheme.jwt &&
            `A JWT issued by ${scheme.jwt.issuer} for the audience ${scheme.jwt.audience}${scheme.jwt.jwksUrl !== undefined ? `, signed with a key published at ${scheme.jwt.jwksUrl}` : ''}.`,
        ),
      };
    case 'apiKey':
      return {
        type: 'apiKey',
        in: scheme.in,
        name: scheme.keyName,
        description: described(
          'API key.',
          scheme.session &&
            `The optional ${scheme.session.header} header continues a session; every response carries the session's token in the same header.`,
        ),
      };
    case 'basic':
      return { type: 'http', scheme: 'basic', description: described('HTTP Basic.', `Realm "${scheme.realm}".`) };
  }
}

function oauthScheme(module: ModuleIr, scheme: OAuthSchemeIr): SecuritySchemeObject {
  const url = tokenUrl(module, scheme);
  const refresh = scheme.grants.find((grant) => grant.grant === 'refresh_token');
  const flow = (grant: 'password' | 'client_credentials') => {
    const ir = scheme.grants.find((candidate) => candidate.grant === grant);
    if (!ir) return undefined;
    const scopes = sortedObject(ir.scopes.map((scope) => [scope, `The ${scope} scope.`]));
    return { tokenUrl: url, ...(refresh && ir.issuesRefreshToken && { refreshUrl: url }), scopes };
  };
  const password = flow('password');
  const clientCredentials = flow('client_credentials');
  const refreshLifetime =
    scheme.refreshTokenLifetime === undefined
      ? ''
      : `; refresh tokens live ${scheme.refreshTokenLifetime} s${scheme.rotateRefreshTokens ? ' and rotate: a used refresh token is revoked' : ''}`;
  const lifetimes = `Access tokens live ${scheme.accessTokenLifetime} s (expires_in)${refreshLifetime}.`;
  const refreshNote =
    refresh &&
    `The refresh_token grant (client_id and refresh_token, at the same token URL) exchanges a refresh token for a new token pair${refresh.origin === 'convention' ? ' (a convention; the document does not show it)' : ''}.`;
  return {
    type: 'oauth2',
    description:
      paragraphs(scheme.description, clientAuthenticationText(scheme), lifetimes, refreshNote) ?? 'OAuth 2.0.',
    flows: { ...(clientCredentials && { clientCredentials }), ...(password && { password }) },
  };
}

function digestDescription(scheme: DigestSchemeIr): string {
  const privileges =
    scheme.privileges &&
    `Privileges on the ${scheme.privileges.resource} resource: ${scheme.privileges.names.join(', ')}.`;
  return (
    paragraphs(
      scheme.description,
      `Realm "${scheme.realm}", qop ${scheme.qop.join(', ')}, algorithms ${scheme.algorithms.join(' and ')} (a challenge per algorithm); nonces live ${scheme.nonceLifetime} s.`,
      privileges,
    ) ?? 'HTTP Digest.'
  );
}

export function routeScheme(module: ModuleIr, route: RouteIr): AuthSchemeIr | undefined {
  return module.auth.find((scheme) => scheme.name === route.auth);
}

function sessionOf(scheme: AuthSchemeIr | undefined): SessionIr | undefined {
  return scheme?.type === 'apiKey' ? scheme.session : undefined;
}

/** Header parameters that auth adds to a route (the context token), as $refs. */
export function authParameters(module: ModuleIr, route: RouteIr): ReferenceObject[] {
  const session = sessionOf(routeScheme(module, route));
  return session ? [{ $ref: `#/components/parameters/${pascalCase(session.header)}` }] : [];
}

/** Response headers that auth adds: the session's token on every response but a refused key, the challenge on a 401. */
export function authResponseHeaders(
  module: ModuleIr,
  route: RouteIr,
  status: number,
): Record<string, HeaderObject | ReferenceObject> {
  const scheme = routeScheme(module, route);
  const session = sessionOf(scheme);
  const headers: [string, HeaderObject | ReferenceObject][] = [];
  if (session && status !== 401)
    headers.push([session.header, { $ref: `#/components/headers/${pascalCase(session.header)}` }]);
  const challenge = challengeOf(scheme, route, status);
  if (challenge !== undefined)
    headers.push(['www-authenticate', { description: challenge.description, schema: { type: 'string' } }]);
  return sortedObject(headers);
}

/**
 * What the headers auth adds at a status hold, as a name (the session header, or the challenge's HTTP scheme): it
 * tells a shared error response that carries them from one that does not.
 */
export function authHeadersName(module: ModuleIr, route: RouteIr, status: number): string | undefined {
  const scheme = routeScheme(module, route);
  const session = sessionOf(scheme);
  if (session && status !== 401) return session.header;
  return challengeOf(scheme, route, status)?.scheme;
}

/** The www-authenticate challenge of a response at a status: its HTTP scheme and what it says. */
function challengeOf(
  scheme: AuthSchemeIr | undefined,
  route: RouteIr,
  status: number,
): { readonly scheme: string; readonly description: string } | undefined {
  const bearer = scheme?.type === 'oauth2' || scheme?.type === 'bearer';
  if (status === 401 && scheme?.type === 'digest')
    return {
      scheme: 'Digest',
      description: 'A fresh Digest challenge per offered algorithm; stale=true when only the nonce expired.',
    };
  if (status === 401 && bearer)
    return { scheme: 'Bearer', description: 'Bearer, with error="invalid_token" when a token was sent (RFC 6750).' };
  if (status === 401 && scheme?.type === 'basic')
    return { scheme: 'Basic', description: `Basic realm="${scheme.realm}", charset="UTF-8" (RFC 7617).` };
  if (status === 403 && route.scopes.length > 0 && bearer)
    return {
      scheme: 'Bearer',
      description: 'Bearer error="insufficient_scope" with the scopes the route needs (RFC 6750).',
    };
  return undefined;
}

/** components/parameters and components/headers for the session header of each apiKey scheme with sessions. */
export function sessionComponents(module: ModuleIr): {
  parameters?: Record<string, ParameterObject>;
  headers?: Record<string, HeaderObject>;
} {
  const sessions = module.auth.flatMap((scheme) => sessionOf(scheme) ?? []);
  if (sessions.length === 0) return {};
  const byHeader = <T>(value: (session: SessionIr) => T) =>
    sortedObject(sessions.map((session) => [pascalCase(session.header), value(session)]));
  return {
    parameters: byHeader((session): ParameterObject => ({
      name: session.header,
      in: 'header',
      required: false,
      description: `Context token of the session to continue. Without it, or with an unknown token or one idle for over ${session.idleTimeout} s, a new session starts under a new token (a token the client chose is never adopted).`,
      schema: { type: 'string' },
    })),
    headers: byHeader((session): HeaderObject => ({
      description:
        'The context token of the session: send it on later requests. It changes when a new session starts and on login.',
      required: true,
      schema: { type: 'string', pattern: `^[A-Za-z0-9]{${session.tokenLength}}$` },
    })),
  };
}
