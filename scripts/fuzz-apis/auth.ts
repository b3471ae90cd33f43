// The auth schemes the API fuzzer draws, one entry per scheme type: its definition, the server
// options that accept the fuzzer's credentials, the generated client's credentials, and how the
// third-party client (openapi-fetch) authenticates. A new scheme type is one more entry here.
import type { AuthSchemeIr } from '../../src/ir/types.js';

export const FUZZ_USER = 'fuzz-user';
export const FUZZ_SECRET = 'fuzz-secret-0123456789';
const FUZZ_CLIENT = 'fuzz-app';

/** What the third-party client adds to a request: headers, or a fetch that answers challenges. */
export interface ThirdPartyAuth {
  readonly headers: Record<string, string>;
  /** Wraps fetch where the scheme needs a round trip (Digest's challenge). */
  readonly wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
}

export interface AuthKindEntry {
  readonly definition: () => Record<string, unknown>;
  readonly serverOptions: () => unknown;
  readonly clientCredentials: () => unknown;
  /** `runtime` is the generated output's runtime folder (for Digest, the only client of it here). */
  readonly thirdParty: (scheme: AuthSchemeIr, baseUrl: string, runtime: string) => Promise<ThirdPartyAuth>;
}

export const AUTH_KINDS = {
  'access-key': {
    definition: () => ({ type: 'access-key', header: 'X-Api-Key' }),
    serverOptions: () => ({
      findSalesChannel: (key: string) => (key === FUZZ_SECRET ? { id: 'fuzz' } : undefined),
      createSession: () => ({}),
    }),
    clientCredentials: () => ({ accessKey: FUZZ_SECRET }),
    thirdParty: async (scheme) => ({ headers: { [(scheme as { header: string }).header]: FUZZ_SECRET } }),
  },
  digest: {
    definition: () => ({
      type: 'digest',
      realm: 'fuzz',
      algorithms: ['SHA-256', 'MD5'],
      qop: ['auth'],
      nonceLifetime: 3600,
    }),
    serverOptions: () => ({
      lookupPassword: (user: string) => (user === FUZZ_USER ? FUZZ_SECRET : undefined),
      throttle: false,
    }),
    clientCredentials: () => ({ username: FUZZ_USER, password: FUZZ_SECRET }),
    thirdParty: async (_scheme, _baseUrl, runtime) => {
      // openapi-fetch has no Digest: its fetch answers the challenge with the runtime's DigestClient.
      const { DigestClient } = (await import(
        `${runtime}/digest-client.ts`
      )) as typeof import('../../src/runtime/digest-client.js');
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
      grants: { password: { clientId: FUZZ_CLIENT }, refresh_token: {} },
      accessTokenLifetime: 600,
      refreshTokenLifetime: 3600,
    }),
    serverOptions: () => ({
      verifyPassword: (user: string, password: string) => user === FUZZ_USER && password === FUZZ_SECRET,
      verifyClient: () => false,
      throttle: false,
    }),
    clientCredentials: () => ({ grant: 'password', username: FUZZ_USER, password: FUZZ_SECRET, clientId: FUZZ_CLIENT }),
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
} satisfies Record<AuthSchemeIr['type'], AuthKindEntry>;

export type AuthKind = keyof typeof AUTH_KINDS;
