// Uploads declared with a media range (RFC 9110 sections 8.3.1 and 12.5.1): an upload or a multipart file part that
// takes `image/*` takes image/png and IMAGE/PNG; a Content-Type's parameters are not part of its type; a type outside
// the range is a 415 before the handler. One matcher (core/media-types.ts) serves the server, the client and mocks.
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

const YAML = `name: scans-api
interface: { title: Scans, basePath: /scans, style: api-alias, errorStyle: errors-array }
errors:
  badRequest: { status: 400, message: 'Invalid request' }
routes:
  putScan:
    method: PUT
    path: /scan
    upload: { mediaTypes: ['image/*'], maxBytes: 64 }
    responses: { '204': {} }
    errors: [badRequest]
  putAny:
    method: PUT
    path: /any
    upload: { mediaTypes: ['*/*'] }
    responses: { '204': {} }
    errors: [badRequest]
  postForm:
    method: POST
    path: /form
    multipart:
      files: { scan: { mediaTypes: ['Image/*', application/pdf] } }
    responses: { '204': {} }
    errors: [badRequest]
`;

let served: ServedFixture;
const seen: string[] = [];

beforeAll(async () => {
  const keep = async (file: Loose) => seen.push(`${file['mediaType']} ${await text(file['stream'])}`);
  served = await serveDefinitions('scans-api', YAML, {
    putScan: async (input: Loose) => void (await keep(input['body'])),
    putAny: async (input: Loose) => void (await keep(input['body'])),
    postForm: async (input: Loose) => {
      for await (const part of input['body']) if (part.kind === 'file') await keep(part.file);
    },
  });
}, 120_000);
afterAll(async () => served?.close());

const put = (path: string, contentType: string, body = 'bytes') =>
  fetch(`${served.origin}/scans/${path}`, { method: 'PUT', headers: { 'content-type': contentType }, body });

describe('an upload declared with a media range', () => {
  it('takes each type under the range, in any case and with parameters', async () => {
    seen.length = 0;
    for (const type of ['image/png', 'IMAGE/PNG', 'image/svg+xml; charset=utf-8'])
      expect((await put('scan', type)).status, type).toBe(204);
    expect(seen).toEqual(['image/png bytes', 'image/png bytes', 'image/svg+xml bytes']);
  });

  it('refuses a type outside the range with 415, naming the range', async () => {
    for (const type of ['text/plain', 'application/json', 'imagex/png', 'image']) {
      const response = await put('scan', type, '{}');
      expect(response.status, type).toBe(415);
      expect(await response.text()).toContain('image/*');
    }
  });

  it('takes any type, JSON and forms too, unread, under */*', async () => {
    seen.length = 0;
    expect((await put('any', 'application/json', '{"a":1}')).status).toBe(204);
    expect((await put('any', 'application/x-www-form-urlencoded', 'a=1')).status).toBe(204);
    expect(seen).toEqual(['application/json {"a":1}', 'application/x-www-form-urlencoded a=1']);
  });

  it('sends through the generated client, which asks for the type the range leaves open', async () => {
    seen.length = 0;
    await served.client['putScan']({ body: { data: new Uint8Array([104, 105]), mediaType: 'image/gif' } });
    expect(seen).toEqual(['image/gif hi']);
    await expect(served.client['putScan']({ body: new Uint8Array([1]) })).rejects.toThrow(/say the upload's mediaType/);
  });

  it('takes a multipart part under its range, declared in any case', async () => {
    seen.length = 0;
    const form = new FormData();
    form.append('scan', new Blob(['png'], { type: 'image/PNG' }), 'a.png');
    const ok = await fetch(`${served.origin}/scans/form`, { method: 'POST', body: form });
    expect(ok.status).toBe(204);
    expect(seen).toEqual(['image/png png']);
    const refused = new FormData();
    refused.append('scan', new Blob(['txt'], { type: 'text/plain' }), 'a.txt');
    expect((await fetch(`${served.origin}/scans/form`, { method: 'POST', body: refused })).status).toBe(415);
  });
});
