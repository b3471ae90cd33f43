// Issue 38 item 9: an OAuth scheme with only the client_credentials grant needs no refreshTokenLifetime in
// the definitions and no verifyPassword in the server options. On a live generated server
// (test/fixtures/machine-oauth) over loopback: a token from client_credentials, then a call with it; the
// team's server file type-checks without verifyPassword, and one with the password grant still needs
// both (SVC234, and the options type).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { removeDir, tempDir } from '../workflow/helpers.js';

type Loose = Record<string, any>;

const FIXTURE_FILE = join(import.meta.dirname, '..', 'fixtures', 'machine-oauth', 'definitions', 'machine-api.yaml');

/** The team's server as it would write it: verifyClient and nothing else. */
const SERVER = `import { timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { machineApiPlugin } from './out/machine-api/server.js';

const SECRET = Buffer.from('machine-secret');
const app = Fastify();
await app.register(
  machineApiPlugin({
    handlers: { listReadings: async () => [{ id: 1, value: 20.5 }] },
    auth: {
      oauth: {
        verifyClient: (clientId, secret) => {
          const given = Buffer.from(secret);
          return clientId === 'sensor-7' && given.length === SECRET.length && timingSafeEqual(given, SECRET);
        },
      },
    },
  }),
);
export { app };
`;

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;

beforeAll(async () => {
  fixture = await generateFixture('machine-oauth');
  served = await serveFixture(fixture, async (app) => {
    const server = await fixture.load('machine-api/server.ts');
    await app.register(
      server['machineApiPlugin']({
        handlers: { listReadings: async () => [{ id: 1, value: 20.5 }] },
        auth: {
          oauth: { verifyClient: (id: string, secret: string) => id === 'sensor-7' && secret === 'machine-secret' },
        },
      }),
    );
  });
  base = served.origin;
}, 120_000);

afterAll(async () => served?.close());

describe('an OAuth API with only the client_credentials grant', () => {
  it('issues a token to a client over loopback, without a refresh token, and the token opens the route', async () => {
    const token = await fetch(`${base}/machine/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('sensor-7:machine-secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials&scope=read',
    });
    const issued = (await token.json()) as Loose;
    expect(token.status, JSON.stringify(issued)).toBe(200);
    expect(issued['refresh_token']).toBeUndefined();
    const call = await fetch(`${base}/machine/readings`, {
      headers: { authorization: `Bearer ${issued['access_token']}` },
    });
    expect(call.status).toBe(200);
    expect(await call.json()).toMatchObject({ success: true, data: [{ id: 1, value: 20.5 }] });
    expect((await fetch(`${base}/machine/readings`)).status).toBe(401);
  });

  it('answers the password grant, which the scheme does not have, as an unsupported grant', async () => {
    const answer = await fetch(`${base}/machine/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 'sensor-7', username: 'a', password: 'b' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('documents no refresh token lifetime and types its options without verifyPassword', async () => {
    const server = await readFile(join(fixture.out, 'machine-api/server.ts'), 'utf8');
    expect(server).toContain('readonly oauth: OAuthClientOptions;');
    const openapi = await fixture.json('machine-api/openapi.json');
    expect(openapi['components'].securitySchemes.oauth.description).not.toContain('refresh');
    await writeFile(join(fixture.dir, 'server.ts'), SERVER);
    const result = await fixture.typecheck(['server.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('still asks for a refreshTokenLifetime where a grant issues refresh tokens (SVC234), at the scheme', async () => {
    const dir = await tempDir('svcgen-svc234-');
    try {
      const definitions = join(dir, 'definitions');
      await mkdir(definitions);
      const yaml = await readFile(FIXTURE_FILE, 'utf8');
      await writeFile(
        join(definitions, 'machine-api.yaml'),
        yaml.replace(
          '      client_credentials:\n',
          '      password:\n        clientId: console\n      client_credentials:\n',
        ),
      );
      const result = await generate({ cwd: dir, definitionsDir: definitions, outDir: join(dir, 'out'), cache: false });
      expect(result.ok).toBe(false);
      const found = result.ok ? [] : result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);
      expect(found).toEqual([
        '10:3 SVC234 the password grant issues refresh tokens, but the scheme gives them no lifetime ' +
          '(expected refreshTokenLifetime: <seconds>)',
      ]);
    } finally {
      await removeDir(dir);
    }
  });
});
