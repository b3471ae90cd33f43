// Issue 33 item 4: a 200 MB upload streams through a generated server (test/fixtures/media, putArchive)
// without the server's memory growing past 100 MB. The server runs in a process of its own (tsx) whose
// RSS it samples itself while the handler reads the upload; curl sends the file from disk (-T); the
// figure is printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { open, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';
import { ROOT } from '../foundation/helpers.js';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const MB = 1024 * 1024;
const TOTAL = 200 * MB;

let fixture: GeneratedFixture;
let server: ChildProcess;
let lines: AsyncIterableIterator<string>;

const SERVER = `
import Fastify from 'fastify';
import { filesApiPlugin } from './out/files-api/server.ts';
let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const unused = async () => { throw new Error('not called'); };
const handlers = {
  putPhoto: unused,
  getPhoto: unused,
  postDocument: unused,
  async putArchive({ body }) {
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    const sampler = setInterval(sample, 20);
    for await (const chunk of body.stream) void chunk;
    clearInterval(sampler);
    sample();
    console.log(JSON.stringify({ baseline, peak, size: body.size }));
    return { id: 'archive', mediaType: body.mediaType, size: body.size };
  },
};
const app = Fastify();
await app.register(filesApiPlugin({ handlers, auth: {} }));
console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
`;

beforeAll(async () => {
  fixture = await generateFixture('media');
  await writeFile(join(fixture.dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await symlink(join(ROOT, 'node_modules'), join(fixture.dir, 'node_modules'), 'dir');
  await writeFile(join(fixture.dir, 'serve.mjs'), SERVER);
  const file = await open(join(fixture.dir, 'upload.bin'), 'w');
  const chunk = Buffer.alloc(MB, 7);
  for (let written = 0; written < TOTAL; written += MB) await file.write(chunk);
  await file.close();
  server = spawn(process.execPath, ['--import', join(ROOT, 'node_modules/tsx/dist/loader.mjs'), 'serve.mjs'], {
    cwd: fixture.dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await fixture?.remove();
});

it('streams a 200 MB upload while the server grows by less than 100 MB', async () => {
  const base = (await lines.next()).value as string;
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const curl = await runProcess(
    'curl',
    ['-sS', '-X', 'POST', '-H', 'content-type: application/octet-stream', '-T', 'upload.bin', `${base}/files/archives`],
    { cwd: fixture.dir, timeLimitMs: 300_000 },
  );
  expect(JSON.parse(curl.stdout)).toMatchObject({ success: true, data: { size: TOTAL } });
  const { baseline, peak, size } = JSON.parse((await lines.next()).value as string);
  const growth = (peak - baseline) / MB;
  console.log(
    `200 MB upload: server RSS ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, growth ${growth.toFixed(1)} MB`,
  );
  expect(size).toBe(TOTAL);
  expect(growth).toBeLessThan(100);
}, 600_000);
