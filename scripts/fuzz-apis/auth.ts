// The auth schemes the API fuzzer draws, one entry per kind: its definition, the server options
// that accept the fuzzer's credentials, the generated client's credentials, and how the
// third-party client (openapi-fetch) authenticates. Every credential holds every scope the scheme
// declares, so that a route's `scopes` never refuse the fuzzer. A new kind is one more entry here.
import { generateKeyPair, SignJWT } from 'jose';
import type { AuthSchemeIr } from '../../src/ir/types.js';
import { DIGEST_ALGORITHMS, type ApiKeyLocation } from '../../src/runtime/core/vocabulary.js';

export const FUZZ_USER = 'fuzz-user';
export const FUZZ_SECRET = 'fuzz-secret-0123456789';
const FUZZ_CLIENT = 'fuzz-app';
/** The scopes each scheme that has scopes declares; routes draw theirs from these. */
export const FUZZ_SCOPES = ['items:read', 'items:write'] as const;
const ISSUER = 'https://issuer.fuzz.test';
const AUDIENCE = 'fuzz-api';
const PRINCIPAL = { subject: FUZZ_USER, scopes: [...FUZZ_SCOPES] };

/** The JWT signing pair: the server is given the public key, the driver signs with the private one. */
const jwtKeys = await generateKeyPair('ES256');

async function signedToken(): Promise<string> {
  return new SignJWT({ scope: FUZZ_SCOPES.join(' ') })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(FUZZ_USER)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(jwtKeys.privateKey);
}

/** What the third-party client adds to a request: headers, or a fetch that adds the rest. */
export interface ThirdPartyAuth {
  readonly headers: Record<string, string>;
  /** Wraps fetch where the scheme needs more than headers (Digest's challenge, a key in the query). */
  readonly wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
}

export interface AuthKindEntry {
  readonly definition: () => Record<string, unknown>;
  /** Whether routes guarded by the kind may list `scopes` (all but digest, which has privileges). */
  readonly scoped: boolean;
  readonly serverOptions: () => unknown;
  readonly clientCredentials: () => Promise<unknown>;
  /** `runtime` is the generated output's runtime folder (for Digest, the only client of it here). */
  readonly thirdParty: (scheme: AuthSchemeIr, baseUrl: string, runtime: string) => Promise<ThirdPartyAuth>;
}

const verifyApiKey = (key: string) => (key === FUZZ_SECRET ? PRINCIPAL : undefined);

function apiKey(place: ApiKeyLocation, name: string, session: boolean): AuthKindEntry {
  return {
    definition: () => ({
      type: 'apiKey',
      in: place,
      name,
      scopes: [...FUZZ_SCOPES],
      ...(session ? { session: { header: 'X-Context-Token', idleTimeout: 600, tokenLength: 32 } } : {}),
    }),
    scoped: true,
    serverOptions: () => ({ verifyApiKey, ...(session ? { createSession: () => ({}) } : {}) }),
    clientCredentials: async () => ({ apiKey: FUZZ_SECRET }),
    thirdParty: async () => {
      if (place === 'header') return { headers: { [name]: FUZZ_SECRET } };
      if (place === 'cookie') return { headers: { cookie: `${name}=${FUZZ_SECRET}` } };
      return {
        headers: {},
        // openapi-fetch sends the parameters the operation lists; the key is the security scheme's.
        wrapFetch: (inner) => async (input, init) => {
          const request = new Request(input, init);
          const url = new URL(request.url);
          url.searchParams.append(name, FUZZ_SECRET);
          return inner(new Request(url, request));
        },
      };
    },
  };
}

export const AUTH_KINDS = {
  bearer: {
    definition: () => ({ type: 'bearer', scopes: [...FUZZ_SCOPES] }),
    scoped: true,
    serverOptions: () => ({ verifyToken: (token: string) => (token === FUZZ_SECRET ? PRINCIPAL : undefined) }),
    clientCredentials: async () => ({ token: FUZZ_SECRET }),
    thirdParty: async () => ({ headers: { authorization: `Bearer ${FUZZ_SECRET}` } }),
  },
  'bearer-jwt': {
    definition: () => ({
      type: 'bearer',
      scopes: [...FUZZ_SCOPES],
      jwt: { issuer: ISSUER, audience: AUDIENCE, algorithms: ['ES256'] },
    }),
    scoped: true,
    serverOptions: () => ({ key: jwtKeys.publicKey }),
    clientCredentials: async () => ({ token: await signedToken() }),
    thirdParty: async () => ({ headers: { authorization: `Bearer ${await signedToken()}` } }),
  },
  'api-key-header': apiKey('header', 'X-Api-Key', false),
  'api-key-session': apiKey('header', 'X-Session-Key', true),
  'api-key-query': apiKey('query', 'api_key', false),
  'api-key-cookie': apiKey('cookie', 'fuzz_key', false),
  basic: {
    definition: () => ({ type: 'basic', realm: 'fuzz', scopes: [...FUZZ_SCOPES] }),
    scoped: true,
    serverOptions: () => ({
      verifyCredentials: (user: string, password: string) =>
        user === FUZZ_USER && password === FUZZ_SECRET ? PRINCIPAL : undefined,
      throttle: false,
    }),
    clientCredentials: async () => ({ username: FUZZ_USER, password: FUZZ_SECRET }),
    thirdParty: async () => ({
      headers: { authorization: `Basic ${Buffer.from(`${FUZZ_USER}:${FUZZ_SECRET}`).toString('base64')}` },
    }),
  },
  digest: {
    definition: () => ({
      type: 'digest',
      realm: 'fuzz',
      algorithms: [...DIGEST_ALGORITHMS],
      qop: ['auth'],
      nonceLifetime: 3600,
    }),
    scoped: false,
    serverOptions: () => ({
      lookupPassword: (user: string) => (user === FUZZ_USER ? FUZZ_SECRET : undefined),
      throttle: false,
    }),
    clientCredentials: async () => ({ username: FUZZ_USER, password: FUZZ_SECRET }),
    thirdParty: async (_scheme, _baseUrl, runtime) => {
      // openapi-fetch has no Digest: its fetch answers the challenge with the runtime's DigestClient.
      const { DigestClient } = (await import(
        `${runtime}/auth/digest/digest-client.ts`
      )) as typeof import('../../src/runtime/auth/digest/digest-client.js');
      const digest = new DigestClient({ username: FUZZ_USER, password: FUZZ_SECRET });
      return {
        headers: {},
        wrapFetch: (inner) => async (input, init) => {
          const request = new Request(input, init);
          const body = request.body ? await request.arrayBuffer() : undefined;
          const url = new URL(request.url);
          const send = (authorization: string | undefined) => {
            const headers = new Headers(request.headers);
            if (authorization) headers.set('authorization', authorization);
            return inner(request.url, { method: request.method, headers, ...(body ? { body } : {}) });
          };
          const first = await send(digest.authorization(request.method, url.pathname + url.search));
          if (first.status !== 401 || !digest.acceptChallenge(first.headers.get('www-authenticate')).usable)
            return first;
          return send(digest.authorization(request.method, url.pathname + url.search));
        },
      };
    },
  },
  oauth2: {
    definition: () => ({
      type: 'oauth2',
      tokenPath: '/oauth/token',
      grants: { password: { clientId: FUZZ_CLIENT, scopes: [...FUZZ_SCOPES] }, refresh_token: {} },
      accessTokenLifetime: 600,
      refreshTokenLifetime: 3600,
    }),
    scoped: true,
    serverOptions: () => ({
      verifyPassword: (user: string, password: string) => user === FUZZ_USER && password === FUZZ_SECRET,
      verifyClient: () => false,
      throttle: false,
    }),
    clientCredentials: async () => ({
      grant: 'password',
      username: FUZZ_USER,
      password: FUZZ_SECRET,
      clientId: FUZZ_CLIENT,
    }),
    thirdParty: async (scheme, baseUrl) => {
      // The token request a team would write by hand: RFC 6749 section 4.3.
      const response = await fetch(`${baseUrl}${(scheme as { tokenPath: string }).tokenPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: FUZZ_USER,
          password: FUZZ_SECRET,
          client_id: FUZZ_CLIENT,
        }),
      });
      const token = (await response.json()) as { access_token?: string };
      if (!token.access_token)
        throw new Error(`the token endpoint answered ${response.status}: ${JSON.stringify(token)}`);
      return { headers: { authorization: `Bearer ${token.access_token}` } };
    },
  },
} satisfies Record<string, AuthKindEntry>;

export type AuthKind = keyof typeof AUTH_KINDS;

/** The scheme name a kind is declared under (`api-key-query` → `apiKeyQuery`). */
export function schemeName(kind: AuthKind): string {
  return kind.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());
}

/** The kind a declared scheme was drawn as. */
export function kindOf(scheme: AuthSchemeIr): AuthKindEntry | undefined {
  const kind = (Object.keys(AUTH_KINDS) as AuthKind[]).find((candidate) => schemeName(candidate) === scheme.name);
  return kind ? AUTH_KINDS[kind] : undefined;
}
