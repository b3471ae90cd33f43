import { describe, expect, it } from 'vitest';
import { parseDigestAuthorization } from '../../src/runtime/auth/digest/digest.js';
import { DigestClient } from '../../src/runtime/auth/digest/digest-client.js';
import { DigestVerifier } from '../../src/runtime/auth/digest/digest-server.js';
import { MemoryNonceStore } from '../../src/runtime/stores/stores.js';

const NONCE = '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v';
const OPAQUE = 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS';
const rfcChallenge = (algorithm: string): string =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="${NONCE}", opaque="${OPAQUE}"`;

function rfcClient(): DigestClient {
  return new DigestClient({
    username: 'Mufasa',
    password: 'Circle of Life',
    cnonce: () => 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  });
}

describe('DigestClient', () => {
  it('answers the RFC 7616 example, choosing SHA-256 over MD5 whatever the order', () => {
    const client = rfcClient();
    expect(client.acceptChallenge([rfcChallenge('MD5'), rfcChallenge('SHA-256')])).toEqual({
      usable: true,
      stale: false,
    });
    const header = client.authorization('GET', '/dir/index.html');
    expect(parseDigestAuthorization(header)).toMatchObject({
      algorithm: 'SHA-256',
      nc: '00000001',
      opaque: OPAQUE,
      response: '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
    });
  });

  it('uses MD5 when only MD5 is offered', () => {
    const client = rfcClient();
    client.acceptChallenge(rfcChallenge('MD5'));
    expect(parseDigestAuthorization(client.authorization('GET', '/dir/index.html'))?.response).toBe(
      '8ca523f5e9506fed4657c9700eebdbec',
    );
  });

  it('counts up per nonce and restarts the count for a new nonce', () => {
    const client = rfcClient();
    client.acceptChallenge(rfcChallenge('SHA-256'));
    const nc = () => parseDigestAuthorization(client.authorization('GET', '/'))?.nc;
    expect([nc(), nc(), nc()]).toEqual(['00000001', '00000002', '00000003']);
    client.acceptChallenge(rfcChallenge('SHA-256')); // same nonce: keep counting
    expect(nc()).toBe('00000004');
    client.acceptChallenge(rfcChallenge('SHA-256').replace(NONCE, 'fresh'));
    expect(nc()).toBe('00000001');
  });

  it('has nothing to send before a challenge or after reset', () => {
    const client = rfcClient();
    expect(client.hasChallenge).toBe(false);
    expect(client.authorization('GET', '/')).toBeUndefined();
    client.acceptChallenge(rfcChallenge('SHA-256'));
    expect(client.hasChallenge).toBe(true);
    client.reset();
    expect(client.authorization('GET', '/')).toBeUndefined();
  });

  it('ignores challenges it cannot answer', () => {
    const client = rfcClient();
    const unusable = [
      'Basic realm="x"',
      'Digest realm="r", nonce="n", algorithm=SHA-512-256, qop="auth"',
      'Digest realm="r", nonce="n", algorithm=MD5, qop="auth-int"',
      'Digest realm="r", nonce="n", algorithm=MD5', // no qop: RFC 2069
      'garbage "',
    ];
    expect(client.acceptChallenge(unusable)).toEqual({ usable: false, stale: false });
    expect(client.acceptChallenge(undefined)).toEqual({ usable: false, stale: false });
    expect(client.hasChallenge).toBe(false);
  });

  it('retries once on the first 401 and on stale, not on wrong credentials', () => {
    const client = rfcClient();
    expect(client.handleUnauthorized(rfcChallenge('SHA-256'), false)).toBe(true);
    expect(client.handleUnauthorized(rfcChallenge('SHA-256'), true)).toBe(false);
    expect(client.handleUnauthorized(`${rfcChallenge('SHA-256')}, stale=true`, true)).toBe(true);
  });

  it('works against the verifier, including a stale nonce', async () => {
    const clock = { now: 1_700_000_000_000 };
    const now = (): number => clock.now;
    const verifier = new DigestVerifier({
      realm: 'svc REST-API',
      algorithms: ['SHA-256', 'MD5'],
      nonceLifetimeSeconds: 3600,
      lookupPassword: (username) => (username === 'Jäsøn "J"' ? 'key' : undefined),
      nonceStore: new MemoryNonceStore({ now }),
      now,
    });
    const client = new DigestClient({ username: 'Jäsøn "J"', password: 'key' });
    const send = async (authorization: string | undefined) => {
      const result = await verifier.verify({ method: 'POST', url: '/api/Banner', authorization });
      return result.ok ? { status: 200 } : { status: 401, challenge: await verifier.challenge(result.stale) };
    };

    let authorization = client.authorization('POST', '/api/Banner');
    let response = await send(authorization);
    expect(response.status).toBe(401);
    expect(client.handleUnauthorized(response.challenge, authorization !== undefined)).toBe(true);
    expect((await send(client.authorization('POST', '/api/Banner'))).status).toBe(200);
    expect((await send(client.authorization('POST', '/api/Banner'))).status).toBe(200);

    clock.now += 3600 * 1000;
    authorization = client.authorization('POST', '/api/Banner');
    response = await send(authorization);
    expect(response.status).toBe(401);
    expect(client.handleUnauthorized(response.challenge, true)).toBe(true);
    expect((await send(client.authorization('POST', '/api/Banner'))).status).toBe(200);
  });
});
