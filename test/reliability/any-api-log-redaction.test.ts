// Issue 20 (leftovers): log redaction comes from the definitions, not from the shop. A generated API
// whose API keys travel in a header and a query parameter of its own naming (test/fixtures/log-redaction)
// keeps both out of its logs when the logger is made from its metadata; the runtime's defaults name
// only generic credential headers, and the shop's reference service redacts its access key and
// context token through its own definitions.
import { readdir, readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApiMeta } from '../../generated/store-api/metadata.js';
import { generateFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { CREDENTIAL_HEADERS, credentialNames, redactingLoggerFor } from '../../src/runtime/server/log-redaction.js';

const RUNTIME = new URL('../../src/runtime/', import.meta.url).pathname;
const HEADER_KEY = 'header-key-5c4b3a';
const QUERY_KEY = 'query-key-9e8d7c';

type Loose = Record<string, any>;

let served: ServedApp;
let base: string;
let meta: Loose;
const lines: string[] = [];

beforeAll(async () => {
  const fixture = await generateFixture('log-redaction');
  const load = fixture.load;
  const server = await load('shelf-api/server.ts');
  meta = (await load('shelf-api/metadata.ts'))['shelfApiMeta'] as Loose;
  // The generated runtime's own copy, as a service would import it.
  const redaction = await load('runtime/server/log-redaction.ts');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const known = (key: string) => (key === HEADER_KEY || key === QUERY_KEY ? { subject: 'reader' } : undefined);
  const shelves = async () => [{ id: 1 }];
  const logger = { level: 'info', ...redaction['redactingLoggerFor'](redaction['credentialNames'](meta)), stream };
  served = await serveFixture(
    fixture,
    async (app) => {
      // What a service logs while it looks into a request: its headers and its URL in a message.
      app.addHook('onRequest', async (request) => {
        request.log.info({ headers: request.headers }, 'request headers');
        // What @fastify/multipart logs at trace level before it reads a form: the request's headers, one level down.
        request.log.info({ busboyOptions: { headers: request.headers, limits: {} } }, 'Providing options to busboy');
        request.log.info(`called ${request.url}`);
      });
      await app.register(
        server['shelfApiPlugin']({
          handlers: { listShelves: shelves, listLinkedShelves: shelves },
          auth: { libraryKey: { verifyApiKey: known }, linkKey: { verifyApiKey: known } },
        }),
      );
    },
    { logger },
  );
  base = served.origin;
}, 120_000);

afterAll(async () => served?.close());

describe('log redaction from the definitions', () => {
  it('reads the credential names from the auth schemes', () => {
    expect(credentialNames(meta as never)).toEqual({ headers: ['x-library-key'], query: ['lib'], cookies: [] });
  });

  it('keeps the Authorization header out of headers logged one level down', async () => {
    lines.length = 0;
    await fetch(`${base}/shelf/shelves`, {
      headers: { authorization: 'Bearer bearer-7f6e5d', cookie: 'sid=cookie-4a3b' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.some((line) => line.includes('busboyOptions'))).toBe(true);
    expect(lines.filter((line) => line.includes('bearer-7f6e5d') || line.includes('cookie-4a3b'))).toEqual([]);
  });

  it("keeps an API key in the API's own header and query parameter out of every log line", async () => {
    lines.length = 0;
    const byHeader = await fetch(`${base}/shelf/shelves`, { headers: { 'X-Library-Key': HEADER_KEY } });
    const byQuery = await fetch(`${base}/shelf/linked?lib=${QUERY_KEY}&page=2`);
    expect([byHeader.status, byQuery.status]).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = lines.map((line) => JSON.parse(line) as Loose);
    expect(entries.some((entry) => entry['headers']?.['x-library-key'] === '[redacted]')).toBe(true);
    const nested = entries.filter((entry) => entry['busboyOptions']);
    expect(nested.map((entry) => entry['busboyOptions']['headers']['x-library-key'])).toContain('[redacted]');
    expect(entries.some((entry) => entry['req']?.['url'] === '/shelf/linked?lib=[redacted]&page=2')).toBe(true);
    expect(entries.some((entry) => entry['msg'] === 'called /shelf/linked?lib=[redacted]&page=2')).toBe(true);
    expect(lines.filter((line) => line.includes(HEADER_KEY) || line.includes(QUERY_KEY))).toEqual([]);
  });
});

/** The status of a GET of this request target, sent as written (fetch would cut it at "#"). */
function rawGet(target: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path: target }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe('one reading of the query (issue 31 item 4)', () => {
  it.each([
    ['an encoded name', `/shelf/linked?%6Cib=${QUERY_KEY}`],
    ['a partly encoded name', `/shelf/linked?li%62=${QUERY_KEY}&page=1`],
    ['a "#" before the key', `/shelf/linked?a=1#&lib=${QUERY_KEY}`],
    ['a "#" inside the key', `/shelf/linked?lib=${QUERY_KEY}#tail`],
  ])('keeps a key given with %s out of the logs wherever the scheme accepts it', async (_name, target) => {
    lines.length = 0;
    expect(await rawGet(target)).toBe(target.endsWith('#tail') ? 401 : 200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(QUERY_KEY))).toEqual([]);
  });

  it('reads a "#" in a request target as part of the query, in redaction as in the scheme', async () => {
    expect(await rawGet(`/shelf/linked?x=1#lib=${QUERY_KEY}`)).toBe(401);
    expect(await rawGet(`/shelf/linked?lib=${QUERY_KEY}#`)).toBe(401);
  });
});

describe('the defaults', () => {
  it('name only generic credential headers, and no runtime module names the shop', async () => {
    expect([...CREDENTIAL_HEADERS].sort()).toEqual(['authorization', 'cookie', 'proxy-authorization', 'set-cookie']);
    const files = (await readdir(RUNTIME, { recursive: true })).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = await readFile(join(RUNTIME, file), 'utf8');
      expect(text, file).not.toMatch(/svc-access-key|svc-context-token/i);
    }
  });

  it("redact the shop's access key and context token through the shop's definitions", () => {
    expect(credentialNames(storeApiMeta).headers).toEqual(['svc-access-key', 'svc-context-token']);
    const paths = redactingLoggerFor(credentialNames(storeApiMeta)).redact.paths;
    expect(paths).toContain('headers["svc-access-key"]');
    expect(paths).toContain('req.headers["svc-context-token"]');
  });
});
