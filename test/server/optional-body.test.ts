// Issue 20 (leftovers): an optional request body that a request leaves out reaches the handler as
// undefined, whatever the route's body record requires; a body that is sent, even an empty object,
// is validated as always. On a live generated server (test/fixtures/optional-body), called with
// raw requests (no content, Content-Length 0 with a media type, an empty form) and through the
// generated client.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let app: FastifyInstance;
let base: string;
let client: Loose;
const bodies: unknown[] = [];

beforeAll(async () => {
  fixture = await generateFixture('optional-body');
  const load = fixture.load;
  const server = await load('notes-api/server.ts');
  const Client = (await load('notes-api/client.ts'))['NotesApiClient'] as new (options: object) => Loose;
  const answer = async (input: Loose) => {
    const body: unknown = input['body'];
    bodies.push(body);
    const title = (body as { title?: string } | undefined)?.title;
    return { received: body !== undefined, ...(title !== undefined && { title }) };
  };
  app = Fastify();
  await app.register(server['notesApiPlugin']({ handlers: { touchNotes: answer, importNotes: answer }, auth: {} }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  client = new Client({ baseUrl: base, auth: {} });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await fixture?.remove();
});

/** One raw POST; the handler's body (if it was called) and the answer. */
async function post(path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
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
