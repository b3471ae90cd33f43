// A JWKS in trouble (issue 31 item 3), served on loopback: answering 503, a non-JSON 200, a 64 MB body, or
// nothing at all. A good token is then the server's fault (KeySourceFailure: a 500 through onInternalError),
// never "invalid_token"; the body read stops at JWKS_LIMITS.maxBytes; failed fetches back off (2 s, then
// doubling), so requests meanwhile start no fetch of their own; and once the JWKS answers again, good tokens
// pass and bad ones are refused.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerifier, type JwtOutcome } from '../../src/runtime/auth/bearer/bearer-jwt.js';
import { JWKS_LIMITS, KeySourceFailure } from '../../src/runtime/auth/bearer/jwks-keys.js';

type Mode = 'ok' | '503' | 'html' | 'huge' | 'hang';
const HUGE_BYTES = 64 * 1024 * 1024;

let server: Server;
let base: string;
let published: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
/** Per path: how the JWKS answers, and how many fetches it saw. */
const modes = new Map<string, Mode>();
const hits = new Map<string, number>();
let hugeBytesSent = 0;
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  published = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] });
  server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const mode = modes.get(path) ?? 'ok';
    if (mode === 'ok') response.writeHead(200, { 'content-type': 'application/json' }).end(published);
    else if (mode === '503') response.writeHead(503, { 'retry-after': '1' }).end('down for maintenance');
    else if (mode === 'html') response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    else if (mode === 'hang') hanging.push(response);
    else streamHuge(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** 64 MB of JSON-looking text without a Content-Length, written as fast as the reader takes it. */
function streamHuge(response: ServerResponse): void {
  const chunk = Buffer.alloc(65_536, 'a');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"keys":[],"padding":"');
  const pump = (): void => {
    while (hugeBytesSent < HUGE_BYTES && !response.destroyed) {
      hugeBytesSent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    response.end('"}');
  };
  response.on('error', () => undefined);
  pump();
}

let pathCount = 0;
/** A verifier of its own (so its own key cache and back-off) for a JWKS path answering in `mode`. */
function verifierFor(mode: Mode): { verify: (token: string) => Promise<JwtOutcome>; path: string } {
  const path = `/jwks-${++pathCount}.json`;
  modes.set(path, mode);
  const verify = jwtVerifier({
    issuer: 'https://issuer.test',
    audience: 'library',
    algorithms: ['ES256'],
    key: undefined,
    jwksUrl: `${base}${path}`,
    clockToleranceSeconds: 0,
    now: Date.now,
  });
  return { verify, path };
}

function token(key: CryptoKey = signingKey): Promise<string> {
  return new SignJWT({ scope: 'books:read' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('reader-1')
    .setIssuer('https://issuer.test')
    .setAudience('library')
    .setExpirationTime('5m')
    .sign(key);
}

/** What a verify comes to: the outcome, or the error it threw. */
const settle = (outcome: Promise<JwtOutcome>): Promise<JwtOutcome | Error> =>
  outcome.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a JWKS that fails', () => {
  it.each(['503', 'html', 'huge'] as const)(
    'answering %s: a good token is the server fault, once fetched',
    async (mode) => {
      const { verify, path } = verifierFor(mode);
      const good = await token();
      const rssBefore = process.memoryUsage().rss;
      const first = await settle(verify(good));
      const rssGrowth = process.memoryUsage().rss - rssBefore;
      expect(first).toBeInstanceOf(KeySourceFailure);
      console.log(`JWKS ${mode}: ${(first as Error).message}`);
      if (mode === 'huge') {
        console.log(
          `JWKS huge: ${hugeBytesSent} of ${HUGE_BYTES} bytes written before the reader stopped at ` +
            `${JWKS_LIMITS.maxBytes}; RSS grew ${(rssGrowth / 1_048_576).toFixed(1)} MB`,
        );
        expect(rssGrowth).toBeLessThan(32 * 1_048_576);
      }
      // Sequential requests during the back-off fail at once, with no fetch of their own.
      for (let index = 0; index < 5; index++) expect(await settle(verify(good))).toBeInstanceOf(KeySourceFailure);
      expect(hits.get(path)).toBe(1);
      // A token that is no JWT at all is the token's fault, JWKS or not.
      expect(await verify('not.a.jwt')).toEqual({ ok: false, description: 'The token is invalid.' });

      modes.set(path, 'ok');
      await sleep(JWKS_LIMITS.firstBackoffMs + 200);
      expect(await verify(good)).toMatchObject({ ok: true });
      expect(await verify(await token(otherKey))).toEqual({
        ok: false,
        description: 'The token signature is invalid.',
      });
      expect(hits.get(path)).toBe(2);
    },
    20_000,
  );

  it('hanging: concurrent requests share one fetch, which times out; the next ones start none', async () => {
    const { verify, path } = verifierFor('hang');
    const good = await token();
    const started = Date.now();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settle(verify(good))));
    const waitedMs = Date.now() - started;
    for (const outcome of outcomes) expect(outcome).toBeInstanceOf(KeySourceFailure);
    const quick = Date.now();
    for (let index = 0; index < 5; index++) expect(await settle(verify(good))).toBeInstanceOf(KeySourceFailure);
    console.log(
      `JWKS hanging: 5 concurrent requests failed after ${waitedMs} ms (timeout ${JWKS_LIMITS.timeoutMs} ms), ` +
        `5 more in ${Date.now() - quick} ms; ${String(hits.get(path))} fetch`,
    );
    expect(hits.get(path)).toBe(1);
  }, 20_000);

  it('backs off 2 s after the first failure, then 4 s', async () => {
    const { verify, path } = verifierFor('503');
    const good = await token();
    await settle(verify(good));
    await sleep(JWKS_LIMITS.firstBackoffMs + 200);
    expect(await settle(verify(good))).toBeInstanceOf(KeySourceFailure);
    expect(hits.get(path)).toBe(2);
    // The second wait is twice the first: 2.2 s later, still no new fetch.
    await sleep(JWKS_LIMITS.firstBackoffMs + 200);
    const during = await settle(verify(good));
    expect((during as Error).message).toMatch(/next try in \d s/);
    expect(hits.get(path)).toBe(2);
  }, 20_000);

  it('keeps serving the last good keys while the JWKS fails', async () => {
    const { verify, path } = verifierFor('ok');
    const good = await token();
    expect(await verify(good)).toMatchObject({ ok: true });
    modes.set(path, '503');
    expect(await verify(good)).toMatchObject({ ok: true });
    expect(hits.get(path)).toBe(1);
  });
});
