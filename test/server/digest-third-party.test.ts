// Digest clients nobody on this project wrote, over loopback: @mhoc/axios-digest-auth answers the
// challenge without echoing `opaque` (RFC 7616 says SHOULD), always with MD5 and a nonce count of its own.
// Its requests must be served on both Digest interfaces; a wrong `opaque` must still be refused.
import AxiosDigestAuthModule from '@mhoc/axios-digest-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';
import { send, startService, type Service } from './helpers.js';

// CommonJS: take the default export whichever way the loader hands it over.
const AxiosDigestAuth =
  AxiosDigestAuthModule.default ?? (AxiosDigestAuthModule as unknown as typeof AxiosDigestAuthModule.default);

let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service.close());

interface Outcome {
  readonly status: number;
  readonly data: any;
  /** The Authorization header the library sent on its last attempt. */
  readonly authorization: string | undefined;
}

/** One request through the library; axios rejects non-2xx answers, so those are read from the rejection. */
async function viaLibrary(
  user: 'api' | 'reader',
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<Outcome> {
  const { config } = service;
  const credentials =
    user === 'api'
      ? { username: config.apiUsername, password: config.apiKey }
      : { username: config.apiReaderUsername, password: config.apiReaderKey };
  const client = new AxiosDigestAuth(credentials);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // proxy: false keeps axios off any proxy the environment names: the traffic stays on loopback.
  const options = {
    method,
    url: `${service.baseUrl}${path}`,
    headers,
    proxy: false as const,
    ...(data !== undefined ? { data } : {}),
  };
  try {
    const response = await client.request(options);
    return { status: response.status, data: response.data, authorization: headers['authorization'] };
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response;
    if (response === undefined) throw error;
    return { status: response.status, data: response.data, authorization: headers['authorization'] };
  }
}

describe('@mhoc/axios-digest-auth (a client that does not echo opaque)', () => {
  it('sends no opaque, so the test means something', async () => {
    const answer = await viaLibrary('api', 'GET', '/api/Banner');
    expect(answer.authorization).toMatch(/^Digest username="api"/);
    expect(answer.authorization).not.toMatch(/opaque/i);
    expect(answer.status).toBe(200);
  });

  it('reads both Digest interfaces', async () => {
    for (const path of [
      '/api/Banner',
      '/api/Banner/1',
      '/api/PriceList',
      '/api/PriceList/1',
      '/api/PriceListCondition',
      '/api/PriceListPrices',
    ]) {
      const answer = await viaLibrary('api', 'GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.data.success, path).toBe(true);
    }
  });

  it('creates, updates and deletes a price list', async () => {
    const created = await viaLibrary('api', 'POST', '/api/PriceList', { name: 'Third party', priority: 3 });
    expect(created.status).toBe(201);
    const id = created.data.data.id as number;
    const updated = await viaLibrary('api', 'PUT', `/api/PriceList/${id}`, {
      name: 'Third party, renamed',
      priority: 4,
    });
    expect(updated.status).toBe(200);
    expect(updated.data.data).toEqual({ id, name: 'Third party, renamed', priority: 4 });
    expect((await viaLibrary('api', 'DELETE', `/api/PriceList/${id}`)).status).toBe(200);
    expect((await viaLibrary('api', 'GET', `/api/PriceList/${id}`)).status).toBe(404);
  });

  it('gets the read-only user in for reads and 403 for writes', async () => {
    expect((await viaLibrary('reader', 'GET', '/api/PriceList')).status).toBe(200);
    const refused = await viaLibrary('reader', 'POST', '/api/PriceList', { name: 'x', priority: 1 });
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({
      success: false,
      message: 'Role "reader" is not allowed to "create" on resource "pricelist"',
    });
  });

  it('is refused with the wrong key', async () => {
    const client = new AxiosDigestAuth({ username: service.config.apiUsername, password: 'not-the-key' });
    const failure = await client
      .request({ url: `${service.baseUrl}/api/Banner`, proxy: false })
      .catch((error: unknown) => error);
    expect((failure as { response?: { status: number } }).response?.status).toBe(401);
  });
});

describe('opaque over HTTP', () => {
  /** A valid Authorization for GET path, answering a fresh challenge, with opaque rewritten. */
  async function signed(path: string, rewrite: (header: string) => string): Promise<number> {
    const client = new DigestClient({ username: service.config.apiUsername, password: service.config.apiKey });
    const challenge = await send(service.baseUrl, path);
    expect(challenge.status).toBe(401);
    client.handleUnauthorized(challenge.headers['www-authenticate'], false);
    const header = client.authorization('GET', path);
    expect(header).toMatch(/opaque="[^"]+"/);
    return (await send(service.baseUrl, path, { headers: { authorization: rewrite(header ?? '') } })).status;
  }

  it('accepts the echoed opaque and a left-out one, and refuses a wrong one', async () => {
    expect(await signed('/api/PriceList', (header) => header)).toBe(200);
    expect(await signed('/api/PriceList', (header) => header.replace(/,\s*opaque="[^"]*"/, ''))).toBe(200);
    expect(await signed('/api/PriceList', (header) => header.replace(/opaque="[^"]*"/, 'opaque="forged"'))).toBe(401);
    expect(await signed('/api/Banner', (header) => header.replace(/opaque="[^"]*"/, 'opaque=""'))).toBe(401);
  });
});
