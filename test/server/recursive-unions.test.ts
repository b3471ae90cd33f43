// A document tree like Figma's (`GET /v1/files/{key}/nodes` never answered, and blocked every other request): 24 node
// records whose children are the union of them all, with an untagged union the compiled reader does not read. Such a
// result goes out as the declared copy (declared-copy.ts), never through a serializer compiled from the recursive
// schema, which walked every path through it and did not finish. The server runs in its own process
// (fixtures/recursive-unions/answer-tree.ts): a stuck event loop is then a timeout here, not a stuck test run.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { treeDefinitions } from '../fixtures/recursive-unions/tree-definitions.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const ANSWER = new URL('../fixtures/recursive-unions/answer-tree.ts', import.meta.url).pathname;
const run = promisify(execFile);

interface Answer {
  readonly status: number;
  readonly body: string;
}

let dir: string;
let out: string;

/** Each case's answer from a server in its own process, killed after 20 s. */
async function answers(mode: 'production' | 'development'): Promise<Record<string, Answer>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', ANSWER, out, mode], {
    cwd: ROOT,
    timeout: 20_000,
    killSignal: 'SIGKILL',
  });
  return JSON.parse(stdout) as Record<string, Answer>;
}

beforeAll(async () => {
  // Inside the repository, so that the generated server finds fastify and zod.
  await mkdir(join(ROOT, 'test'), { recursive: true });
  dir = await mkdtemp(join(ROOT, 'test', '.tmp-recursive-'));
  out = join(dir, 'out');
  await mkdir(join(dir, 'definitions'));
  await writeFile(join(dir, 'definitions', 'tree-api.yaml'), treeDefinitions(24));
  const result = await generate({
    cwd: dir,
    definitionsDir: join(dir, 'definitions'),
    outDir: out,
    gitattributes: false,
    cache: false,
  });
  expect(result.ok).toBe(true);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a recursive union of 24 records', () => {
  it('answers, sending the declared members only, and refuses what it cannot send', async () => {
    const got = await answers('production');
    const tree = got['tree'] as Answer;
    expect(tree.status).toBe(200);
    const document = (JSON.parse(tree.body) as { document: { children: unknown[] } }).document;
    expect(document.children).toHaveLength(3);
    expect(document).toMatchObject({ type: 'NODE_0', id: '4:0', visible: true, size: { x: 1, y: 2 } });

    const extra = got['extraMembers'] as Answer;
    expect(extra.status).toBe(200);
    expect(extra.body).not.toMatch(/secret|passwordHash|token/);
    // The untagged union's variant is the one that declares the member given (magnet), not the first that takes it.
    expect(JSON.parse(extra.body)).toMatchObject({ document: { start: { endpointNodeId: 'a', magnet: 'TOP' } } });

    // A getter is read once: the value judged is the value sent.
    expect(got['getter']).toMatchObject({ status: 200 });
    expect(JSON.parse((got['getter'] as Answer).body)).toMatchObject({ document: { id: 'fine' } });
    for (const name of ['nestedToJson', 'inherited']) {
      expect(got[name]?.status, name).toBe(200);
      expect(got[name]?.body, name).not.toMatch(/secret|inherited/);
    }
    for (const name of ['circular', 'wrongTag']) {
      expect(got[name]?.status, name).toBe(500);
      expect(got[name]?.body, name).not.toMatch(/NODE_/);
    }
  }, 30_000);

  it('in development, breaks a response holding undeclared members instead of dropping them', async () => {
    const got = await answers('development');
    expect(got['tree']?.status).toBe(200);
    expect(got['extraMembers']?.status).toBe(500);
    expect(got['extraMembers']?.body).toContain('/document/children/0/size/secret: not declared by the definitions');
    expect(got['circular']?.status).toBe(500);
  }, 30_000);
});
