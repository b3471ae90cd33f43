// Request logs never carry a secret: tokens in query strings and credential headers are redacted in
// every log line. The service's logger output is captured and searched for the secrets sent.
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../examples/reference-service/app.js';
import { loadConfig } from '../../examples/reference-service/config.js';
import { redactUrl } from '../../src/runtime/server/log-redaction.js';
import { ACCESS_KEY, send, tempDataDir } from '../server/helpers.js';

const lines: string[] = [];
const dataDir = tempDataDir();
let baseUrl = '';
let close: () => Promise<unknown> = async () => undefined;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({ ...loadConfig({ SVC_DATA: join(dataDir, 'svc.sqlite') }), logger: true, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  close = () => app.close();
});

afterAll(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('log redaction', () => {
  it('redacts secret query parameters and credential headers in every log line', async () => {
    const secrets = ['query-token-9f8e7d', 'refresh-secret-1a2b3c', 'the-password-4d5e6f', 'header-bearer-7a8b9c'];
    await send(baseUrl, `/api/v3/product?access_token=${secrets[0]}&limit=1`);
    await send(baseUrl, `/no/such/path?refresh_token=${secrets[1]}&client_secret=${secrets[1]}`);
    await send(baseUrl, `/store-api/v3/context?password=${secrets[2]}`, { headers: { 'svc-access-key': ACCESS_KEY } });
    await send(baseUrl, `/api/v3/product?key=${secrets[3]}`, { headers: { authorization: `Bearer ${secrets[3]}` } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const urls = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(urls).toContain('/api/v3/product?access_token=[redacted]&limit=1');
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const secret of [...secrets, ACCESS_KEY]) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });

  it('keeps ordinary query parameters', () => {
    expect(redactUrl('/a?limit=2&page=3&apiKey=x&sort=name')).toBe('/a?limit=2&page=3&apiKey=[redacted]&sort=name');
    expect(redactUrl('/a')).toBe('/a');
  });
});
