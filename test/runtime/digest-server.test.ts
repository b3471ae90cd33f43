import { describe, expect, it } from 'vitest';
import {
  computeDigestResponse,
  formatAuthorization,
  parseDigestChallenges,
} from '../../src/runtime/auth/digest/digest.js';
import type { DigestAlgorithm } from '../../src/runtime/core/vocabulary.js';
import { DigestVerifier, type DigestVerifierOptions } from '../../src/runtime/auth/digest/digest-server.js';
import { MemoryNonceStore } from '../../src/runtime/stores/stores.js';

const REALM = 'svc REST-API';
const USERS: Record<string, string> = { alice: 'alice-api-key' };

function setup(overrides: Partial<DigestVerifierOptions> = {}) {
  const clock = { now: 1_700_000_000_000 };
  const now = (): number => clock.now;
  const verifier = new DigestVerifier({
    realm: REALM,
    algorithms: ['SHA-256', 'MD5'],
    nonceLifetimeSeconds: 3600,
    lookupPassword: async (username) => USERS[username],
    nonceStore: new MemoryNonceStore({ now }),
    now,
    ...overrides,
  });
  return { clock, verifier };
}

interface SignOptions {
  algorithm?: DigestAlgorithm;
  username?: string;
  password?: string;
  method?: string;
  uri?: string;
  nc?: number;
  realm?: string;
  opaque?: string | undefined;
  nonce?: string;
}

/** Builds an Authorization value answering the given challenge. */
function sign(challengeHeader: string, options: SignOptions = {}): string {
  const [challenge] = parseDigestChallenges(challengeHeader);
  if (challenge === undefined) throw new Error('no challenge');
  const algorithm = options.algorithm ?? 'SHA-256';
  const realm = options.realm ?? challenge.realm;
  const nonce = options.nonce ?? challenge.nonce;
  const nc = (options.nc ?? 1).toString(16).padStart(8, '0');
  const uri = options.uri ?? '/api/PriceList?limit=5';
  const username = options.username ?? 'alice';
  const response = computeDigestResponse({
    algorithm,
    username,
    realm,
    password: options.password ?? 'alice-api-key',
    method: options.method ?? 'GET',
    uri,
    nonce,
    nc,
    cnonce: 'client-nonce',
  });
  const opaque = 'opaque' in options ? options.opaque : challenge.opaque;
  return formatAuthorization({
    username,
    realm,
    uri,
    algorithm,
    nonce,
    nc,
    cnonce: 'client-nonce',
    response,
    ...(opaque === undefined ? {} : { opaque }),
  });
}

const request = (authorization: string | undefined, url = '/api/PriceList?limit=5', method = 'GET') => ({
  method,
  url,
  authorization,
});

describe('DigestVerifier.challenge', () => {
  it('offers one challenge per algorithm, strongest first, with qop=auth, opaque and one shared nonce', async () => {
    const { verifier } = setup();
    const headers = await verifier.challenge();
    expect(headers).toHaveLength(2);
    const challenges = parseDigestChallenges(headers);
    expect(challenges.map((c) => c.algorithm)).toEqual(['SHA-256', 'MD5']);
    for (const challenge of challenges) {
      expect(challenge).toMatchObject({ realm: REALM, qop: ['auth'], stale: false, charset: 'UTF-8' });
      expect(challenge.opaque).toBeTruthy();
      expect(challenge.nonce).toBe(challenges[0]?.nonce);
    }
    expect(challenges[0]?.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('marks stale challenges and issues a new nonce each time', async () => {
    const { verifier } = setup();
    const [first] = parseDigestChallenges(await verifier.challenge());
    const [second] = parseDigestChallenges(await verifier.challenge(true));
    expect(second?.stale).toBe(true);
    expect(second?.nonce).not.toBe(first?.nonce);
  });

  it('uses the same opaque on instances with the same realm, so they can share a nonce store', async () => {
    const [a] = parseDigestChallenges(await setup().verifier.challenge());
    const [b] = parseDigestChallenges(await setup().verifier.challenge());
    expect(a?.opaque).toBe(b?.opaque);
  });
});

describe('DigestVerifier.verify', () => {
  it('accepts a correct SHA-256 and a correct MD5 answer', async () => {
    const { verifier } = setup();
    const [sha] = await verifier.challenge();
    expect(await verifier.verify(request(sign(sha!)))).toEqual({ ok: true, username: 'alice' });
    expect(await verifier.verify(request(sign(sha!, { algorithm: 'MD5', nc: 2 })))).toEqual({
      ok: true,
      username: 'alice',
    });
  });

  it('accepts growing nonce counts and refuses a replayed or smaller one', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    const first = sign(challenge!, { nc: 1 });
    expect((await verifier.verify(request(first))).ok).toBe(true);
    expect(await verifier.verify(request(first))).toEqual({ ok: false, stale: false, reason: 'nc-replayed' });
    expect((await verifier.verify(request(sign(challenge!, { nc: 5 })))).ok).toBe(true);
    expect(await verifier.verify(request(sign(challenge!, { nc: 3 })))).toMatchObject({
      ok: false,
      reason: 'nc-replayed',
    });
  });

  it('refuses nonce count zero', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    expect(await verifier.verify(request(sign(challenge!, { nc: 0 })))).toMatchObject({
      ok: false,
      reason: 'nc-replayed',
    });
  });

  it('answers stale for an expired nonce when the digest is right', async () => {
    const { clock, verifier } = setup();
    const [challenge] = await verifier.challenge();
    clock.now += 3600 * 1000;
    expect(await verifier.verify(request(sign(challenge!)))).toEqual({
      ok: false,
      stale: true,
      reason: 'nonce-expired',
    });
  });

  it('does not answer stale when the digest of an expired nonce is wrong', async () => {
    const { clock, verifier } = setup();
    const [challenge] = await verifier.challenge();
    clock.now += 3601 * 1000;
    expect(await verifier.verify(request(sign(challenge!, { password: 'guess' })))).toEqual({
      ok: false,
      stale: false,
      reason: 'bad-response',
      username: 'alice',
    });
  });

  it('answers stale for a nonce it never issued (e.g. after a restart)', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    expect(await verifier.verify(request(sign(challenge!, { nonce: 'made-up' })))).toEqual({
      ok: false,
      stale: true,
      reason: 'unknown-nonce',
    });
  });

  it('refuses a wrong password and an unknown user without burning the nonce', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    expect(await verifier.verify(request(sign(challenge!, { password: 'wrong', nc: 9 })))).toMatchObject({
      ok: false,
      reason: 'bad-response',
    });
    expect(await verifier.verify(request(sign(challenge!, { username: 'mallory', nc: 9 })))).toMatchObject({
      ok: false,
      reason: 'unknown-user',
    });
    expect((await verifier.verify(request(sign(challenge!, { nc: 1 })))).ok).toBe(true);
  });

  it('refuses a wrong realm, uri, method or opaque', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    expect(await verifier.verify(request(sign(challenge!, { realm: 'other' })))).toMatchObject({
      reason: 'realm-mismatch',
    });
    expect(await verifier.verify(request(sign(challenge!, { uri: '/api/Banner' })))).toMatchObject({
      reason: 'uri-mismatch',
    });
    expect(await verifier.verify(request(sign(challenge!, { opaque: 'forged' })))).toMatchObject({
      reason: 'opaque-mismatch',
    });
    expect(await verifier.verify(request(sign(challenge!, { opaque: '' })))).toMatchObject({
      reason: 'opaque-mismatch',
    });
    expect(await verifier.verify(request(sign(challenge!), '/api/PriceList?limit=5', 'DELETE'))).toMatchObject({
      reason: 'bad-response',
    });
  });

  it('accepts a response without opaque (RFC 7616: SHOULD echo) when it is otherwise valid', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    expect(await verifier.verify(request(sign(challenge!, { opaque: undefined, nc: 1 })))).toMatchObject({ ok: true });
    expect(await verifier.verify(request(sign(challenge!, { opaque: undefined, nc: 1 })))).toMatchObject({
      reason: 'nc-replayed',
    });
    expect(
      await verifier.verify(request(sign(challenge!, { opaque: undefined, nc: 2, password: 'wrong' }))),
    ).toMatchObject({
      reason: 'bad-response',
    });
    expect(
      await verifier.verify(request(sign(challenge!, { opaque: undefined, nc: 3, nonce: 'made-up' }))),
    ).toMatchObject({
      reason: 'unknown-nonce',
    });
    expect(await verifier.verify(request(sign(challenge!, { opaque: undefined, nc: 2 })))).toMatchObject({ ok: true });
  });

  it('accepts the uri in absolute form', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    const header = sign(challenge!, { uri: 'https://shop.example/api/PriceList?limit=5' });
    expect((await verifier.verify(request(header))).ok).toBe(true);
  });

  it('refuses an algorithm it did not offer', async () => {
    const { verifier } = setup({ algorithms: ['SHA-256'] });
    const [challenge] = await verifier.challenge();
    expect(await verifier.verify(request(sign(challenge!, { algorithm: 'MD5' })))).toMatchObject({
      reason: 'algorithm-not-offered',
    });
  });

  it('names missing, foreign and malformed headers', async () => {
    const { verifier } = setup();
    expect(await verifier.verify(request(undefined))).toEqual({ ok: false, stale: false, reason: 'missing' });
    expect(await verifier.verify(request('  '))).toMatchObject({ reason: 'missing' });
    expect(await verifier.verify(request('Basic YWxpY2U6eA=='))).toMatchObject({ reason: 'not-digest' });
    expect(await verifier.verify(request('Digest username="alice", realm='))).toMatchObject({ reason: 'malformed' });
    expect(await verifier.verify(request('Digest'))).toMatchObject({ reason: 'malformed' });
  });

  it('refuses answers without qop=auth (RFC 2069 style) and userhash', async () => {
    const { verifier } = setup();
    const [challenge] = await verifier.challenge();
    const parsed = parseDigestChallenges(challenge!)[0]!;
    const legacy = `Digest username="alice", realm="${REALM}", nonce="${parsed.nonce}", uri="/api/PriceList?limit=5", response="00", opaque="${parsed.opaque}", algorithm=SHA-256`;
    expect(await verifier.verify(request(legacy))).toMatchObject({ reason: 'qop-not-supported' });
    const hashed = `${sign(challenge!)}, userhash=true`;
    expect(await verifier.verify(request(hashed))).toMatchObject({ reason: 'userhash-not-supported' });
  });

  it('refuses a bad configuration', () => {
    expect(() => setup({ algorithms: [] })).toThrow();
    expect(() => setup({ nonceLifetimeSeconds: 0 })).toThrow();
  });
});
