// The reference service as a process: data and sessions survive a restart, environment changes
// take effect on the next start, SIGTERM and SIGINT close it cleanly, and no credential is logged.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../examples/reference-service/config.js';
import { ACCESS_KEY, DigestUser, passwordGrant, send, startService, tempDataDir } from './helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
}

describe('restarts', () => {
  it('keeps records, sessions and tokens across a restart', async () => {
    const dir = dataDir();
    const first = await startService({}, dir);
    const api = new DigestUser(first.baseUrl, first.config.apiUsername, first.config.apiKey);
    const created = await api.send('/api/Banner', {
      method: 'POST',
      body: { description: 'Survivor', image: 'a.png', link: 'l', linkTarget: '_self', categoryId: 1 },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as number;
    const tokens = await passwordGrant(first);
    const context = await send(first.baseUrl, '/store-api/v3/context', { headers: { 'svc-access-key': ACCESS_KEY } });
    const contextToken = context.header('svc-context-token') as string;
    await send(first.baseUrl, '/store-api/v3/checkout/cart/line-item', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': contextToken },
      body: { items: [{ type: 'product', referencedId: firstProductId(first.app.db), quantity: 2 }] },
    });
    await first.app.close();

    const second = await startService({}, dir);
    try {
      const read = await new DigestUser(second.baseUrl, second.config.apiUsername, second.config.apiKey).send(
        `/api/Banner/${id}`,
      );
      expect(read.json.data.description).toBe('Survivor');
      const products = await send(second.baseUrl, '/api/v3/product', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(products.status).toBe(200);
      expect(products.json.meta.total).toBe(30);
      const cart = await send(second.baseUrl, '/store-api/v3/checkout/cart', {
        headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': contextToken },
      });
      expect(cart.header('svc-context-token')).toBe(contextToken);
      expect(cart.json.lineItems).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it('applies changed credentials on the next start', async () => {
    const dir = dataDir();
    const first = await startService({}, dir);
    await first.app.close();
    const env = {
      SVC_SALES_CHANNEL_ACCESS_KEY: 'SVCSCROTATEDKEY000000000009',
      SVC_CUSTOMER_EMAIL: 'new.customer@example.com',
      SVC_CUSTOMER_PASSWORD: 'a-new-password',
      SVC_API_KEY: 'rotated-api-key',
      SVC_ADMIN_PASSWORD: 'rotated-admin-password',
    };
    const second = await startService(env, dir);
    try {
      expect(
        (await send(second.baseUrl, '/store-api/v3/context', { headers: { 'svc-access-key': ACCESS_KEY } })).status,
      ).toBe(401);
      const storeHeaders = { 'svc-access-key': env.SVC_SALES_CHANNEL_ACCESS_KEY };
      expect((await send(second.baseUrl, '/store-api/v3/context', { headers: storeHeaders })).status).toBe(200);
      const oldLogin = await send(second.baseUrl, '/store-api/v3/account/login', {
        method: 'POST',
        headers: storeHeaders,
        body: { username: DEFAULTS.SVC_CUSTOMER_EMAIL, password: DEFAULTS.SVC_CUSTOMER_PASSWORD },
      });
      expect(oldLogin.status).toBe(401);
      const newLogin = await send(second.baseUrl, '/store-api/v3/account/login', {
        method: 'POST',
        headers: storeHeaders,
        body: { username: env.SVC_CUSTOMER_EMAIL, password: env.SVC_CUSTOMER_PASSWORD },
      });
      expect(newLogin.status).toBe(200);
      expect(
        (await new DigestUser(second.baseUrl, DEFAULTS.SVC_API_USERNAME, DEFAULTS.SVC_API_KEY).send('/api/Banner'))
          .status,
      ).toBe(401);
      expect(
        (await new DigestUser(second.baseUrl, DEFAULTS.SVC_API_USERNAME, env.SVC_API_KEY).send('/api/Banner')).status,
      ).toBe(200);
      const oldAdmin = await send(second.baseUrl, '/api/oauth/token', {
        method: 'POST',
        body: {
          grant_type: 'password',
          client_id: 'administration',
          username: 'admin',
          password: DEFAULTS.SVC_ADMIN_PASSWORD,
        },
      });
      expect(oldAdmin.json.error).toBe('invalid_grant');
      expect((await passwordGrant(second)).access_token).toBeTruthy();
    } finally {
      await second.app.close();
    }
  });
});

function firstProductId(db: { prepare(sql: string): { get(): unknown } }): string {
  return (db.prepare('SELECT id FROM product ORDER BY rowid LIMIT 1').get() as { id: string }).id;
}

interface Running {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  output(): string;
  exit(): Promise<number | null>;
}

/** main.ts in its own process, the way `npm start` runs it (tsx), on a free port. */
async function startProcess(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/reference-service/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address after 30 s:\n${output}`)), 30_000);
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${output}`)));
  });
  return { child, baseUrl, output: () => output, exit: () => exited };
}

describe('the service process', () => {
  it.each([['SIGTERM'], ['SIGINT']] as const)('closes cleanly on %s', async (signal) => {
    const dir = dataDir();
    const running = await startProcess({ SVC_DATA: join(dir, 'svc.sqlite'), SVC_LOG: '0' });
    expect(
      (await send(running.baseUrl, '/store-api/v2/country', { headers: { 'svc-access-key': ACCESS_KEY } })).status,
    ).toBe(200);
    running.child.kill(signal);
    expect(await running.exit()).toBe(0);
  });

  it('logs the address and requests, never a credential', async () => {
    const dir = dataDir();
    const running = await startProcess({ SVC_DATA: join(dir, 'svc.sqlite') });
    const tokens = await send(running.baseUrl, '/api/oauth/token', {
      method: 'POST',
      body: {
        grant_type: 'password',
        client_id: 'administration',
        username: DEFAULTS.SVC_ADMIN_USERNAME,
        password: DEFAULTS.SVC_ADMIN_PASSWORD,
      },
    });
    await send(running.baseUrl, '/api/v3/tax', { headers: { authorization: `Bearer ${tokens.json.access_token}` } });
    await new DigestUser(running.baseUrl, DEFAULTS.SVC_API_USERNAME, DEFAULTS.SVC_API_KEY).send('/api/Banner');
    const login = await send(running.baseUrl, '/store-api/v3/account/login', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY },
      body: { username: DEFAULTS.SVC_CUSTOMER_EMAIL, password: DEFAULTS.SVC_CUSTOMER_PASSWORD },
    });
    expect(login.status).toBe(200);
    running.child.kill('SIGTERM');
    expect(await running.exit()).toBe(0);
    const output = running.output();
    expect(output).toContain('listening on');
    expect(output).toContain('/api/v3/tax');
    const secrets = [
      DEFAULTS.SVC_ADMIN_PASSWORD,
      DEFAULTS.SVC_INTEGRATION_SECRET,
      DEFAULTS.SVC_SALES_CHANNEL_ACCESS_KEY,
      DEFAULTS.SVC_CUSTOMER_PASSWORD,
      DEFAULTS.SVC_API_KEY,
      DEFAULTS.SVC_API_READER_KEY,
      tokens.json.access_token as string,
      tokens.json.refresh_token as string,
      login.json.contextToken as string,
    ];
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
