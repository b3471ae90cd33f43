// The OAuth 2.0 scheme of a generated server (RFC 6749, RFC 6750): the token endpoint it serves and
// the check of the access tokens it issued, over the protocol in oauth-server.ts. Imported only by
// the servers of APIs that declare an oauth2 scheme.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { InternalError } from '../../server/error-reply.js';
import { Unauthorized, type ApiError } from '../../core/errors.js';
import type { OAuthMeta } from '../../core/interface-meta.js';
import { requireBodyMediaType } from '../../core/negotiate.js';
import {
  bearerChallenge,
  handleTokenRequest,
  TOKEN_RESPONSE_HEADERS,
  verifyBearer,
  type CredentialBinding,
  type CredentialVersion,
  type TokenRequestContext,
  type TokenResult,
} from './oauth-server.js';
import type { Authenticator, AuthScheme, SchemeRoutesContext } from '../server-auth.js';
import {
  MemoryAccessTokenStore,
  MemoryRefreshTokenStore,
  type AccessTokenStore,
  type MaybePromise,
  type RefreshTokenStore,
} from '../../stores/stores.js';
import { LoginThrottle } from '../../stores/throttle.js';
import { BODY_FORMATS } from '../../core/vocabulary.js';

/** The options of a scheme without the password grant: the service checks clients, never users' passwords. */
export interface OAuthClientOptions {
  verifyClient(clientId: string, clientSecret: string): MaybePromise<boolean>;
  accessTokens?: AccessTokenStore;
  refreshTokens?: RefreshTokenStore;
  /** Slows repeated failed grants per account and client address (429 with Retry-After); false turns it off. */
  throttle?: LoginThrottle | false;
  /**
   * The current version of a user's or client's credential (e.g. an HMAC of the password): tokens
   * carry the version they were issued under, and stop working once it changes.
   */
  credentialVersion?: CredentialVersion;
  now?: () => number;
}

/** The options of a scheme with the password grant, which checks users' passwords too. */
export interface OAuthOptions extends OAuthClientOptions {
  verifyPassword(username: string, password: string): MaybePromise<boolean>;
}

/** What the runtime takes: verifyPassword is needed only by the password grant. */
type AnyOAuthOptions = OAuthClientOptions & Partial<Pick<OAuthOptions, 'verifyPassword'>>;

/** OAuth 2.0, for a generated server's plugin: the bearer check, and the token endpoint at the scheme's tokenPath. */
export const oauthScheme: AuthScheme<OAuthMeta, AnyOAuthOptions> = {
  authenticator: (scheme, options) => oauthBearerAuthenticator(oauthRuntime(scheme, options)),
  routes: (app, scheme, options, context) => registerTokenEndpoint(app, oauthRuntime(scheme, options), context),
};

export interface OAuthRuntime {
  readonly scheme: OAuthMeta;
  readonly accessTokens: AccessTokenStore;
  /** Set when tokens are bound to credential versions. */
  readonly binding?: CredentialBinding;
  /** Handles a token request: its parsed body, and the Authorization header and address of the request. */
  issue(body: unknown, request: TokenRequestContext): Promise<TokenResult>;
  now(): number;
}

const oauthRuntimes = new WeakMap<object, OAuthRuntime>();

/** One token runtime per options object, shared by the token endpoint and the bearer checks. */
export function oauthRuntime(scheme: OAuthMeta, options: AnyOAuthOptions): OAuthRuntime {
  const known = oauthRuntimes.get(options);
  if (known) return known;
  // The generated options type asks for it; this is for a caller the types did not reach.
  if (scheme.grants.includes('password') && options.verifyPassword === undefined) {
    throw new TypeError(
      `the OAuth scheme at ${scheme.tokenPath} has the password grant: its options need verifyPassword`,
    );
  }
  const accessTokens = options.accessTokens ?? new MemoryAccessTokenStore();
  const refreshTokens = options.refreshTokens ?? new MemoryRefreshTokenStore();
  const now = options.now ?? Date.now;
  // The service's clock, so that a lockout ends when the service's time says so.
  const throttle = options.throttle === false ? undefined : (options.throttle ?? new LoginThrottle({ now }));
  const passwordClientId = scheme.passwordClientId;
  const runtime: OAuthRuntime = {
    scheme,
    accessTokens,
    now,
    ...(options.credentialVersion
      ? { binding: { passwordClientId, credentialVersion: options.credentialVersion } }
      : {}),
    issue: (body, request) =>
      handleTokenRequest(
        body,
        {
          passwordClientId,
          clientAuthRealm: scheme.clientAuthRealm,
          scopes: scheme.scopes,
          grants: scheme.grants,
          clientCredentialsClientId: scheme.clientCredentialsClientId,
          clientCredentialsScopes: scheme.clientCredentialsScopes,
          // Without the password grant no request reaches it.
          verifyPassword: (username, password) => options.verifyPassword?.(username, password) ?? false,
          verifyClient: (clientId, secret) => options.verifyClient(clientId, secret),
          accessTokens,
          refreshTokens,
          ...(throttle ? { throttle } : {}),
          ...(options.credentialVersion ? { credentialVersion: options.credentialVersion } : {}),
          accessTokenLifetimeSeconds: scheme.accessTokenLifetime,
          ...(scheme.refreshTokenLifetime !== undefined && {
            refreshTokenLifetimeSeconds: scheme.refreshTokenLifetime,
          }),
          now,
        },
        request,
      ),
  };
  oauthRuntimes.set(options, runtime);
  return runtime;
}

function oauthBearerAuthenticator(runtime: OAuthRuntime): Authenticator {
  return {
    async authenticate(request) {
      const result = await verifyBearer(
        request.headers.authorization,
        runtime.accessTokens,
        runtime.now,
        runtime.binding,
      );
      if (!result.ok) {
        throw new Unauthorized({
          detail: `Access token ${result.reason === 'missing' ? 'missing' : `is ${result.reason}`}.`,
          headers: { 'www-authenticate': bearerChallenge(result.reason) },
        });
      }
      return {
        principal: { kind: 'oauth2', subject: result.subject, clientId: result.clientId, scopes: result.scopes },
      };
    },
  };
}

/** Statuses of token request failures that are not RFC 6749 errors (all others are 400 invalid_request). */
const TOKEN_ERROR_STATUS: Partial<Record<ApiError['kind'], number>> = {
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
};

function registerTokenEndpoint(app: FastifyInstance, runtime: OAuthRuntime, context: SchemeRoutesContext): void {
  app.post(runtime.scheme.tokenPath, {
    onRequest: async (request) => requireBodyMediaType(request, BODY_FORMATS),
    handler: async (request, reply) => {
      const result = await runtime.issue(request.body ?? {}, {
        authorization: request.headers.authorization,
        clientAddress: request.ip,
      });
      return reply
        .code(result.status)
        .headers({ ...TOKEN_RESPONSE_HEADERS, ...result.headers })
        .type('application/json; charset=utf-8')
        .send(result.body);
    },
    // A body that cannot be read still gets an RFC 6749 error (with the errors array, like every token error).
    errorHandler: (error, request, reply) => {
      const apiError = context.toApiError(error, request);
      if (apiError.kind === 'serviceUnavailable') return sendTokenUnavailable(reply, apiError);
      const internal = apiError instanceof InternalError;
      const status = internal ? 500 : (TOKEN_ERROR_STATUS[apiError.kind] ?? 400);
      const code = internal ? 'server_error' : 'invalid_request';
      const description = internal
        ? 'The token request could not be handled.'
        : apiError.kind === 'payloadTooLarge'
          ? 'The request body is too large.'
          : (apiError.detail ?? 'The token request is malformed.');
      const body = {
        error: code,
        error_description: description,
        errors: [
          { status: String(status), code, title: internal ? 'Server error' : 'Invalid request', detail: description },
        ],
      };
      return reply.code(status).headers(TOKEN_RESPONSE_HEADERS).type('application/json; charset=utf-8').send(body);
    },
  });
}

/** A token request the storage has no room for: RFC 6749's temporarily_unavailable, 503 with Retry-After. */
function sendTokenUnavailable(reply: FastifyReply, apiError: ApiError): FastifyReply {
  const description = apiError.detail ?? 'The service cannot issue tokens right now.';
  const body = {
    error: 'temporarily_unavailable',
    error_description: description,
    errors: [{ status: '503', code: 'temporarily_unavailable', title: 'Service unavailable', detail: description }],
  };
  return reply
    .code(503)
    .headers({ ...TOKEN_RESPONSE_HEADERS, ...(apiError.headers as Record<string, string>) })
    .type('application/json; charset=utf-8')
    .send(body);
}
