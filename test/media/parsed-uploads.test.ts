// An upload route whose media types the server also parses (JSON and forms for the routes beside it, text/plain
// by Fastify itself) gets the request's bytes unread, not a stream a parser has already emptied; the route
// beside it still reads its JSON and form bodies (test/fixtures/parsed-uploads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

let served: ServedApp;
let base: string;

beforeAll(async () => {
  const handlers = {
    async putNote({ body }: Loose) {
      let size = 0;
      for await (const chunk of body.stream) size += (chunk as Buffer).length;
      return { mediaType: body.mediaType, size };
    },
    async createNote({ body }: Loose) {
      return { title: body.title };
    },
  };
  served = await serveFixture(await generateFixture('parsed-uploads'), async (app, fixture) => {
    const server = await fixture.load('notes-api/server.ts');
    await app.register(server['notesApiPlugin']({ handlers, auth: {} }));
  });
  base = served.origin;
}, 120_000);

afterAll(async () => served?.close());

const send = async (path: string, method: string, contentType: string, body: string) => {
  const answer = await fetch(`${base}/notes${path}`, { method, headers: { 'content-type': contentType }, body });
  return { status: answer.status, json: (await answer.json()) as Loose };
};

describe('an upload in a media type the server parses elsewhere', () => {
  const text = '{"title":"Groceries","items":["milk","eggs"]}';
  for (const contentType of [
    'text/plain',
    'text/plain; charset=utf-8',
    'application/json',
    'application/x-www-form-urlencoded',
  ])
    it(`reaches the handler whole as ${contentType}`, async () => {
      const stored = await send('/notes/a', 'PUT', contentType, text);
      expect(stored).toEqual({
        status: 201,
        json: { success: true, data: { mediaType: contentType.split(';')[0], size: Buffer.byteLength(text) } },
      });
    });

  it('leaves the JSON and form bodies of the route beside it read as before', async () => {
    expect((await send('/notes', 'POST', 'application/json', '{"title":"From JSON"}')).json).toEqual({
      success: true,
      data: { title: 'From JSON' },
    });
    expect((await send('/notes', 'POST', 'application/x-www-form-urlencoded', 'title=From+a+form')).json).toEqual({
      success: true,
      data: { title: 'From a form' },
    });
  });

  it('still refuses a media type the upload does not take', async () => {
    expect((await send('/notes/b', 'PUT', 'text/csv', 'a,b')).status).toBe(415);
  });
});
