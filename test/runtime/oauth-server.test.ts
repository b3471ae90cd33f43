import { describe, expect, it } from 'vitest';
import {
  LoginThrottle,
  TOKEN_RESPONSE_HEADERS,
  bearerChallenge,
  handleTokenRequest,
  hashToken,
  verifyBearer,
  type TokenEndpointDeps,
  type TokenResult,
} from '../../src/runtime/auth/oauth/oauth-server.js';
import { MemoryAccessTokenStore, MemoryRefreshTokenStore } from '../../src/runtime/stores/stores.js';

function setup(overrides: Partial<TokenEndpointDeps> = {}) {
  const clock = { now: 1_700_000_000_000 };
  const now = (): number => clock.now;
  const deps: TokenEndpointDeps = {
    passwordClientId: 'administration',
    clientAuthRealm: 'svc',
    scopes: ['write'],
    verifyPassword: async (username, password) => username === 'admin' && password === 'shopware',
    verifyClient: (clientId, secret) => clientId === 'SWIA123' && secret === 's3cret',
    accessTokens: new MemoryAccessTokenStore({ now }),
    refreshTokens: new MemoryRefreshTokenStore({ now }),
    throttle: new LoginThrottle({ now }),
    now,
    ...overrides,
  };
  const bearer = (token: string | undefined) =>
    verifyBearer(token === undefined ? undefined : `Bearer ${token}`, deps.accessTokens, now);
  return { clock, deps, bearer };
}

const passwordBody = {
  grant_type: 'password',
  client_id: 'administration',
  scopes: 'write',
  username: 'admin',
  password: 'shopware',
};

function tokens(result: TokenResult) {
  if (result.status !== 200) throw new Error(`expected success, got ${JSON.stringify(result.body)}`);
  return result.body;
}

function expectError(result: TokenResult, status: number, error: string) {
  expect(result.status).toBe(status);
  expect(result.body).toMatchObject({
    error,
    error_description: expect.any(String),
    errors: [{ status: String(status), code: error, title: expect.any(String), detail: expect.any(String) }],
  });
  expect(result.headers).toMatchObject(TOKEN_RESPONSE_HEADERS);
}

describe('password grant', () => {
  it('issues a bearer token, a refresh token and no-store headers', async () => {
    const { deps, bearer } = setup();
    const result = await handleTokenRequest(passwordBody, deps);
    expect(result.status).toBe(200);
    expect(result.headers).toEqual({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const body = tokens(result);
    expect(body).toEqual({
      token_type: 'Bearer',
      expires_in: 600,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(await bearer(body.access_token)).toEqual({
      ok: true,
      subject: 'admin',
      clientId: 'administration',
      scopes: ['write'],
    });
  });

  it('stores only hashes of the tokens', async () => {
    const { deps } = setup();
    const body = tokens(await handleTokenRequest(passwordBody, deps));
    expect(await deps.accessTokens.findByHash(body.access_token)).toBeUndefined();
    expect(await deps.accessTokens.findByHash(hashToken(body.access_token))).toBeDefined();
    expect(await deps.refreshTokens.findByHash(hashToken(body.refresh_token!))).toMatchObject({ revoked: false });
  });

  it('accepts a form body and the RFC scope parameter', async () => {
    const { deps } = setup();
    const form = Object.fromEntries(
      new URLSearchParams('grant_type=password&client_id=administration&scope=write&username=admin&password=shopware'),
    );
    expect((await handleTokenRequest(form, deps)).status).toBe(200);
  });

  it('refuses another client id with 401 invalid_client', async () => {
    const { deps } = setup();
    expectError(await handleTokenRequest({ ...passwordBody, client_id: 'other' }, deps), 401, 'invalid_client');
  });

  it('refuses wrong credentials with invalid_grant', async () => {
    const { deps } = setup();
    expectError(await handleTokenRequest({ ...passwordBody, password: 'nope' }, deps), 400, 'invalid_grant');
  });

  it('refuses unknown scopes', async () => {
    const { deps } = setup();
    expectError(await handleTokenRequest({ ...passwordBody, scopes: 'write admin' }, deps), 400, 'invalid_scope');
  });

  it('honours a configured access token lifetime', async () => {
    const { deps } = setup({ accessTokenLifetimeSeconds: 60 });
    expect(tokens(await handleTokenRequest(passwordBody, deps)).expires_in).toBe(60);
  });
});

describe('request validation', () => {
  it.each([
    ['no body', undefined, 'invalid_request'],
    ['an array', [passwordBody], 'invalid_request'],
    ['no grant type', { ...passwordBody, grant_type: undefined }, 'invalid_request'],
    ['a non-string field', { ...passwordBody, username: ['admin', 'x'] }, 'invalid_request'],
    ['a missing password', { ...passwordBody, password: '' }, 'invalid_request'],
    ['an unknown grant', { ...passwordBody, grant_type: 'authorization_code' }, 'unsupported_grant_type'],
    [
      'client_credentials without a secret',
      { grant_type: 'client_credentials', client_id: 'SWIA123' },
      'invalid_request',
    ],
    ['refresh without a token', { grant_type: 'refresh_token', client_id: 'administration' }, 'invalid_request'],
  ])('answers 400 for %s', async (_name, body, error) => {
    const { deps } = setup();
    expectError(await handleTokenRequest(body, deps), 400, error);
  });

  it('refuses grants that are not enabled', async () => {
    const { deps } = setup({ grants: ['client_credentials'] });
    expectError(await handleTokenRequest(passwordBody, deps), 400, 'unsupported_grant_type');
  });
});

describe('client_credentials grant', () => {
  const body = { grant_type: 'client_credentials', client_id: 'SWIA123', client_secret: 's3cret' };

  it('issues an access token and no refresh token', async () => {
    const { deps, bearer } = setup();
    const result = tokens(await handleTokenRequest(body, deps));
    expect(result).not.toHaveProperty('refresh_token');
    expect(await bearer(result.access_token)).toMatchObject({ ok: true, subject: 'SWIA123', scopes: ['write'] });
  });

  it('refuses a wrong secret with 401 invalid_client', async () => {
    const { deps } = setup();
    expectError(await handleTokenRequest({ ...body, client_secret: 'x' }, deps), 401, 'invalid_client');
  });
});

describe('refresh_token grant', () => {
  const refresh = (refreshToken: string, clientId = 'administration') => ({
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
  });

  it('rotates: a new pair is issued and the used refresh token is revoked', async () => {
    const { deps, bearer } = setup();
    const first = tokens(await handleTokenRequest(passwordBody, deps));
    const second = tokens(await handleTokenRequest(refresh(first.refresh_token!), deps));
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(await bearer(second.access_token)).toMatchObject({ ok: true, subject: 'admin' });
    const third = tokens(await handleTokenRequest(refresh(second.refresh_token!), deps));
    expect(await bearer(third.access_token)).toMatchObject({ ok: true });
  });

  it('revokes the whole family when a rotated refresh token is reused', async () => {
    const { deps, bearer } = setup();
    const first = tokens(await handleTokenRequest(passwordBody, deps));
    const second = tokens(await handleTokenRequest(refresh(first.refresh_token!), deps));
    const other = tokens(await handleTokenRequest(passwordBody, deps)); // another login, another family

    expectError(await handleTokenRequest(refresh(first.refresh_token!), deps), 400, 'invalid_grant');
    expectError(await handleTokenRequest(refresh(second.refresh_token!), deps), 400, 'invalid_grant');
    expect(await bearer(first.access_token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await bearer(second.access_token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await bearer(other.access_token)).toMatchObject({ ok: true });
    expect((await handleTokenRequest(refresh(other.refresh_token!), deps)).status).toBe(200);
  });

  it('lets only one of two concurrent refreshes succeed, and then revokes the family', async () => {
    const { deps, bearer } = setup();
    const first = tokens(await handleTokenRequest(passwordBody, deps));
    const results = await Promise.all([
      handleTokenRequest(refresh(first.refresh_token!), deps),
      handleTokenRequest(refresh(first.refresh_token!), deps),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = tokens(results.find((r) => r.status === 200)!);
    expectError(await handleTokenRequest(refresh(winner.refresh_token!), deps), 400, 'invalid_grant');
    expect(await bearer(winner.access_token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuses a refresh token of another client, unknown or expired tokens', async () => {
    const { clock, deps } = setup();
    const first = tokens(await handleTokenRequest(passwordBody, deps));
    expectError(await handleTokenRequest(refresh(first.refresh_token!, 'SWIA123'), deps), 400, 'invalid_grant');
    expectError(await handleTokenRequest(refresh('not-a-token'), deps), 400, 'invalid_grant');
    clock.now += 7 * 86_400_000;
    expectError(await handleTokenRequest(refresh(first.refresh_token!), deps), 400, 'invalid_grant');
  });

  it('keeps refresh tokens for 7 days unless configured otherwise', async () => {
    const { clock, deps } = setup({ refreshTokenLifetimeSeconds: 3600 });
    const first = tokens(await handleTokenRequest(passwordBody, deps));
    clock.now += 3599_000;
    expect((await handleTokenRequest(refresh(first.refresh_token!), deps)).status).toBe(200);
  });

  it('may narrow but not widen the scopes', async () => {
    const { deps } = setup({ scopes: ['write', 'read'] });
    const first = tokens(await handleTokenRequest({ ...passwordBody, scopes: 'read' }, deps));
    expectError(
      await handleTokenRequest({ ...refresh(first.refresh_token!), scope: 'write' }, deps),
      400,
      'invalid_scope',
    );
  });
});

describe('verifyBearer', () => {
  it('names missing, malformed, unknown and expired tokens', async () => {
    const { clock, deps, bearer } = setup();
    const { access_token: token } = tokens(await handleTokenRequest(passwordBody, deps));
    const store = deps.accessTokens;
    expect(await verifyBearer(undefined, store)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyBearer('', store)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyBearer(`Basic ${token}`, store)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyBearer('Bearer a b', store)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyBearer(`Bearer ${'a'.repeat(600)}`, store)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyBearer('Bearer', store)).toEqual({ ok: false, reason: 'malformed' });
    expect(await bearer('unknownToken')).toEqual({ ok: false, reason: 'unknown' });
    expect((await verifyBearer(`bearer ${token}`, store, () => clock.now)).ok).toBe(true);
    clock.now += 600_000;
    expect(await bearer(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('builds RFC 6750 challenges', () => {
    expect(bearerChallenge('missing')).toBe('Bearer');
    expect(bearerChallenge('expired')).toBe('Bearer error="invalid_token"');
  });
});

describe('throttling failed grants', () => {
  it('answers 429 with Retry-After after five failures, even for the right password', async () => {
    const { clock, deps } = setup();
    for (let i = 0; i < 5; i++) {
      expectError(await handleTokenRequest({ ...passwordBody, password: 'guess' }, deps), 400, 'invalid_grant');
    }
    const locked = await handleTokenRequest(passwordBody, deps);
    expect(locked.status).toBe(429);
    expect(locked).toMatchObject({ retryAfterSeconds: 60, headers: { 'Retry-After': '60' } });
    expect(locked.body).toMatchObject({ error: 'temporarily_unavailable', errors: [{ status: '429' }] });

    // Another user of the same client is not locked out.
    const otherUser = await handleTokenRequest({ ...passwordBody, username: 'editor' }, deps);
    expect(otherUser.status).toBe(400);

    clock.now += 30_000;
    expect(await handleTokenRequest(passwordBody, deps)).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    clock.now += 30_000;
    expect((await handleTokenRequest(passwordBody, deps)).status).toBe(200);
  });

  it('throttles client_credentials per client', async () => {
    const { deps } = setup();
    const bad = { grant_type: 'client_credentials', client_id: 'SWIA123', client_secret: 'x' };
    for (let i = 0; i < 5; i++) expect((await handleTokenRequest(bad, deps)).status).toBe(401);
    expect((await handleTokenRequest({ ...bad, client_secret: 's3cret' }, deps)).status).toBe(429);
  });

  it('works without a throttle', async () => {
    const { deps } = setup();
    delete deps.throttle;
    for (let i = 0; i < 10; i++) await handleTokenRequest({ ...passwordBody, password: 'guess' }, deps);
    expect((await handleTokenRequest(passwordBody, deps)).status).toBe(200);
  });
});
