// Issue 33 item 4: multipart/form-data bodies on a live generated server (test/fixtures/media,
// postDocument): the handler iterates file parts as streams (name, media type, size) and text parts;
// the generated client, curl -F and python-requests send the same form. A part past its limit is a 413
// naming it, a missing required part a 422 naming it, a part of the wrong media type a 415, an unknown
// part a 400; the handler's staging folder is removed, so nothing half-written stays.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaService, unused, type MediaService } from './media-service.js';

type Loose = Record<string, any>;
const run = promisify(execFile);

let service: MediaService;
let base: string;
let client: Loose;
let store: string;
let counter = 0;

beforeAll(async () => {
  service = await startMediaService(async ({ fixture, store }) => {
    await mkdir(join(store, 'done'));
    const { saveUpload } = await fixture.load('runtime/server/uploaded-file.ts');
    return {
      putPhoto: unused,
      getPhoto: unused,
      putArchive: unused,
      // Every file into a staging folder, moved into place only once the whole form has arrived.
      async postDocument({ body }: Loose) {
        const id = `doc${(counter += 1)}`;
        const staging = join(store, `${id}.staging`);
        await mkdir(staging);
        const sizes: Record<string, number> = {};
        try {
          for await (const part of body) {
            if (part.kind !== 'file') continue;
            await saveUpload(part.file, join(staging, part.name));
            sizes[part.name] = part.file.size;
          }
        } catch (error) {
          await rm(staging, { recursive: true, force: true });
          throw error;
        }
        await rename(staging, join(store, 'done', id));
        return {
          id,
          title: body.fields.title,
          ...(body.fields.kind && { kind: body.fields.kind }),
          scanBytes: sizes['scan'],
          ...(sizes['cover'] !== undefined && { coverBytes: sizes['cover'] }),
        };
      },
    };
  });
  ({ base, client, store } = service);
}, 120_000);

afterAll(async () => service?.close());

const bytes = (size: number) => new Uint8Array(size).fill(9);
const staged = async () => (await readdir(store)).filter((name) => name.endsWith('.staging'));

describe('a multipart form through the generated client', () => {
  it('sends file and text parts; the handler gets each file as a stream with its details', async () => {
    const stored = await client['postDocument']({
      body: {
        scan: new File([bytes(100_000)], 'scan.pdf', { type: 'application/pdf' }),
        cover: bytes(10),
        title: 'Invoice 7',
        kind: 'invoice',
      },
    });
    expect(stored).toMatchObject({ title: 'Invoice 7', kind: 'invoice', scanBytes: 100_000, coverBytes: 10 });
  });

  it('answers a part past its limit with 413 naming it, and leaves nothing half-written', async () => {
    const tooLarge = client['postDocument']({
      body: { scan: { data: bytes(262_145), mediaType: 'image/png' }, title: 'x' },
    });
    await expect(tooLarge).rejects.toMatchObject({ status: 413 });
    await expect(tooLarge).rejects.toThrow(/scan/);
    expect(await staged()).toEqual([]);
  });

  it('answers a missing file part with 422 naming it', async () => {
    const missing = client['postDocument']({ body: { title: 'no scan' } });
    await expect(missing).rejects.toMatchObject({ status: 422 });
    await expect(missing).rejects.toThrow(/scan/);
    expect(await staged()).toEqual([]);
  });

  it('answers a file part of another media type with 415, and a text part out of its enum with 422', async () => {
    const gif = { data: bytes(5), mediaType: 'image/gif' };
    await expect(client['postDocument']({ body: { scan: gif, title: 'x' } })).rejects.toMatchObject({ status: 415 });
    const png = { data: bytes(5), mediaType: 'image/png' };
    const kind = client['postDocument']({ body: { scan: png, title: 'x', kind: 'memo' } });
    await expect(kind).rejects.toMatchObject({ status: 422 });
  });

  it('answers a form that ends inside a file part with 400 naming the part, neither hanging nor a 500', async () => {
    // The whole body arrives (Content-Length matches), but the closing boundary never comes. The handler is busy
    // (mkdir) when the form breaks off, so the part's stream has failed before the handler takes it.
    const broken = [
      '--cut',
      'Content-Disposition: form-data; name="title"',
      '',
      'half a form',
      '--cut',
      'Content-Disposition: form-data; name="scan"; filename="s.png"',
      'Content-Type: image/png',
      '',
      'the bytes then nothing',
    ].join('\r\n');
    const response = await fetch(`${base}/files/documents`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      body: broken,
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: ['scan: the form ends inside this part'] });
    expect(await staged()).toEqual([]);
  });
});

describe('other clients', () => {
  it('curl -F sends the form; an unknown part is a 400 naming it', async () => {
    const path = join(store, 'scan.png');
    await writeFile(path, bytes(2000));
    const form = ['-F', `scan=@${path};type=image/png`, '-F', 'title=From curl'];
    const ok = await run('curl', ['-sS', ...form, `${base}/files/documents`]);
    expect(JSON.parse(ok.stdout)).toMatchObject({ success: true, data: { title: 'From curl', scanBytes: 2000 } });
    const unknown = await run('curl', [
      '-sS',
      '-w',
      '\n%{http_code}',
      ...form,
      '-F',
      'extra=1',
      `${base}/files/documents`,
    ]);
    const [text, status] = unknown.stdout.split('\n');
    expect(status).toBe('400');
    expect(text).toContain('extra');
  });

  it('refuses a part sent twice with 400 naming it, a file as a text part', async () => {
    const script = `
import requests, sys
pdf = ('s.pdf', b'%PDF-1.4 ', 'application/pdf')
for files in ([('scan', pdf), ('scan', pdf), ('title', (None, 'x'))], [('scan', pdf), ('title', (None, 'a')), ('title', (None, 'b'))]):
    r = requests.post(sys.argv[1] + '/files/documents', files=files)
    print(r.status_code, r.json()['errors'])
`;
    const { stdout } = await run('python3', ['-c', script, base]);
    expect(stdout.trim().split('\n')).toEqual([
      "400 ['scan: sent more than once']",
      "400 ['title: sent more than once']",
    ]);
    expect(await staged()).toEqual([]);
  });

  it('python-requests sends files= and data=', async () => {
    const script = `
import requests, sys
r = requests.post(sys.argv[1] + '/files/documents',
  files={'scan': ('s.pdf', b'%PDF-1.4 ' * 100, 'application/pdf')}, data={'title': 'From Python', 'kind': 'receipt'})
print(r.status_code, r.json()['data']['scanBytes'], r.json()['data']['kind'])
`;
    const { stdout } = await run('python3', ['-c', script, base]);
    expect(stdout.trim()).toBe('201 900 receipt');
  });
});
