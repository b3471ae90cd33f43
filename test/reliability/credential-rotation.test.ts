// Rotating a credential ends what was issued under it: after a restart with a new admin password,
// integration secret or customer password, the old access, client-credentials and refresh tokens and
// the customer's logged-in session stop working; a restart with unchanged credentials keeps them.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_KEY, passwordGrant, send, startService, tempDataDir, type Service } from '../server/helpers.js';

const dirs: string[] = [];
let service: Service | undefined;

afterEach(async () => {
  await service?.app.close();
  service = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Issued {
  readonly access: string;
  readonly refresh: string;
  readonly client: string;
  readonly context: string;
}

async function issueEverything(current: Service): Promise<Issued> {
  const password = await passwordGrant(current);
  const client = await send(current.baseUrl, '/api/oauth/token', {
    method: 'POST',
    body: {
      grant_type: 'client_credentials',
      client_id: current.config.integrationId,
      client_secret: current.config.integrationSecret,
    },
  });
  expect(client.status).toBe(200);
  const login = await send(current.baseUrl, '/store-api/v3/account/login', {
    method: 'POST',
    headers: { 'svc-access-key': ACCESS_KEY },
    body: { username: current.config.customerEmail, password: current.config.customerPassword },
  });
  expect(login.status).toBe(200);
  return {
    access: password.access_token,
    refresh: password.refresh_token as string,
    client: client.json.access_token,
    context: login.json.contextToken,
  };
}

async function observe(current: Service, issued: Issued) {
  const bearer = (token: string) =>
    send(current.baseUrl, '/api/v3/product?limit=1', { headers: { authorization: `Bearer ${token}` } });
  const refresh = await send(current.baseUrl, '/api/oauth/token', {
    method: 'POST',
    body: { grant_type: 'refresh_token', client_id: 'administration', refresh_token: issued.refresh },
  });
  const context = await send(current.baseUrl, '/store-api/v3/context', {
    headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': issued.context },
  });
  return {
    access: (await bearer(issued.access)).status,
    client: (await bearer(issued.client)).status,
    refresh: refresh.status,
    customer: context.json.customer === null ? 'logged out' : 'logged in',
  };
}

async function restart(dataDir: string, env: Record<string, string>): Promise<Service> {
  await service?.app.close();
  service = await startService(env, dataDir);
  return service;
}

describe('credential rotation', () => {
  it('keeps every token and session across a restart with the same credentials', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const issued = await issueEverything(await restart(dataDir, {}));
    expect(await observe(await restart(dataDir, {}), issued)).toEqual({
      access: 200,
      client: 200,
      refresh: 200,
      customer: 'logged in',
    });
  });

  it('ends the tokens and sessions of each credential that changed, and only those', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const issued = await issueEverything(await restart(dataDir, {}));
    const rotated = await restart(dataDir, { SVC_ADMIN_PASSWORD: 'a-new-admin-password' });
    expect(await observe(rotated, issued)).toEqual({ access: 401, client: 200, refresh: 400, customer: 'logged in' });

    const again = await issueEverything(rotated);
    const secretRotated = await restart(dataDir, {
      SVC_ADMIN_PASSWORD: 'a-new-admin-password',
      SVC_INTEGRATION_SECRET: 'a-new-secret',
    });
    expect(await observe(secretRotated, again)).toEqual({
      access: 200,
      client: 401,
      refresh: 200,
      customer: 'logged in',
    });

    const third = await issueEverything(secretRotated);
    const all = await restart(dataDir, {
      SVC_ADMIN_PASSWORD: 'a-new-admin-password',
      SVC_INTEGRATION_SECRET: 'a-new-secret',
      SVC_CUSTOMER_PASSWORD: 'a-new-customer-password',
    });
    expect(await observe(all, third)).toEqual({ access: 200, client: 200, refresh: 200, customer: 'logged out' });
    // The new credentials work.
    expect((await issueEverything(all)).access).toBeTruthy();
  });
});
