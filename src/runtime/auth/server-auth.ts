// Authentication for generated servers, the part every auth scheme shares: who the caller is, the
// authenticator a scheme makes, and the route's scopes checked after it. The schemes themselves
// (bearer-server, bearer-jwt, api-key-server, basic-server, digest-server, oauth-scheme) are
// modules of their own that a generated server imports and hands to the plugin, so an output holds
// only the schemes its API declares. Credential checks are calls into the service (the options).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Forbidden } from '../core/errors.js';
import type { AuthMeta, RouteMeta } from '../core/interface-meta.js';

/** Who a scheme's hook says the caller is: verifyToken, verifyApiKey and verifyCredentials return it. */
export interface Identity {
  /** Stable id of the caller (user, client, key holder); sessions are bound to it. */
  readonly subject: string;
  /** Scopes the caller holds; routes that declare scopes need all of theirs. */
  readonly scopes?: readonly string[];
}

export type Principal =
  | { readonly kind: 'oauth2'; readonly subject: string; readonly clientId: string; readonly scopes: readonly string[] }
  | {
      readonly kind: 'bearer';
      readonly subject: string;
      readonly scopes: readonly string[];
      /** The verified claims of a JWT; undefined for opaque tokens. */
      readonly claims: Readonly<Record<string, unknown>> | undefined;
    }
  | { readonly kind: 'apiKey'; readonly subject: string; readonly scopes: readonly string[] }
  | { readonly kind: 'basic'; readonly subject: string; readonly scopes: readonly string[] }
  | { readonly kind: 'digest'; readonly username: string; readonly role: string | undefined };

/** The kinds of principal, one per kind of auth scheme (the scheme's type). */
export type PrincipalKind = Principal['kind'];

/** The principals of the given kinds: a generated server's handlers see those of the schemes its API declares. */
export type PrincipalOf<Kind extends PrincipalKind> = Extract<Principal, { readonly kind: Kind }>;

/** The session a handler sees: its data, and rotation to a new token (e.g. on login). */
export interface SessionHandle<Session> {
  readonly token: string;
  readonly isNew: boolean;
  data: Session;
  /** Moves the session to a new token; the old one then names nothing. Returns the new token. */
  rotate(): Promise<string>;
}

export interface AuthResult {
  readonly principal: Principal;
  readonly session?: SessionHandle<unknown> & { save(): Promise<void>; readonly header: string };
}

export interface Authenticator {
  authenticate(request: FastifyRequest, route: RouteMeta): Promise<AuthResult>;
}

/**
 * One kind of auth scheme: makes the authenticator of a declared scheme from the service's options
 * for it, and may serve routes of its own (the OAuth token endpoint).
 */
export interface AuthScheme<Meta extends AuthMeta = AuthMeta, Options = unknown> {
  authenticator(scheme: Meta, options: Options): Authenticator;
  routes?(app: FastifyInstance, scheme: Meta, options: Options, context: SchemeRoutesContext): void;
}

/** What a scheme's own routes need from the plugin: its mapping of thrown errors to API errors. */
export interface SchemeRoutesContext {
  toApiError(error: unknown, request: FastifyRequest): ApiError;
}

export function createAuthenticator(scheme: AuthMeta, kind: AuthScheme, options: unknown): Authenticator {
  return withScopeCheck(scheme, kind.authenticator(scheme, options));
}

/**
 * The route's scopes, checked after the caller is known: a caller without all of them gets 403
 * (for bearer tokens with error="insufficient_scope" and the scopes needed, RFC 6750 section 3.1).
 */
function withScopeCheck(scheme: AuthMeta, inner: Authenticator): Authenticator {
  if (scheme.type === 'digest') return inner;
  return {
    async authenticate(request, route) {
      const result = await inner.authenticate(request, route);
      const needed = route.scopes ?? [];
      const held = 'scopes' in result.principal ? result.principal.scopes : [];
      const missing = needed.filter((scope) => !held.includes(scope));
      if (missing.length === 0) return result;
      const bearer = scheme.type === 'bearer' || scheme.type === 'oauth2';
      throw new Forbidden({
        detail: `The ${missing.length === 1 ? 'scope' : 'scopes'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} needed.`,
        params: { scope: needed.join(' ') },
        ...(bearer
          ? { headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${needed.join(' ')}"` } }
          : {}),
      });
    },
  };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
