// OAuth 2.0 client authentication at the Admin API's token endpoint (RFC 6749 section 2.3.1), over
// loopback: HTTP Basic and body credentials with curl, raw requests and a third-party client
// (oauth4webapi) in both of its modes, client_secret_basic and client_secret_post.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiMeta } from '../../generated/admin-api/metadata.js';
import { curl, send, startService, type Service } from './helpers.js';

const TOKEN_PATH = '/api/oauth/token';
// Characters that RFC 6749 section 2.3.1 form-urlencodes before base64: a client that skips it fails.
export const AWKWARD_SECRET = 'p+ss w:rd%20é&=';

let service: Service;
let awkward: Service;

beforeAll(async () => {
  [service, awkward] = await Promise.all([startService(), startService({ SVC_INTEGRATION_SECRET: AWKWARD_SECRET })]);
});
afterAll(async () => {
  await Promise.all([service.close(), awkward.close()]);
});

function basic(id: string, secret: string, encode = true): string {
  const form = (text: string) => (encode ? new URLSearchParams({ x: text }).toString().slice(2) : text);
  return `Basic ${Buffer.from(`${form(id)}:${form(secret)}`, 'utf8').toString('base64')}`;
}

function tokenRequest(target: Service, form: Record<string, string>, authorization?: string) {
  return send(target.baseUrl, TOKEN_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization !== undefined ? { authorization } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** An Admin API call with the token: 200 when the token works. */
async function adminCallStatus(target: Service, accessToken: string): Promise<number> {
  const answer = await send(target.baseUrl, '/api/v3/product?limit=1', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return answer.status;
}

function expectTokenError(answer: Awaited<ReturnType<typeof send>>, status: number, error: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.json).toMatchObject({ error, errors: [{ status: String(status), code: error }] });
  expect(answer.header('cache-control')).toBe('no-store');
}

describe('HTTP Basic client authentication with curl', () => {
  it('issues a client_credentials token to curl -u, and the token works', async () => {
    const { integrationId, integrationSecret } = service.config;
    const answer = await curl([
      '-u',
      `${integrationId}:${integrationSecret}`,
      '-d',
      'grant_type=client_credentials',
      `${service.baseUrl}${TOKEN_PATH}`,
    ]);
    expect(answer.status, answer.body).toBe(200);
    const body = JSON.parse(answer.body) as { access_token: string; token_type: string; refresh_token?: string };
    expect(body.token_type).toBe('Bearer');
    expect(body.refresh_token).toBeUndefined();
    expect(await adminCallStatus(service, body.access_token)).toBe(200);
  });

  it('answers a wrong secret with 401 invalid_client and a Basic challenge of the realm the definitions name', async () => {
    const answer = await curl([
      '-u',
      `${service.config.integrationId}:wrong-secret`,
      '-d',
      'grant_type=client_credentials',
      `${service.baseUrl}${TOKEN_PATH}`,
    ]);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_client' });
    expect(adminApiMeta.auth.oauth?.type === 'oauth2' && adminApiMeta.auth.oauth.clientAuthRealm).toBe('svc');
    expect(answer.headers).toMatch(/^www-authenticate: Basic realm="svc"\r?$/im);
  });

  it('answers an unknown client id sent with Basic with the same 401', async () => {
    const answer = await tokenRequest(
      service,
      { grant_type: 'client_credentials' },
      basic('SVCIANOSUCHCLIENT', service.config.integrationSecret),
    );
    expectTokenError(answer, 401, 'invalid_client');
    expect(answer.header('www-authenticate')).toBe('Basic realm="svc"');
  });

  it('answers credentials in both the header and the body with 400 invalid_request', async () => {
    const { integrationId, integrationSecret } = service.config;
    const both = await tokenRequest(
      service,
      { grant_type: 'client_credentials', client_id: integrationId, client_secret: integrationSecret },
      basic(integrationId, integrationSecret),
    );
    expectTokenError(both, 400, 'invalid_request');
    const otherId = await tokenRequest(
      service,
      { grant_type: 'client_credentials', client_id: 'someone-else' },
      basic(integrationId, integrationSecret),
    );
    expectTokenError(otherId, 400, 'invalid_request');
  });

  it('accepts a client_id in the body that repeats the one in the header (RFC 6749 section 3.2.1)', async () => {
    const { integrationId, integrationSecret } = service.config;
    const answer = await tokenRequest(
      service,
      { grant_type: 'client_credentials', client_id: integrationId },
      basic(integrationId, integrationSecret),
    );
    expect(answer.status, answer.text).toBe(200);
  });

  it.each([
    ['another scheme', 'Bearer abc'],
    ['base64 without a colon', `Basic ${Buffer.from('no-colon').toString('base64')}`],
    ['broken percent-encoding', `Basic ${Buffer.from('id%zz:secret').toString('base64')}`],
    ['no client id', `Basic ${Buffer.from(':secret').toString('base64')}`],
    ['no credentials', 'Basic'],
  ])('answers a malformed Authorization header (%s) with 400 invalid_request', async (_name, authorization) => {
    expectTokenError(
      await tokenRequest(service, { grant_type: 'client_credentials' }, authorization),
      400,
      'invalid_request',
    );
  });

  it('decodes form-urlencoded Basic credentials (RFC 6749 section 2.3.1), and refuses them sent raw', async () => {
    const id = awkward.config.integrationId;
    const encoded = await tokenRequest(awkward, { grant_type: 'client_credentials' }, basic(id, AWKWARD_SECRET));
    expect(encoded.status, encoded.text).toBe(200);
    const raw = await tokenRequest(awkward, { grant_type: 'client_credentials' }, basic(id, AWKWARD_SECRET, false));
    expectTokenError(raw, 401, 'invalid_client');
  });

  it('lets the public password client send its id through Basic with an empty secret, for password and refresh_token', async () => {
    const publicClient = basic('administration', '');
    const { adminUsername, adminPassword } = service.config;
    const first = await tokenRequest(
      service,
      { grant_type: 'password', username: adminUsername, password: adminPassword, scope: 'write' },
      publicClient,
    );
    expect(first.status, first.text).toBe(200);
    expect(await adminCallStatus(service, first.json.access_token)).toBe(200);
    const second = await tokenRequest(
      service,
      { grant_type: 'refresh_token', refresh_token: first.json.refresh_token },
      publicClient,
    );
    expect(second.status, second.text).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.json.refresh_token);
    const wrongClient = await tokenRequest(
      service,
      { grant_type: 'password', username: adminUsername, password: adminPassword },
      basic('not-administration', ''),
    );
    expectTokenError(wrongClient, 401, 'invalid_client');
    expect(wrongClient.header('www-authenticate')).toBe('Basic realm="svc"');
  });
});

describe('methods on the token path', () => {
  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s with 405 and Allow: POST in the Admin API error shape',
    async (method) => {
      const answer = await send(service.baseUrl, TOKEN_PATH, { method });
      expect(answer.status).toBe(405);
      expect(answer.header('allow')).toBe('POST, OPTIONS');
      expect(answer.json).toMatchObject({ errors: [{ status: '405', code: 'FRAMEWORK__METHOD_NOT_ALLOWED' }] });
    },
  );

  it('answers HEAD with 405 and OPTIONS with 204, both with Allow', async () => {
    const head = await send(service.baseUrl, TOKEN_PATH, { method: 'HEAD' });
    expect([head.status, head.header('allow'), head.text]).toEqual([405, 'POST, OPTIONS', '']);
    const options = await send(service.baseUrl, TOKEN_PATH, { method: 'OPTIONS' });
    expect([options.status, options.header('allow'), options.text]).toEqual([204, 'POST, OPTIONS', '']);
  });
});

describe.each(['client_secret_basic', 'client_secret_post'] as const)('oauth4webapi with %s', (mode) => {
  const http = { [oauth.allowInsecureRequests]: true } as const;
  const server = (): oauth.AuthorizationServer => ({
    issuer: service.baseUrl,
    token_endpoint: `${service.baseUrl}${TOKEN_PATH}`,
  });
  const integration = (): oauth.Client => ({ client_id: service.config.integrationId });
  const integrationAuth = (): oauth.ClientAuth =>
    mode === 'client_secret_basic'
      ? oauth.ClientSecretBasic(service.config.integrationSecret)
      : oauth.ClientSecretPost(service.config.integrationSecret);
  // The administration client is public (no secret): oauth4webapi's ClientSecretBasic needs a secret, so Basic
  // mode sends "administration:" encoded as ClientSecretBasic would; body mode sends client_id alone (None).
  const administration: oauth.Client = { client_id: 'administration' };
  const publicAuth = (): oauth.ClientAuth =>
    mode === 'client_secret_basic'
      ? (_as, client, _body, headers) => headers.set('authorization', basic(client.client_id, ''))
      : oauth.None();

  it('gets a client_credentials token that works on an Admin API call', async () => {
    const response = await oauth.clientCredentialsGrantRequest(
      server(),
      integration(),
      integrationAuth(),
      { scope: 'write' },
      http,
    );
    const tokens = await oauth.processClientCredentialsResponse(server(), integration(), response);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toBeUndefined();
    expect(await adminCallStatus(service, tokens.access_token)).toBe(200);
  });

  it('is refused with a wrong secret', async () => {
    const auth = mode === 'client_secret_basic' ? oauth.ClientSecretBasic('wrong') : oauth.ClientSecretPost('wrong');
    const response = await oauth.clientCredentialsGrantRequest(server(), integration(), auth, {}, http);
    expect(response.status).toBe(401);
    expect(await response.clone().json()).toMatchObject({ error: 'invalid_client' });
    // oauth4webapi reads the RFC 6749 section 5.2 challenge: Basic, with the realm of the definitions.
    await expect(oauth.processClientCredentialsResponse(server(), integration(), response)).rejects.toMatchObject({
      status: 401,
      cause: [{ scheme: 'basic', parameters: { realm: 'svc' } }],
    });
  });

  it('gets a password token, refreshes it, and the used refresh token is then refused', async () => {
    const { adminUsername, adminPassword } = service.config;
    const parameters = { username: adminUsername, password: adminPassword, scope: 'write' };
    const passwordResponse = await oauth.genericTokenEndpointRequest(
      server(),
      administration,
      publicAuth(),
      'password',
      parameters,
      http,
    );
    const first = await oauth.processGenericTokenEndpointResponse(server(), administration, passwordResponse);
    expect(await adminCallStatus(service, first.access_token)).toBe(200);
    expect(first.refresh_token).toEqual(expect.any(String));

    const refreshResponse = await oauth.refreshTokenGrantRequest(
      server(),
      administration,
      publicAuth(),
      first.refresh_token as string,
      http,
    );
    const second = await oauth.processRefreshTokenResponse(server(), administration, refreshResponse);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await adminCallStatus(service, second.access_token)).toBe(200);

    const reuse = await oauth.refreshTokenGrantRequest(
      server(),
      administration,
      publicAuth(),
      first.refresh_token as string,
      http,
    );
    await expect(oauth.processRefreshTokenResponse(server(), administration, reuse)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reuse of a rotated token revokes its family, the pair just issued included.
    expect(await adminCallStatus(service, second.access_token)).toBe(401);
  });
});

describe('repeated parameters (RFC 6749 section 3.2: parameters must not repeat)', () => {
  it.each([
    ['grant_type', 'grant_type=password&grant_type=client_credentials'],
    ['client_secret', 'client_secret=wrong&client_secret=SECRET'],
    ['scope', 'scope=read&scope=write'],
  ])('answers a repeated %s with 400 invalid_request, never by its last value', async (name, repeated) => {
    const { integrationId, integrationSecret } = service.config;
    const base = new URLSearchParams({ grant_type: 'client_credentials', client_id: integrationId });
    if (name !== 'client_secret') base.set('client_secret', integrationSecret);
    if (name === 'grant_type') base.delete('grant_type');
    const body = `${base.toString()}&${repeated.replace('SECRET', encodeURIComponent(integrationSecret))}`;
    const answer = await send(service.baseUrl, TOKEN_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expectTokenError(answer, 400, 'invalid_request');
    expect(answer.json.error_description).toContain(name);
  });
});
