// OAuth 2.0 token endpoint (RFC 6749) and bearer token check (RFC 6750),
// independent of the web framework. Tokens are opaque random strings; stores keep
// only their hashes. Refresh tokens rotate, and reuse of a rotated one revokes its
// whole family (OAuth 2.0 Security BCP), since it means the token was copied.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { safeEqual } from '../digest/digest.js';
import { basicChallenge, readClientCredentials } from './oauth-client-auth.js';
import type { AccessTokenStore, MaybePromise, RefreshTokenStore } from '../../stores/stores.js';
import type { LoginThrottle } from '../../stores/throttle.js';

export { LoginThrottle } from '../../stores/throttle.js';

/** Headers every token endpoint response carries (RFC 6749 section 5.1). */
export const TOKEN_RESPONSE_HEADERS = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 600;
export const DEFAULT_REFRESH_TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export type GrantType = 'password' | 'client_credentials' | 'refresh_token';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'temporarily_unavailable';

/** One entry of the platform's `errors` array. */
export interface PlatformError {
  status: string;
  code: string;
  title: string;
  detail: string;
}

export interface TokenErrorBody {
  error: OAuthErrorCode;
  error_description: string;
  errors: PlatformError[];
}

export interface TokenSuccessBody {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  refresh_token?: string;
}

export type TokenResult =
  | { status: 200; headers: Record<string, string>; body: TokenSuccessBody }
  | { status: 400 | 401 | 429; headers: Record<string, string>; body: TokenErrorBody; retryAfterSeconds?: number };

export interface TokenEndpointDeps {
  /** The client id the password grant requires, as the definitions declare it; none: the grant refuses every client. */
  passwordClientId: string | undefined;
  /** Scopes that may be granted; also what is granted when none are asked for. */
  scopes: readonly string[];
  /** Realm of the Basic challenge on a 401 invalid_client (RFC 6749 section 5.2). */
  clientAuthRealm: string;
  /** Grants this endpoint accepts; default all three. */
  grants?: readonly GrantType[];
  /**
   * The one client the client_credentials grant serves, when the definitions name it; else any verifyClient accepts.
   */
  clientCredentialsClientId?: string | undefined;
  /** Scopes of the client_credentials grant when the definitions give it its own; else `scopes`. */
  clientCredentialsScopes?: readonly string[] | undefined;
  verifyPassword: (username: string, password: string) => MaybePromise<boolean>;
  verifyClient: (clientId: string, clientSecret: string) => MaybePromise<boolean>;
  accessTokens: AccessTokenStore;
  refreshTokens: RefreshTokenStore;
  /** Slows repeated failures of every grant, per account and client address (see throttle.ts). */
  throttle?: LoginThrottle;
  /**
   * The current version of an account's credential (e.g. an HMAC of its password), stored with each
   * token: a token whose account's credential has changed since is revoked. Never the secret itself.
   */
  credentialVersion?: CredentialVersion;
  accessTokenLifetimeSeconds?: number;
  refreshTokenLifetimeSeconds?: number;
  now?: () => number;
}

/** Whose credential a token was issued under: a user (password grant) or a client (client_credentials). */
export interface CredentialOwner {
  readonly kind: 'user' | 'client';
  readonly id: string;
}

export type CredentialVersion = (owner: CredentialOwner) => MaybePromise<string | undefined>;

const ALL_GRANTS: readonly GrantType[] = ['password', 'client_credentials', 'refresh_token'];

const ERROR_TITLES: Record<OAuthErrorCode, string> = {
  invalid_request: 'Invalid request',
  invalid_client: 'Invalid client',
  invalid_grant: 'Invalid grant',
  unsupported_grant_type: 'Unsupported grant type',
  invalid_scope: 'Invalid scope',
  temporarily_unavailable: 'Too many failed attempts',
};

/** SHA-256 hex of a token: the key under which stores keep it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new opaque token: 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

function tokenError(
  status: 400 | 401 | 429,
  error: OAuthErrorCode,
  description: string,
  retryAfterSeconds?: number,
): TokenResult {
  const body: TokenErrorBody = {
    error,
    error_description: description,
    errors: [{ status: String(status), code: error, title: ERROR_TITLES[error], detail: description }],
  };
  if (retryAfterSeconds === undefined) return { status, headers: { ...TOKEN_RESPONSE_HEADERS }, body };
  return {
    status,
    headers: { ...TOKEN_RESPONSE_HEADERS, 'Retry-After': String(retryAfterSeconds) },
    body,
    retryAfterSeconds,
  };
}

function throttled(seconds: number): TokenResult {
  return tokenError(429, 'temporarily_unavailable', 'Too many failed attempts; try again later.', seconds);
}

type Fields = Record<string, string | undefined>;

// Known parameters must be strings (a repeated form field arrives as an array);
// empty strings count as absent. Unknown parameters are ignored (RFC 6749 section 3.2).
function readFields(body: unknown, names: readonly string[]): Fields | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The request body must be an object.';
  const fields: Fields = {};
  for (const name of names) {
    const value: unknown = (body as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') return `The parameter ${name} must be a single string.`;
    fields[name] = value;
  }
  return fields;
}

/** Requested scopes (`scope` per RFC 6749, or the platform's `scopes`), checked against the allowed ones. */
function resolveScopes(requested: string | undefined, allowed: readonly string[]): string[] | undefined {
  if (requested === undefined) return [...allowed];
  const scopes = [...new Set(requested.split(' ').filter((scope) => scope !== ''))];
  if (scopes.length === 0) return [...allowed];
  return scopes.every((scope) => allowed.includes(scope)) ? scopes : undefined;
}

interface Grant {
  subject: string;
  clientId: string;
  scopes: string[];
  familyId: string;
  credential?: string;
}

function ownerOf(record: { subject: string; clientId: string }, passwordClientId: string | undefined): CredentialOwner {
  return record.clientId === passwordClientId
    ? { kind: 'user', id: record.subject }
    : { kind: 'client', id: record.clientId };
}

/** Credential binding of new tokens: the owner's current credential version, when the service tracks them. */
async function bindCredential(deps: TokenEndpointDeps, grant: Grant): Promise<Grant> {
  if (deps.credentialVersion === undefined) return grant;
  const credential = await deps.credentialVersion(ownerOf(grant, deps.passwordClientId));
  return credential === undefined ? grant : { ...grant, credential };
}

/** False when the service tracks credential versions and the token's owner has another one now. */
export async function credentialStillValid(
  record: { subject: string; clientId: string; credential?: string | undefined },
  passwordClientId: string | undefined,
  credentialVersion: CredentialVersion | undefined,
): Promise<boolean> {
  if (credentialVersion === undefined) return true;
  const current = await credentialVersion(ownerOf(record, passwordClientId));
  return current !== undefined && record.credential !== undefined && safeEqual(current, record.credential);
}

async function issueTokens(deps: TokenEndpointDeps, unbound: Grant, withRefreshToken: boolean): Promise<TokenResult> {
  const grant = await bindCredential(deps, unbound);
  const now = (deps.now ?? Date.now)();
  const expiresIn = deps.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
  const accessToken = newOpaqueToken();
  await deps.accessTokens.save({
    tokenHash: hashToken(accessToken),
    ...grant,
    expiresAt: now + expiresIn * 1000,
    revoked: false,
  });
  const body: TokenSuccessBody = { token_type: 'Bearer', expires_in: expiresIn, access_token: accessToken };
  if (withRefreshToken) {
    const refreshToken = newOpaqueToken();
    const lifetime = deps.refreshTokenLifetimeSeconds ?? DEFAULT_REFRESH_TOKEN_LIFETIME_SECONDS;
    await deps.refreshTokens.save({
      tokenHash: hashToken(refreshToken),
      ...grant,
      expiresAt: now + lifetime * 1000,
      revoked: false,
    });
    body.refresh_token = refreshToken;
  }
  return { status: 200, headers: { ...TOKEN_RESPONSE_HEADERS }, body };
}

async function passwordGrant(fields: Fields, deps: TokenEndpointDeps, address: string): Promise<TokenResult> {
  const { client_id: clientId, username, password } = fields;
  if (clientId === undefined || username === undefined || password === undefined) {
    return tokenError(400, 'invalid_request', 'client_id, username and password are required.');
  }
  // Per user and address, so that one user's failures do not lock out the others, nor strangers the user.
  const account = `user:${username}`;
  const wait = await deps.throttle?.retryAfterSeconds(account, address);
  if (wait !== undefined) return throttled(wait);
  if (deps.passwordClientId === undefined || clientId !== deps.passwordClientId) {
    await deps.throttle?.recordFailure(account, address);
    return tokenError(401, 'invalid_client', 'The client is unknown.');
  }
  const scopes = resolveScopes(fields['scope'] ?? fields['scopes'], deps.scopes);
  if (scopes === undefined) return tokenError(400, 'invalid_scope', 'A requested scope is not allowed.');
  if (!(await deps.verifyPassword(username, password))) {
    await deps.throttle?.recordFailure(account, address);
    return tokenError(400, 'invalid_grant', 'The user credentials are invalid.');
  }
  await deps.throttle?.recordSuccess(account, address);
  return issueTokens(deps, { subject: username, clientId, scopes, familyId: randomUUID() }, true);
}

async function clientCredentialsGrant(fields: Fields, deps: TokenEndpointDeps, address: string): Promise<TokenResult> {
  const { client_id: clientId, client_secret: clientSecret } = fields;
  if (clientId === undefined || clientSecret === undefined) {
    return tokenError(400, 'invalid_request', 'client_id and client_secret are required.');
  }
  const account = `client:${clientId}`;
  const wait = await deps.throttle?.retryAfterSeconds(account, address);
  if (wait !== undefined) return throttled(wait);
  const declared = deps.clientCredentialsClientId;
  if ((declared !== undefined && clientId !== declared) || !(await deps.verifyClient(clientId, clientSecret))) {
    await deps.throttle?.recordFailure(account, address);
    return tokenError(401, 'invalid_client', 'The client credentials are invalid.');
  }
  const scopes = resolveScopes(fields['scope'] ?? fields['scopes'], deps.clientCredentialsScopes ?? deps.scopes);
  if (scopes === undefined) return tokenError(400, 'invalid_scope', 'A requested scope is not allowed.');
  await deps.throttle?.recordSuccess(account, address);
  // No refresh token: the client can always authenticate again (RFC 6749 section 4.4.3).
  return issueTokens(deps, { subject: clientId, clientId, scopes, familyId: randomUUID() }, false);
}

// Refresh failures count against the client address only: refresh tokens cannot be guessed, and
// counting them per client would let stale tokens of some users lock out all the others.
async function refreshTokenGrant(fields: Fields, deps: TokenEndpointDeps, address: string): Promise<TokenResult> {
  const { client_id: clientId, refresh_token: refreshToken } = fields;
  if (clientId === undefined || refreshToken === undefined) {
    return tokenError(400, 'invalid_request', 'client_id and refresh_token are required.');
  }
  const wait = await deps.throttle?.retryAfterSeconds(undefined, address);
  if (wait !== undefined) return throttled(wait);
  const invalid = async (): Promise<TokenResult> => {
    await deps.throttle?.recordFailure(undefined, address);
    return tokenError(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked.');
  };
  const tokenHash = hashToken(refreshToken);
  const record = await deps.refreshTokens.findByHash(tokenHash);
  if (record === undefined || record.clientId !== clientId) return invalid();

  const revokeFamily = async (): Promise<TokenResult> => {
    await deps.refreshTokens.revokeFamily(record.familyId);
    await deps.accessTokens.revokeFamily(record.familyId);
    return invalid();
  };
  if (record.revoked) return revokeFamily(); // reuse of a rotated token
  if (record.expiresAt <= (deps.now ?? Date.now)()) return invalid();
  // The owner's credential changed since the login: the whole login ends.
  if (!(await credentialStillValid(record, deps.passwordClientId, deps.credentialVersion))) return revokeFamily();

  const scopes = resolveScopes(fields['scope'] ?? fields['scopes'], record.scopes);
  if (scopes === undefined) return tokenError(400, 'invalid_scope', 'A requested scope exceeds the original grant.');
  // Save the new pair before revoking the used token: if another request used the same
  // token meanwhile (reuse), exactly one revoke wins, and the loser's family revocation
  // then also catches the pair the winner has already saved.
  const issued = await issueTokens(
    deps,
    { subject: record.subject, clientId, scopes, familyId: record.familyId },
    true,
  );
  if (!(await deps.refreshTokens.revoke(tokenHash))) return revokeFamily();
  return issued;
}

/**
 * Handles a token request. `body` is the parsed JSON or form body; `request.authorization` is the
 * request's Authorization header (HTTP Basic client authentication) and `request.clientAddress`
 * (e.g. its IP) keys the throttle. The caller sends result.status, result.headers (no-store;
 * Retry-After on 429; the Basic challenge on 401) and result.body.
 */
/** What of the HTTP request beyond its body a token request needs. */
export interface TokenRequestContext {
  readonly authorization?: string | undefined;
  readonly clientAddress?: string | undefined;
}

export async function handleTokenRequest(
  body: unknown,
  deps: TokenEndpointDeps,
  request: TokenRequestContext = {},
): Promise<TokenResult> {
  const fields = readFields(body, [
    'grant_type',
    'client_id',
    'client_secret',
    'username',
    'password',
    'refresh_token',
    'scope',
    'scopes',
  ]);
  if (typeof fields === 'string') return tokenError(400, 'invalid_request', fields);
  const client = readClientCredentials({
    bodyClientId: fields['client_id'],
    bodyClientSecret: fields['client_secret'],
    authorization: request.authorization,
  });
  if (typeof client === 'string') return tokenError(400, 'invalid_request', client);
  const clientAddress = request.clientAddress ?? 'unknown';
  const result = await runGrant(
    { ...fields, client_id: client.clientId, client_secret: client.clientSecret },
    deps,
    clientAddress,
  );
  // Every 401 names its scheme (RFC 9110 section 11.6.1); with Basic, RFC 6749 section 5.2 requires it.
  if (result.status === 401) result.headers['WWW-Authenticate'] = basicChallenge(deps.clientAuthRealm);
  return result;
}

async function runGrant(fields: Fields, deps: TokenEndpointDeps, clientAddress: string): Promise<TokenResult> {
  const grantType = fields['grant_type'];
  if (grantType === undefined) return tokenError(400, 'invalid_request', 'grant_type is required.');
  const grant = (deps.grants ?? ALL_GRANTS).find((name) => name === grantType);
  switch (grant) {
    case 'password':
      return passwordGrant(fields, deps, clientAddress);
    case 'client_credentials':
      return clientCredentialsGrant(fields, deps, clientAddress);
    case 'refresh_token':
      return refreshTokenGrant(fields, deps, clientAddress);
    case undefined:
      return tokenError(400, 'unsupported_grant_type', 'The grant type is not supported.');
  }
}

export type BearerFailureReason = 'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked';

export type BearerResult =
  { ok: true; subject: string; clientId: string; scopes: string[] } | { ok: false; reason: BearerFailureReason };

// b64token of RFC 6750 section 2.1; the length cap keeps hostile headers cheap.
const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]{1,512}=*)[ ]*$/i;

/** Where a bearer check finds the current credential versions (see TokenEndpointDeps.credentialVersion). */
export interface CredentialBinding {
  readonly passwordClientId: string | undefined;
  readonly credentialVersion: CredentialVersion;
}

/** Checks an `Authorization: Bearer …` header against the access token store. */
export async function verifyBearer(
  authorization: string | undefined,
  store: AccessTokenStore,
  now: () => number = Date.now,
  binding?: CredentialBinding,
): Promise<BearerResult> {
  if (authorization === undefined || authorization.trim() === '') return { ok: false, reason: 'missing' };
  const token = BEARER.exec(authorization)?.[1];
  if (token === undefined) return { ok: false, reason: 'malformed' };
  const record = await store.findByHash(hashToken(token));
  if (record === undefined) return { ok: false, reason: 'unknown' };
  if (record.revoked) return { ok: false, reason: 'revoked' };
  if (record.expiresAt <= now()) return { ok: false, reason: 'expired' };
  if (binding && !(await credentialStillValid(record, binding.passwordClientId, binding.credentialVersion))) {
    return { ok: false, reason: 'revoked' };
  }
  return { ok: true, subject: record.subject, clientId: record.clientId, scopes: [...record.scopes] };
}

/** WWW-Authenticate value for a 401 of a bearer-protected route (RFC 6750 section 3). */
export function bearerChallenge(reason: BearerFailureReason): string {
  // A request without credentials gets no error code (RFC 6750 section 3.1).
  return reason === 'missing' ? 'Bearer' : 'Bearer error="invalid_token"';
}
