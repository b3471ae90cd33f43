// Auth under attack, against the reference service over real HTTP: Digest (replayed nonce counts, wrong
// realm and uri, forged opaque, expired nonces, wrong password), OAuth (expired, revoked and forged bearer
// tokens, reuse of a rotated refresh token, throttled password guessing) and Store API sessions (no
// access to another session's cart, tokens bound to their sales channel).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeDigestResponse,
  formatAuthorization,
  formatNonceCount,
  parseDigestChallenges,
  type DigestChallenge,
} from '../../generated/runtime/auth/digest/digest.js';
import type { DigestAlgorithm } from '../../generated/runtime/core/vocabulary.js';
import {
  ACCESS_KEY,
  passwordGrant,
  send,
  startService,
  type ReceivedResponse,
  type Service,
} from '../server/helpers.js';

let service: Service;
const attacks: string[] = [];

beforeAll(async () => {
  service = await startService({ SVC_LOG: '0' });
});
afterAll(async () => {
  console.log(`server auth attacks: ${attacks.length} attacks refused: ${attacks.join(', ')}`);
  await service?.close();
});

function refused(name: string, answer: ReceivedResponse, status = 401): void {
  expect(answer.status, `${name}: ${answer.text}`).toBe(status);
  attacks.push(name);
}

// ---- Digest -----------------------------------------------------------------------------------

async function challenge(path = '/api/PriceList'): Promise<DigestChallenge> {
  const answer = await send(service.baseUrl, path);
  expect(answer.status).toBe(401);
  const challenges = parseDigestChallenges(answer.headers['www-authenticate'] as string | string[]);
  const sha = challenges.find((entry) => entry.algorithm === 'SHA-256') ?? challenges[0];
  if (!sha) throw new Error('no challenge');
  return sha;
}

interface Forge {
  readonly method?: string;
  readonly uri?: string;
  readonly realm?: string;
  readonly opaque?: string;
  readonly password?: string;
  readonly nc?: number;
  readonly nonce?: string;
}

function digestHeader(given: DigestChallenge, path: string, forge: Forge = {}): string {
  const realm = forge.realm ?? given.realm;
  const uri = forge.uri ?? path;
  const nonce = forge.nonce ?? given.nonce;
  const nc = formatNonceCount(forge.nc ?? 1);
  const cnonce = randomBytes(8).toString('hex');
  const algorithm = (given.algorithm ?? 'SHA-256') as DigestAlgorithm;
  const response = computeDigestResponse({
    algorithm,
    username: service.config.apiUsername,
    realm,
    password: forge.password ?? service.config.apiKey,
    method: forge.method ?? 'GET',
    uri,
    nonce,
    nc,
    cnonce,
  });
  const opaque = forge.opaque ?? given.opaque;
  return formatAuthorization({
    username: service.config.apiUsername,
    realm,
    uri,
    algorithm,
    nonce,
    nc,
    cnonce,
    response,
    ...(opaque !== undefined ? { opaque } : {}),
  });
}

function digestGet(path: string, authorization: string): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, { headers: { authorization } });
}

function expectDigestFailureBody(answer: ReceivedResponse): void {
  expect(answer.json).toEqual({ success: false, message: 'Invalid or missing auth' });
  expect(String(answer.headers['www-authenticate'])).toMatch(/Digest /);
}

describe('Digest under attack', () => {
  it('accepts a correct answer to the challenge (the baseline the attacks vary)', async () => {
    const given = await challenge();
    const answer = await digestGet('/api/PriceList', digestHeader(given, '/api/PriceList'));
    expect(answer.status, answer.text).toBe(200);
  });

  it('refuses a replayed nonce count, and a count that goes backwards', async () => {
    const given = await challenge();
    const first = digestHeader(given, '/api/PriceList', { nc: 5 });
    expect((await digestGet('/api/PriceList', first)).status).toBe(200);
    const replay = await digestGet('/api/PriceList', first);
    refused('digest replayed nc', replay);
    expectDigestFailureBody(replay);
    refused(
      'digest same nc, new cnonce',
      await digestGet('/api/PriceList', digestHeader(given, '/api/PriceList', { nc: 5 })),
    );
    refused('digest lower nc', await digestGet('/api/PriceList', digestHeader(given, '/api/PriceList', { nc: 3 })));
    // A higher count on the same nonce goes on working.
    expect((await digestGet('/api/PriceList', digestHeader(given, '/api/PriceList', { nc: 6 }))).status).toBe(200);
  });

  it('refuses a wrong realm, a wrong uri, a wrong method, a forged opaque, a wrong password, a made-up nonce', async () => {
    const given = await challenge();
    let nc = 1;
    const next = (forge: Forge) => digestHeader(given, '/api/PriceList', { nc: nc++, ...forge });
    refused('digest wrong realm', await digestGet('/api/PriceList', next({ realm: 'other realm' })));
    refused('digest wrong uri', await digestGet('/api/PriceList', next({ uri: '/api/Banner' })));
    refused(
      'digest uri of another query',
      await digestGet('/api/PriceList?limit=1', next({ uri: '/api/PriceList?limit=2' })),
    );
    refused('digest wrong method', await digestGet('/api/PriceList', next({ method: 'DELETE' })));
    refused('digest forged opaque', await digestGet('/api/PriceList', next({ opaque: 'forged' })));
    refused('digest no opaque', await digestGet('/api/PriceList', next({ opaque: '' })));
    const wrong = await digestGet('/api/PriceList', next({ password: 'not-the-key' }));
    refused('digest wrong password', wrong);
    expect(String(wrong.headers['www-authenticate'])).not.toMatch(/stale=true/i);
    refused(
      'digest made-up nonce',
      await digestGet('/api/PriceList', next({ nonce: randomBytes(24).toString('base64url') })),
    );
    // None of these used up the nonce: the honest client goes on.
    expect((await digestGet('/api/PriceList', next({}))).status).toBe(200);
  });

  it('answers an expired nonce with stale=true, and a fresh nonce then works', async () => {
    const given = await challenge();
    expect((await digestGet('/api/PriceList', digestHeader(given, '/api/PriceList', { nc: 1 }))).status).toBe(200);
    service.clock.advance(3601);
    const expired = await digestGet('/api/PriceList', digestHeader(given, '/api/PriceList', { nc: 2 }));
    refused('digest expired nonce', expired);
    expectDigestFailureBody(expired);
    expect(String(expired.headers['www-authenticate'])).toMatch(/stale=true/i);
    const fresh = parseDigestChallenges(expired.headers['www-authenticate'] as string | string[])[0] as DigestChallenge;
    expect(fresh.nonce).not.toBe(given.nonce);
    expect((await digestGet('/api/PriceList', digestHeader(fresh, '/api/PriceList', { nc: 1 }))).status).toBe(200);
  });
});

// ---- OAuth ------------------------------------------------------------------------------------

function bearerGet(token: string): Promise<ReceivedResponse> {
  return send(service.baseUrl, '/api/v3/product', { headers: { authorization: `Bearer ${token}` } });
}

function tokenRequest(body: Record<string, string>, headers: Record<string, string> = {}): Promise<ReceivedResponse> {
  return send(service.baseUrl, '/api/oauth/token', { method: 'POST', body, headers });
}

function expectBearer401(name: string, answer: ReceivedResponse): void {
  refused(name, answer);
  expect(answer.json.errors[0].status).toBe('401');
  expect(String(answer.headers['www-authenticate'])).toMatch(/^Bearer/);
}

describe('OAuth under attack', () => {
  it('refuses forged, malformed and expired bearer tokens', async () => {
    const { access_token: token } = await passwordGrant(service);
    expect((await bearerGet(token)).status).toBe(200);
    expectBearer401('bearer forged', await bearerGet(randomBytes(32).toString('base64url')));
    expectBearer401(
      'bearer one character changed',
      await bearerGet(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    );
    expectBearer401('bearer malformed', await bearerGet('not a token'));
    expectBearer401('bearer oversized', await bearerGet('A'.repeat(5000)));
    refused('bearer missing', await send(service.baseUrl, '/api/v3/product'));
    refused(
      'bearer as basic',
      await send(service.baseUrl, '/api/v3/product', { headers: { authorization: `Basic ${token}` } }),
    );
    service.clock.advance(601);
    expectBearer401('bearer expired', await bearerGet(token));
  });

  it('refuses a revoked bearer token', async () => {
    const { access_token: token } = await passwordGrant(service);
    expect((await bearerGet(token)).status).toBe(200);
    service.app.db.prepare("UPDATE oauth_token SET revoked = 1 WHERE kind = 'access'").run();
    expectBearer401('bearer revoked', await bearerGet(token));
  });

  it('reuse of a rotated refresh token revokes the whole family, the access token issued alongside included', async () => {
    const first = await passwordGrant(service);
    const rotated = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: 'administration',
      refresh_token: first.refresh_token as string,
    });
    expect(rotated.status, rotated.text).toBe(200);
    const second = rotated.json as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await bearerGet(second.access_token)).status).toBe(200);
    // An attacker (or the victim) presents the used refresh token again.
    const reuse = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: 'administration',
      refresh_token: first.refresh_token as string,
    });
    refused('refresh token reuse', reuse, 400);
    expect(reuse.json.error).toBe('invalid_grant');
    expectBearer401('access token of a revoked family', await bearerGet(second.access_token));
    expectBearer401('first access token of a revoked family', await bearerGet(first.access_token));
    const newest = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: 'administration',
      refresh_token: second.refresh_token,
    });
    refused('newest refresh token of a revoked family', newest, 400);
    // Another login is not touched.
    const other = await passwordGrant(service);
    expect((await bearerGet(other.access_token)).status).toBe(200);
  });

  it('slows repeated failed password grants from one client: 429 with Retry-After, even for the right password', async () => {
    const statuses: number[] = [];
    let locked: ReceivedResponse | undefined;
    for (let attempt = 0; attempt < 10 && !locked; attempt++) {
      const answer = await tokenRequest({
        grant_type: 'password',
        client_id: 'administration',
        username: service.config.adminUsername,
        password: `guess-${attempt}`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) locked = answer;
    }
    expect(
      statuses.slice(0, 4).every((status) => status === 400 || status === 401),
      String(statuses),
    ).toBe(true);
    expect(locked, `statuses ${statuses.join(',')}`).toBeDefined();
    const retryAfter = Number(locked?.header('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(locked?.json.error).toBe('temporarily_unavailable');
    attacks.push(`password guessing (locked after ${statuses.length} attempts, Retry-After ${retryAfter})`);
    const right = await tokenRequest({
      grant_type: 'password',
      client_id: 'administration',
      username: service.config.adminUsername,
      password: service.config.adminPassword,
    });
    refused('right password while locked out', right, 429);
    expect(Number(right.header('retry-after'))).toBeGreaterThan(0);
    service.clock.advance(retryAfter + 1);
    const after = await tokenRequest({
      grant_type: 'password',
      client_id: 'administration',
      username: service.config.adminUsername,
      password: service.config.adminPassword,
    });
    expect(after.status, after.text).toBe(200);
  });
});

// ---- Store API --------------------------------------------------------------------------------

function store(
  path: string,
  options: { token?: string; key?: string; method?: string; body?: unknown } = {},
): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, {
    method: options.method ?? 'GET',
    headers: {
      'svc-access-key': options.key ?? ACCESS_KEY,
      ...(options.token ? { 'svc-context-token': options.token } : {}),
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
}

describe('Store API sessions under attack', () => {
  let productId: string;
  beforeAll(() => {
    productId = (service.app.db.prepare('SELECT id FROM product WHERE active = 1 LIMIT 1').get() as { id: string }).id;
  });

  async function sessionWithItem(quantity: number): Promise<string> {
    const answer = await store('/store-api/v3/checkout/cart/line-item', {
      method: 'POST',
      body: { items: [{ type: 'product', referencedId: productId, quantity }] },
    });
    expect(answer.status, answer.text).toBe(200);
    const token = answer.header('svc-context-token') as string;
    const cart = await store('/store-api/v3/checkout/cart', { token });
    expect(cart.json.lineItems).toHaveLength(1);
    return token;
  }

  it("one session cannot see another's cart", async () => {
    const alice = await sessionWithItem(3);
    const bob = await sessionWithItem(7);
    const bobCart = await store('/store-api/v3/checkout/cart', { token: bob });
    expect(bobCart.json.lineItems.map((item: { quantity: number }) => item.quantity)).toEqual([7]);
    expect(bobCart.json.token).toBe(bob);
    const aliceCart = await store('/store-api/v3/checkout/cart', { token: alice });
    expect(aliceCart.json.lineItems.map((item: { quantity: number }) => item.quantity)).toEqual([3]);
    // Guessed, truncated or altered tokens reach nobody's session: a new, empty one.
    for (const [name, token] of [
      ['altered token', `${alice.slice(0, -1)}${alice.endsWith('a') ? 'b' : 'a'}`],
      ['truncated token', alice.slice(0, 16)],
      ['token with a suffix', `${alice}x`],
      ['lower-cased token', alice.toLowerCase() === alice ? alice.toUpperCase() : alice.toLowerCase()],
    ] as const) {
      const answer = await store('/store-api/v3/checkout/cart', { token });
      expect(answer.status).toBe(200);
      expect(answer.json.lineItems, name).toEqual([]);
      expect(answer.header('svc-context-token'), name).not.toBe(alice);
      attacks.push(`store ${name}`);
    }
  });

  it("a context token of one sales channel is useless with another channel's access key", async () => {
    const db = service.app.db;
    const channel = db.prepare('SELECT * FROM sales_channel LIMIT 1').get() as Record<string, string>;
    const otherKey = 'SVCSCSECONDCHANNELKEY000001';
    db.prepare(
      'INSERT INTO sales_channel (id, name, access_key, currency, language_id, locale, country_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      randomBytes(16).toString('hex'),
      'Second channel',
      otherKey,
      channel['currency'],
      channel['language_id'],
      channel['locale'],
      channel['country_id'],
    );
    const token = await sessionWithItem(2);
    const elsewhere = await store('/store-api/v3/checkout/cart', { token, key: otherKey });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.json.lineItems).toEqual([]);
    const otherToken = elsewhere.header('svc-context-token') as string;
    expect(otherToken).not.toBe(token);
    const context = await store('/store-api/v3/context', { token, key: otherKey });
    expect(context.json.salesChannel.name).toBe('Second channel');
    expect(context.json.token).not.toBe(token);
    attacks.push('store token of another sales channel');
    // And the other way round: the second channel's token is useless with the first key.
    const back = await store('/store-api/v3/checkout/cart', { token: otherToken });
    expect(back.header('svc-context-token')).not.toBe(otherToken);
    // The original session is untouched by the attempt.
    const home = await store('/store-api/v3/checkout/cart', { token });
    expect(home.json.lineItems.map((item: { quantity: number }) => item.quantity)).toEqual([2]);
    refused('store unknown access key', await store('/store-api/v3/checkout/cart', { token, key: 'SVCSCUNKNOWN' }));
    refused(
      'store missing access key',
      await send(service.baseUrl, '/store-api/v3/checkout/cart', { headers: { 'svc-context-token': token } }),
    );
  });
});
