// Issue 36 item 5: a generated plugin given `cors` answers browsers' cross-origin calls from the listed
// origins: a preflight before authentication, the headers a client reads exposed; other origins get
// no CORS headers, and '*' with credentials is refused at start.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { LIBRARY_HANDLERS } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;
const PAGE = 'http://app.example:5173';

let fixture: GeneratedFixture;
let plugin: (options: Loose) => any;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = await generateFixture('library');
  plugin = (await fixture.load('library-api/server.ts'))['libraryApiPlugin'];
  app = Fastify();
  await app.register(plugin({ handlers: LIBRARY_HANDLERS, auth: {}, cors: { origins: [PAGE], maxAgeSeconds: 60 } }));
}, 120_000);
afterAll(async () => {
  await app?.close();
  await fixture?.remove();
});

describe('cors', () => {
  it('answers a preflight from an allowed origin with the method and headers asked for', async () => {
    const reply = await app.inject({
      method: 'OPTIONS',
      url: '/library/books',
      headers: {
        origin: PAGE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(reply.statusCode).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(PAGE);
    expect(reply.headers['access-control-allow-methods']).toContain('POST');
    expect(reply.headers['access-control-allow-headers']).toBe('content-type');
    expect(reply.headers['access-control-max-age']).toBe('60');
  });

  it('lets the page read an answer and its Location, and says nothing to another origin', async () => {
    const allowed = await app.inject({ method: 'GET', url: '/library/books', headers: { origin: PAGE } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(PAGE);
    expect(allowed.headers['access-control-expose-headers']).toContain('location');
    expect(allowed.headers['vary']).toContain('Origin');
    const other = await app.inject({
      method: 'GET',
      url: '/library/books',
      headers: { origin: 'http://evil.example' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("exposes a file response's Content-Disposition, where the client reads the file's name", async () => {
    const media = await generateFixture('media');
    const files = Fastify();
    try {
      const filesPlugin = (await media.load('files-api/server.ts'))['filesApiPlugin'];
      const getPhoto = async () => ({ body: new Uint8Array([1]), mediaType: 'image/png', name: 'p1.png' });
      const unused = async () => undefined;
      const fileHandlers = { getPhoto, putPhoto: unused, putArchive: unused, postDocument: unused };
      await files.register(filesPlugin({ handlers: fileHandlers, cors: { origins: [PAGE] } }));
      const reply = await files.inject({ method: 'GET', url: '/files/photos/p1', headers: { origin: PAGE } });
      expect(reply.headers['content-disposition']).toContain('p1.png');
      expect(String(reply.headers['access-control-expose-headers']).split(', ')).toContain('content-disposition');
    } finally {
      await files.close();
      await media.remove();
    }
  }, 120_000);

  it("refuses '*' with credentials at start", async () => {
    const strict = Fastify();
    await expect(
      strict
        .register(plugin({ handlers: LIBRARY_HANDLERS, auth: {}, cors: { origins: '*', credentials: true } }))
        .ready(),
    ).rejects.toThrow(/origins listed/);
    await strict.close();
  });
});
