// Issue 20 item 6 (auth for any API): the general schemes on a library API that is not the shop
// (test/fixtures/library-auth): bearer tokens (opaque, JWT with a given key, JWT with a JWKS served on
// loopback), API keys in a header, the query and a cookie, HTTP Basic, and scopes per route. Each is
// driven through the generated client and through third-party clients (undici's fetch, curl).
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { curl } from './helpers.js';

const BOOKS = [{ id: 1, title: 'Dune' }];

type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let app: FastifyInstance;
let base: string;
let jwksServer: Server;
let jwksUrl: string;
let serverSource: string;
let openapi: Loose;
let Client: new (options: object) => Loose;
let plugin: (options: object) => any;
let authOptions: Loose;
let handlers: Loose;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
let jwksSigningKey: CryptoKey;
const principals: unknown[] = [];
const internalErrors: unknown[] = [];

/** Opaque tokens the service knows, with their holder's scopes. */
const TOKENS: Record<string, readonly string[]> = {
  'reader-token': ['books:read'],
  'librarian-token': ['books:read', 'books:write'],
};
const KEYS: Record<string, readonly string[]> = { 'key-reader': [], 'key-librarian': ['books:write'] };

beforeAll(async () => {
  fixture = await generateFixture('library-auth');
  serverSource = await readFile(join(fixture.out, 'library-auth-api', 'server.ts'), 'utf8');
  openapi = await fixture.json('library-auth-api/openapi.json');
  const library = await fixture.load('library-auth-api/server.ts');
  plugin = library['libraryAuthApiPlugin'];
  Client = (await fixture.load('library-auth-api/client.ts'))['LibraryAuthApiClient'];

  const signingPair = await generateKeyPair('ES256');
  signingKey = signingPair.privateKey;
  const verifyKey = signingPair.publicKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const jwksPair = await generateKeyPair('ES256', { extractable: true });
  jwksSigningKey = jwksPair.privateKey;
  const published = { keys: [{ ...(await exportJWK(jwksPair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(published));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const address = jwksServer.address() as { port: number };
  jwksUrl = `http://127.0.0.1:${address.port}/.well-known/jwks.json`;

  const answer = async (_input: unknown, context: Loose) => (principals.push(context['principal']), BOOKS);
  handlers = Object.fromEntries(
    [
      'tokenBooks',
      'tokenShelve',
      'jwtBooks',
      'jwksBooks',
      'headerBooks',
      'headerShelve',
      'queryBooks',
      'cookieBooks',
      'basicBooks',
      'basicShelve',
      'staffShelve',
    ].map((name) => [name, answer]),
  );
  const byKey = (key: string) => (Object.hasOwn(KEYS, key) ? { subject: key, scopes: KEYS[key] } : undefined);
  authOptions = {
    token: {
      verifyToken: (token: string) =>
        Object.hasOwn(TOKENS, token) ? { subject: `holder of ${token}`, scopes: TOKENS[token] } : undefined,
    },
    jwt: { key: verifyKey },
    jwks: { jwksUrl },
    // No createSession: these apiKey schemes declare no sessions.
    headerKey: { verifyApiKey: byKey },
    queryKey: { verifyApiKey: byKey },
    cookieKey: { verifyApiKey: byKey },
    login: {
      verifyCredentials: (user: string, password: string) =>
        user === 'ada' && password === 'pä:ss'
          ? { subject: 'ada', scopes: ['books:write'] }
          : user === 'bob' && password === 'pw'
            ? { subject: 'bob' }
            : undefined,
      throttle: false,
    },
    staff: {
      verifyPassword: (user: string, password: string) => user === 'ada' && password === 'secret',
      // Any client with the secret "s3cret" passes this check: the declared client id is what narrows it.
      verifyClient: (_clientId: string, secret: string) => secret === 's3cret',
      throttle: false,
    },
  };
  app = Fastify();
  await app.register(
    plugin({ handlers, auth: authOptions, onInternalError: (error: unknown) => internalErrors.push(error) }),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => (jwksServer ? jwksServer.close(resolve) : resolve(undefined)));
  await fixture?.remove();
});

interface JwtParts {
  readonly key?: CryptoKey;
  readonly issuer?: string;
  readonly audience?: string;
  readonly expiresIn?: string | number;
  readonly scope?: string;
  readonly kid?: string;
}

function jwt(parts: JwtParts = {}): Promise<string> {
  const token = new SignJWT({ scope: parts.scope ?? 'books:read' })
    .setProtectedHeader({ alg: 'ES256', ...(parts.kid ? { kid: parts.kid } : {}) })
    .setSubject('reader-1')
    .setIssuer(parts.issuer ?? 'https://issuer.test')
    .setAudience(parts.audience ?? 'library')
    .setIssuedAt()
    .setExpirationTime(parts.expiresIn ?? '5m');
  return token.sign(parts.key ?? signingKey);
}

function client(auth: Loose): Loose {
  return new Client({ baseUrl: base, auth });
}

/** The status and WWW-Authenticate of a call through the generated client that fails. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; challenge: string | undefined }> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as Loose | undefined;
  expect(error, 'the call was expected to fail').toBeDefined();
  return {
    status: error?.['status'],
    challenge: error?.['headers']?.['www-authenticate'] ?? error?.['response']?.headers?.['www-authenticate'],
  };
}

describe('bearer, opaque tokens', () => {
  it('lets a known token through, from a string or a token provider, and hands the handler its principal', async () => {
    principals.length = 0;
    expect(await client({ token: { token: 'reader-token' } }).tokenBooks()).toEqual(BOOKS);
    let asked = 0;
    expect(await client({ token: { token: async () => (asked++, 'librarian-token') } }).tokenShelve()).toEqual(BOOKS);
    expect(asked).toBe(1);
    expect(principals).toEqual([
      { kind: 'bearer', subject: 'holder of reader-token', scopes: ['books:read'], claims: undefined },
      {
        kind: 'bearer',
        subject: 'holder of librarian-token',
        scopes: ['books:read', 'books:write'],
        claims: undefined,
      },
    ]);
  });

  it('answers 401 with a Bearer challenge (RFC 6750) to a missing or unknown token', async () => {
    const missing = await fetch(`${base}/library/token/books`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    const unknown = await fetch(`${base}/library/token/books`, { headers: { authorization: 'Bearer nobody-knows' } });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+"$/,
    );
    const basicInstead = await curl(['-u', 'a:b', `${base}/library/token/books`]);
    expect(basicInstead.status).toBe(401);
    expect(basicInstead.headers).toMatch(/www-authenticate: Bearer error="invalid_token"/i);
  });

  it("refuses a token without the route's scopes with 403 insufficient_scope", async () => {
    const answer = await fetch(`${base}/library/token/shelve`, { headers: { authorization: 'Bearer reader-token' } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer error="insufficient_scope", scope="books:read books:write"',
    );
    expect(await answer.json()).toMatchObject({
      errors: [{ status: '403', detail: 'The scope books:write is needed.' }],
    });
    expect((await refusal(client({ token: { token: 'reader-token' } }).tokenShelve())).status).toBe(403);
  });
});

describe('bearer, JWT checked with jose', () => {
  it('accepts a token signed with the key, from the right issuer for this audience; the principal holds its claims', async () => {
    principals.length = 0;
    const token = await jwt();
    expect(await client({ jwt: { token } }).jwtBooks()).toEqual(BOOKS);
    const answer = await curl(['-H', `Authorization: Bearer ${token}`, `${base}/library/jwt/books`]);
    expect(answer.status).toBe(200);
    expect(principals[0]).toMatchObject({
      kind: 'bearer',
      subject: 'reader-1',
      scopes: ['books:read'],
      claims: { iss: 'https://issuer.test', aud: 'library' },
    });
  });

  it.each([
    ['expired', { expiresIn: Math.floor(Date.now() / 1000) - 60 }, 'The token expired.'],
    ['for another audience', { audience: 'payroll' }, 'The token is not meant for this service.'],
    ['from another issuer', { issuer: 'https://evil.test' }, 'The token is not meant for this service.'],
    ['signed with another key', { key: 'other' }, 'The token signature is invalid.'],
  ] as const)('refuses a token %s with 401 invalid_token', async (_case, parts, description) => {
    const token = await jwt({ ...parts, key: 'key' in parts ? otherKey : signingKey } as JwtParts);
    const answer = await fetch(`${base}/library/jwt/books`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="${description}"`,
    );
    expect((await refusal(client({ jwt: { token } }).jwtBooks())).status).toBe(401);
  });

  it('refuses a token that is no JWT, and one without the scope the route needs', async () => {
    const garbage = await fetch(`${base}/library/jwt/books`, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(garbage.status).toBe(401);
    const noScope = await fetch(`${base}/library/jwt/books`, {
      headers: { authorization: `Bearer ${await jwt({ scope: 'books:write' })}` },
    });
    expect(noScope.status).toBe(403);
    expect(noScope.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="books:read"');
  });

  it('checks tokens against a JWKS served on loopback, and refuses keys it does not publish', async () => {
    const good = await jwt({ key: jwksSigningKey, kid: 'k1' });
    expect(await client({ jwks: { token: good } }).jwksBooks()).toEqual(BOOKS);
    const unpublished = await fetch(`${base}/library/jwks/books`, {
      headers: { authorization: `Bearer ${await jwt({ key: otherKey, kid: 'k2' })}` },
    });
    expect(unpublished.status).toBe(401);
    expect(unpublished.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The token is signed with an unknown key."',
    );
    const forged = await fetch(`${base}/library/jwks/books`, {
      headers: { authorization: `Bearer ${await jwt({ key: otherKey, kid: 'k1' })}` },
    });
    expect(forged.status).toBe(401);
  });

  it.each(['refused', '503', 'not JSON'] as const)(
    'answers a good token with 500 (reported), never 401, while the JWKS is %s',
    async (outage) => {
      const faults: unknown[] = [];
      // Port 1 on loopback: nothing listens there, the connection is refused.
      const failing = createServer((_request, response) => {
        if (outage === '503') response.writeHead(503).end('maintenance');
        else response.writeHead(200, { 'content-type': 'text/html' }).end('<html>sign in</html>');
      });
      await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
      const failingUrl = `http://127.0.0.1:${(failing.address() as { port: number }).port}/jwks.json`;
      const unreachable = Fastify();
      const jwks = { jwksUrl: outage === 'refused' ? 'http://127.0.0.1:1/jwks.json' : failingUrl };
      await unreachable.register(
        plugin({ handlers, auth: { ...authOptions, jwks }, onInternalError: (error: unknown) => faults.push(error) }),
      );
      const url = await unreachable.listen({ port: 0, host: '127.0.0.1' });
      try {
        const answer = await fetch(`${url}/library/jwks/books`, {
          headers: { authorization: `Bearer ${await jwt({ key: jwksSigningKey, kid: 'k1' })}` },
        });
        expect(answer.status).toBe(500);
        expect(answer.headers.get('www-authenticate')).toBeNull();
        expect(faults).toHaveLength(1);
        expect(String(faults[0])).toContain('the JWKS could not be had');
      } finally {
        await unreachable.close();
        await new Promise((resolve) => failing.close(resolve));
      }
    },
  );
});

describe('apiKey in a header, the query or a cookie', () => {
  it('takes the key where the scheme says, through the generated client', async () => {
    principals.length = 0;
    expect(await client({ headerKey: { apiKey: 'key-reader' } }).headerBooks()).toEqual(BOOKS);
    expect(await client({ queryKey: { apiKey: 'key-reader' } }).queryBooks({ query: { limit: 5 } })).toEqual(BOOKS);
    expect(await client({ cookieKey: { apiKey: 'key-reader' } }).cookieBooks()).toEqual(BOOKS);
    expect(principals).toEqual(Array(3).fill({ kind: 'apiKey', subject: 'key-reader', scopes: [] }));
  });

  it('takes the key where the scheme says from curl, and nowhere else', async () => {
    expect((await curl(['-H', 'X-Api-Key: key-reader', `${base}/library/header/books`])).status).toBe(200);
    expect((await curl([`${base}/library/query/books?limit=2&api_key=key-reader`])).status).toBe(200);
    expect((await curl(['-b', 'theme=dark; library_key=key-reader', `${base}/library/cookie/books`])).status).toBe(200);
    // The right key in the wrong place counts for nothing.
    expect((await curl([`${base}/library/header/books?X-Api-Key=key-reader`])).status).toBe(401);
    expect((await curl(['-H', 'api_key: key-reader', `${base}/library/query/books`])).status).toBe(401);
    expect((await curl(['-H', 'library_key: key-reader', `${base}/library/cookie/books`])).status).toBe(401);
  });

  it("refuses a missing or unknown key with 401, and a key without the route's scope with 403", async () => {
    expect((await fetch(`${base}/library/header/books`)).status).toBe(401);
    expect((await fetch(`${base}/library/header/books`, { headers: { 'x-api-key': 'stolen' } })).status).toBe(401);
    expect((await refusal(client({ queryKey: { apiKey: 'stolen' } }).queryBooks({ query: {} }))).status).toBe(401);
    const shelve = await fetch(`${base}/library/header/shelve`, { headers: { 'x-api-key': 'key-reader' } });
    expect(shelve.status).toBe(403);
    expect(shelve.headers.get('www-authenticate')).toBeNull();
    expect(await client({ headerKey: { apiKey: 'key-librarian' } }).headerShelve()).toEqual(BOOKS);
  });

  it('needs no createSession for a scheme without sessions: the options type has only verifyApiKey', () => {
    expect(serverSource).toContain('readonly headerKey: ApiKeyOptions;');
    expect(serverSource).not.toMatch(/ApiKeySessionOptions|Session>/);
  });
});

describe('basic', () => {
  it('lets the right user name and password through (UTF-8, a colon in the password), from the client and curl', async () => {
    principals.length = 0;
    expect(await client({ login: { username: 'ada', password: 'pä:ss' } }).basicShelve()).toEqual(BOOKS);
    expect((await curl(['-u', 'bob:pw', `${base}/library/basic/books`])).status).toBe(200);
    expect(principals).toEqual([
      { kind: 'basic', subject: 'ada', scopes: ['books:write'] },
      { kind: 'basic', subject: 'bob', scopes: [] },
    ]);
  });

  it('answers 401 with a Basic challenge naming the realm, and 403 to a user without the scope', async () => {
    const wrong = await curl(['-u', 'bob:wrong', `${base}/library/basic/books`]);
    expect(wrong.status).toBe(401);
    expect(wrong.headers).toMatch(/www-authenticate: Basic realm="Library", charset="UTF-8"/i);
    const missing = await fetch(`${base}/library/basic/books`);
    expect(missing.headers.get('www-authenticate')).toBe('Basic realm="Library", charset="UTF-8"');
    const malformed = await fetch(`${base}/library/basic/books`, { headers: { authorization: 'Basic !!!' } });
    expect(malformed.status).toBe(401);
    expect((await refusal(client({ login: { username: 'bob', password: 'pw' } }).basicShelve())).status).toBe(403);
  });
});

describe('oauth2 with the client ids and scopes the definitions declare', () => {
  const token = (body: Record<string, string>) =>
    fetch(`${base}/library/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('serves the password grant to the declared client only: there is no built-in client id', async () => {
    const desk = await token({
      grant_type: 'password',
      client_id: 'library-desk',
      username: 'ada',
      password: 'secret',
    });
    expect(desk.status).toBe(200);
    expect((await desk.json()) as Loose).toMatchObject({ token_type: 'Bearer' });
    for (const clientId of ['administration', 'catalogue-sync']) {
      const other = await token({ grant_type: 'password', client_id: clientId, username: 'ada', password: 'secret' });
      expect(other.status).toBe(401);
      expect(((await other.json()) as Loose)['error']).toBe('invalid_client');
    }
  });

  it('serves client_credentials to the declared client only, and grants each grant its own scopes', async () => {
    const stranger = await token({
      grant_type: 'client_credentials',
      client_id: 'someone-else',
      client_secret: 's3cret',
    });
    expect(stranger.status).toBe(401);
    // The generated client sends the declared client id for the password grant; that token lacks books:write.
    const asUser = client({ staff: { grant: 'password', username: 'ada', password: 'secret' } });
    expect((await refusal(asUser.staffShelve())).status).toBe(403);
    const sync = client({ staff: { grant: 'client_credentials', clientId: 'catalogue-sync', clientSecret: 's3cret' } });
    expect(await sync.staffShelve()).toEqual(BOOKS);
  });
});

describe('the generated types', () => {
  it("take exactly each scheme's hooks and credentials, under the strictest compiler options", async () => {
    await writeFile(
      join(fixture.out, 'usage.ts'),
      [
        "import { LibraryAuthApiClient } from './library-auth-api/client.js';",
        "import { libraryAuthApiPlugin, type LibraryAuthApiAuthOptions } from './library-auth-api/server.js';",
        'const auth: LibraryAuthApiAuthOptions = {',
        "  token: { verifyToken: async (token) => (token === 'x' ? { subject: 'a', scopes: ['books:read'] } : undefined) },",
        "  jwt: { key: new Uint8Array(32), identityOf: (claims) => ({ subject: String(claims['sub']) }) },",
        "  jwks: { jwksUrl: 'https://issuer.test/jwks.json' },",
        '  headerKey: { verifyApiKey: () => undefined },',
        "  queryKey: { verifyApiKey: () => ({ subject: 'k' }) },",
        '  cookieKey: { verifyApiKey: () => undefined },',
        '  login: { verifyCredentials: async () => undefined, throttle: false },',
        '  staff: { verifyPassword: () => false, verifyClient: () => false },',
        '};',
        'export const plugin = libraryAuthApiPlugin({ handlers: {} as never, auth });',
        '// @ts-expect-error an apiKey scheme without sessions takes no createSession',
        "export const extra: LibraryAuthApiAuthOptions['headerKey'] = { verifyApiKey: () => undefined, createSession: () => ({}) };",
        "// @ts-expect-error a bearer scheme's credentials are a token, not an API key",
        "export const wrong = new LibraryAuthApiClient({ baseUrl: 'http://x', auth: { ...credentials(), token: { apiKey: 'k' } } });",
        "export const client = new LibraryAuthApiClient({ baseUrl: 'http://x', auth: credentials() });",
        'function credentials() {',
        '  return {',
        "    token: { token: async () => 't' },",
        "    jwt: { token: 't' },",
        "    jwks: { token: () => 't' },",
        "    headerKey: { apiKey: 'k' },",
        "    queryKey: { apiKey: 'k' },",
        "    cookieKey: { apiKey: 'k' },",
        "    login: { username: 'u', password: 'p' },",
        "    staff: { grant: 'password', username: 'u', password: 'p' },",
        '  } as const;',
        '}',
        '',
      ].join('\n'),
    );
    const compiled = await fixture.typecheck(['out/usage.ts']);
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
  }, 120_000);
});

describe('the OpenAPI document', () => {
  it('describes each scheme as the server checks it, and the scopes each route needs', () => {
    const schemes = openapi['components']['securitySchemes'];
    expect(schemes['token']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes['token']).not.toHaveProperty('bearerFormat');
    expect(schemes['jwt']).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(schemes['headerKey']).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(schemes['queryKey']).toMatchObject({ type: 'apiKey', in: 'query', name: 'api_key' });
    expect(schemes['cookieKey']).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'library_key' });
    expect(schemes['login']).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(openapi['paths']['/library/token/shelve']['get']['security']).toEqual([
      { token: ['books:read', 'books:write'] },
    ]);
    expect(openapi['paths']['/library/header/books']['get']['security']).toEqual([{ headerKey: [] }]);
  });

  it('reported no server fault along the way', () => {
    expect(internalErrors).toEqual([]);
  });
});
