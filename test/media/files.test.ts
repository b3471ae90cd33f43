// Issue 33 item 4: files as whole bodies, streamed both ways, on a live generated server
// (test/fixtures/media, files-api): uploads of a Blob, bytes, a web stream and a Node Readable through the
// generated client; a download taken as a Blob and as a stream; a file past its limit is a 413 in the
// interface's error shape with nothing left on disk, a wrong media type a 415; the same routes driven by
// curl and by python-requests.
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaService, unused, type MediaService } from './media-service.js';

type Loose = Record<string, any>;
const run = promisify(execFile);

let service: MediaService;
let base: string;
let client: Loose;
let store: string;
const kept = new Map<string, { mediaType: string; name: string | undefined }>();

beforeAll(async () => {
  service = await startMediaService(async ({ fixture, store }) => {
    const { saveUpload } = await fixture.load('runtime/server/uploaded-file.ts');
    const { NotFound } = await fixture.load('runtime/core/errors.ts');
    return {
      async putPhoto({ params, body }: Loose) {
        await saveUpload(body, join(store, params.id));
        kept.set(params.id, { mediaType: body.mediaType, name: body.name });
        return { id: params.id, mediaType: body.mediaType, size: body.size, ...(body.name && { name: body.name }) };
      },
      async getPhoto({ params }: Loose) {
        const photo = kept.get(params.id);
        if (!photo) throw new NotFound({ detail: `no photo ${params.id}` });
        const bytes = await readFile(join(store, params.id));
        return { body: Readable.from([bytes]), mediaType: photo.mediaType, name: photo.name, size: bytes.length };
      },
      async putArchive({ body }: Loose) {
        for await (const chunk of body.stream) void chunk;
        return { id: 'archive', mediaType: body.mediaType, size: body.size };
      },
      postDocument: unused,
    };
  });
  ({ base, client, store } = service);
}, 120_000);

afterAll(async () => service?.close());

const png = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 7) % 251);

describe('a file upload', () => {
  it('takes a Blob, bytes, a web stream and a Node Readable, and the handler gets a stream with its details', async () => {
    const bytes = png(300_000);
    const sources = {
      blob: new Blob([bytes], { type: 'image/png' }),
      bytes: { data: bytes, mediaType: 'image/png', name: 'été.png' },
      web: { data: new Blob([bytes]).stream(), mediaType: 'image/png' },
      node: { data: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), mediaType: 'image/png' },
    };
    for (const [id, body] of Object.entries(sources)) {
      const stored = await client['putPhoto']({ params: { id }, body });
      expect(stored, id).toMatchObject({ id, mediaType: 'image/png', size: bytes.length });
      expect(new Uint8Array(await readFile(join(store, id))), id).toEqual(bytes);
    }
    expect(kept.get('bytes')?.name).toBe('été.png');
  });

  it('answers a file past its limit with 413 in the error shape, and leaves nothing on disk', async () => {
    const before = await readdir(store);
    // Announced too large: refused before a byte is read.
    await expect(
      client['putPhoto']({ params: { id: 'big' }, body: new Blob([png(1_048_577)], { type: 'image/png' }) }),
    ).rejects.toMatchObject({ status: 413 });
    // Streamed without a length: refused when the limit is passed, the partial file removed.
    const response = await fetch(`${base}/files/photos/big`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: Readable.toWeb(Readable.from([png(600_000), png(600_000)])) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false });
    expect(await readdir(store)).toEqual(before);
  });

  it('answers a media type the route does not take with 415', async () => {
    await expect(
      client['putPhoto']({ params: { id: 'gif' }, body: new Blob([png(10)], { type: 'image/gif' }) }),
    ).rejects.toMatchObject({ status: 415 });
  });
});

describe('a file answer', () => {
  it('comes back as a Blob or as a stream, with its media type, name and size', async () => {
    const bytes = png(70_000);
    await client['putPhoto']({
      params: { id: 'down' },
      body: { data: bytes, mediaType: 'image/jpeg', name: 'a b.jpg' },
    });
    const file = await client['getPhoto']({ params: { id: 'down' } });
    expect([file.mediaType, file.name, file.size]).toEqual(['image/jpeg', 'a b.jpg', bytes.length]);
    expect(new Uint8Array(await (await file.blob()).arrayBuffer())).toEqual(bytes);
    // Asked again (a file kept in TanStack Query's cache, shown twice): the same bytes, not a body already read.
    expect(new Uint8Array(await (await file.blob()).arrayBuffer())).toEqual(bytes);
    expect(new Uint8Array(await new Response(file.stream()).arrayBuffer())).toEqual(bytes);
    const streamed = await client['getPhoto']({ params: { id: 'down' } });
    const chunks: Uint8Array[] = [];
    for await (const chunk of streamed.stream() as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(bytes);
  });

  it('is an ApiClientError for an error answer', async () => {
    await expect(client['getPhoto']({ params: { id: 'none' } })).rejects.toMatchObject({ status: 404 });
  });
});

describe('other clients', () => {
  it('curl uploads with --data-binary and downloads the same bytes', async () => {
    const path = join(store, 'curl-source');
    await writeFile(path, png(5000));
    const put = await run('curl', [
      '-sS',
      '-X',
      'PUT',
      '-H',
      'content-type: image/png',
      '--data-binary',
      `@${path}`,
      `${base}/files/photos/curl`,
    ]);
    expect(JSON.parse(put.stdout)).toMatchObject({ success: true, data: { size: 5000 } });
    const got = await run('curl', [
      '-sS',
      '-o',
      join(store, 'curl-got'),
      '-w',
      '%{http_code} %{content_type}',
      `${base}/files/photos/curl`,
    ]);
    expect(got.stdout).toBe('200 image/png');
    expect(await readFile(join(store, 'curl-got'))).toEqual(await readFile(path));
  });

  it('python-requests streams an upload from a generator and reads the file back', async () => {
    const script = `
import requests, sys
base = sys.argv[1]
def chunks():
    for _ in range(4):
        yield bytes(range(250)) * 100
put = requests.post(base + '/files/archives', data=chunks(), headers={'content-type': 'application/octet-stream'})
print(put.status_code, put.json()['data']['size'])
bad = requests.put(base + '/files/photos/py', data=b'x', headers={'content-type': 'text/plain'})
print(bad.status_code, bad.json()['success'])
`;
    const { stdout } = await run('python3', ['-c', script, base]);
    expect(stdout.trim().split('\n')).toEqual(['201 100000', '415 False']);
  });
});
