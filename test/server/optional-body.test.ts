// Issue 20 (leftovers): an optional request body that a request leaves out reaches the handler as
// undefined, whatever the route's body record requires; a body that is sent, even an empty object,
// is validated as always. On a live generated server (test/fixtures/optional-body), called with
// raw requests (no content, Content-Length 0 with a media type, an empty form) and through the
// generated client. The same for an optional upload and an optional multipart form (issue 34).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

let served: ServedApp;
let base: string;
let client: Loose;
const bodies: unknown[] = [];

beforeAll(async () => {
  const fixture = await generateFixture('optional-body');
  const load = fixture.load;
  const server = await load('notes-api/server.ts');
  const Client = (await load('notes-api/client.ts'))['NotesApiClient'] as new (options: object) => Loose;
  const answer = async (input: Loose) => {
    const body: unknown = input['body'];
    bodies.push(body);
    const title = (body as { title?: string } | undefined)?.title;
    return { received: body !== undefined, ...(title !== undefined && { title }) };
  };
  // The upload's text, or the form's title and scan text: what the handler read of a streamed body.
  const readStreamed = async (input: Loose) => {
    const body = input['body'] as Loose | undefined;
    if (body === undefined) return answer({});
    if (body['stream']) return answer({ body: { title: await text(body['stream']) } });
    let scan = '';
    for await (const part of body as AsyncIterable<Loose>)
      if (part['kind'] === 'file') scan = await text(part['file'].stream);
    return answer({ body: { title: `${String(body['fields'].title)}:${scan}` } });
  };
  served = await serveFixture(fixture, (app) =>
    app.register(
      server['notesApiPlugin']({
        handlers: { touchNotes: answer, importNotes: answer, attachNote: readStreamed, postNoteForm: readStreamed },
        auth: {},
      }),
    ),
  );
  base = served.origin;
  client = new Client({ baseUrl: base, auth: {} });
}, 120_000);

afterAll(async () => served?.close());

async function text(stream: AsyncIterable<Buffer>): Promise<string> {
  let read = '';
  for await (const chunk of stream) read += chunk.toString('utf8');
  return read;
}

/** One raw request (POST unless told); the handler's body (if it was called) and the answer. */
async function post(path: string, init: RequestInit & { body?: string | FormData } = {}) {
  bodies.length = 0;
  const response = await fetch(`${base}/notes${path}`, { method: 'POST', ...init });
  return { status: response.status, json: (await response.json()) as Loose, bodies: [...bodies] };
}

describe('an optional record body with a required member', () => {
  it('reaches the handler as undefined when the request has no content and no media type', async () => {
    const answer = await post('/touch');
    expect(answer.status).toBe(200);
    expect(answer.bodies).toEqual([undefined]);
    expect(answer.json).toEqual({ received: false });
  });

  it('reaches the handler as undefined for Content-Length 0 with a JSON or form media type', async () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      const answer = await post('/touch', { body: '', headers: { 'content-type': type } });
      expect(answer.status, type).toBe(200);
      expect(answer.bodies, type).toEqual([undefined]);
    }
  });

  it('validates an empty JSON object as a body: "title" is missing, the handler is not called', async () => {
    const answer = await post('/touch', { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(400);
    expect(answer.bodies).toEqual([]);
    expect(JSON.stringify(answer.json)).toContain('title');
  });

  it('passes a body that is sent, as JSON or as a form', async () => {
    const json = await post('/touch', { body: '{"title":"a"}', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(200);
    expect(json.bodies).toEqual([{ title: 'a' }]);
    const form = await post('/touch', {
      body: 'title=b&pinned=yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.bodies).toEqual([{ title: 'b', pinned: 'yes' }]);
  });

  it('is left out by the generated client, and the server reads no body', async () => {
    bodies.length = 0;
    expect(await client['touchNotes']()).toEqual({ received: false });
    expect(await client['touchNotes']({ body: { title: 'c' } })).toEqual({ received: true, title: 'c' });
    expect(bodies).toEqual([undefined, { title: 'c' }]);
  });
});

describe('an optional list body judged entry by entry', () => {
  it('reaches the handler as undefined when the request has no content', async () => {
    const answer = await post('/import');
    expect(answer.status).toBe(200);
    expect(answer.bodies).toEqual([undefined]);
  });

  it('still judges each entry of a body that is sent', async () => {
    const answer = await post('/import', {
      body: '[{"title":"a"},{}]',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.bodies).toHaveLength(1);
    expect(answer.bodies[0]).toEqual([
      { valid: true, value: { title: 'a' } },
      { valid: false, violations: [expect.objectContaining({ pointer: '/title' })] },
    ]);
  });
});

describe('an optional upload', () => {
  const OCTETS = 'application/octet-stream';

  it('reaches the handler as undefined when the request has no content and no media type', async () => {
    const answer = await post('/attachment', { method: 'PUT' });
    expect(answer.status).toBe(200);
    expect(answer.bodies).toEqual([undefined]);
  });

  it('is read as any upload when sent: its bytes, its media type and its limit judged', async () => {
    const sent = await post('/attachment', { method: 'PUT', body: 'hello', headers: { 'content-type': OCTETS } });
    expect(sent.status).toBe(200);
    expect(sent.bodies).toEqual([{ title: 'hello' }]);
    const wrongType = await post('/attachment', { method: 'PUT', body: 'x', headers: { 'content-type': 'image/png' } });
    expect(wrongType.status).toBe(415);
    const tooLarge = await post('/attachment', {
      method: 'PUT',
      body: 'x'.repeat(65),
      headers: { 'content-type': OCTETS },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.bodies).toEqual([]);
  });

  it('is left out by the generated client, which then sends no body and no media type', async () => {
    bodies.length = 0;
    expect(await client['attachNote']()).toEqual({ received: false });
    expect(await client['attachNote']({ body: new Blob(['note'], { type: OCTETS }) })).toEqual({
      received: true,
      title: 'note',
    });
    expect(bodies).toEqual([undefined, { title: 'note' }]);
  });
});

describe('an optional multipart form', () => {
  const form = (parts: Record<string, string | Blob>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(parts)) data.append(name, value);
    return data;
  };

  it('reaches the handler as undefined when the request has no content', async () => {
    const answer = await post('/form');
    expect(answer.status).toBe(200);
    expect(answer.bodies).toEqual([undefined]);
  });

  it('judges the parts of a form that is sent as always: a required part missing is a 400', async () => {
    const sent = await post('/form', { body: form({ title: 't', scan: new Blob(['s'], { type: 'text/plain' }) }) });
    expect(sent.status).toBe(200);
    expect(sent.bodies).toEqual([{ title: 't:s' }]);
    const missing = await post('/form', { body: form({ title: 't' }) });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.json)).toContain('scan');
  });

  it('refuses content that is not a form', async () => {
    const answer = await post('/form', { body: 'title=t', headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
  });

  it('is left out by the generated client, and the server reads no form', async () => {
    bodies.length = 0;
    expect(await client['postNoteForm']()).toEqual({ received: false });
    const scan = new Blob(['c'], { type: 'text/plain' });
    expect(await client['postNoteForm']({ body: { title: 'f', scan } })).toEqual({ received: true, title: 'f:c' });
    expect(bodies).toEqual([undefined, { title: 'f:c' }]);
  });
});
