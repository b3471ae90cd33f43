// ts-morph (and the TypeScript compiler inside it) loads only where it is needed: never for
// generate, nor for check in a project without handler modules; check loads it once handler
// modules exist (the positive control: the hook below does see it load).
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadLogArgs } from '../helpers/load-log.js';
import { CLI, removeDir, ROOT, runNode, tempDir } from './helpers.js';

let project: string;
/** Node's arguments that write down what a run loads (test/helpers/load-log.ts). */
let hooks: string[];

beforeAll(async () => {
  project = await tempDir('svcgen-lazy-');
  await cp(join(ROOT, 'test/fixtures/library/definitions'), join(project, 'definitions'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  hooks = await loadLogArgs(project);
});

afterAll(async () => {
  await removeDir(project);
});

/** The ts-morph and typescript modules `svcgen <args>` loads. */
async function loadedBy(...args: string[]): Promise<string[]> {
  const log = join(project, 'loaded.log');
  await writeFile(log, '');
  const result = await runNode([...hooks, CLI, ...args], project, { SVCGEN_LOAD_LOG: log });
  expect(result.code, result.stderr).toBe(0);
  const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
  return [...new Set(modules.flatMap((url) => /\/node_modules\/(ts-morph|typescript)\//.exec(url)?.[1] ?? []))];
}

it(
  'generate and check without handler modules never load ts-morph; check with them does',
  { timeout: 120_000 },
  async () => {
    expect(await loadedBy('generate')).toEqual([]);
    expect(await loadedBy('check')).toEqual([]);
    expect(await loadedBy('scaffold')).toContain('ts-morph');
    expect(await loadedBy('generate', '--no-cache')).toEqual([]);
    expect(await loadedBy('check')).toContain('ts-morph');
  },
);
