// ts-morph (and the TypeScript compiler inside it) loads only where it is needed: never for
// generate, nor for check in a project without handler modules; check loads it once handler
// modules exist (the positive control: the hook below does see it load).
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI, removeDir, ROOT, runNode, tempDir } from './helpers.js';

let project: string;

beforeAll(async () => {
  project = await tempDir('svcgen-lazy-');
  await cp(join(ROOT, 'test/fixtures/library/definitions'), join(project, 'definitions'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  // A module resolution hook that writes down every ts-morph or typescript import.
  await writeFile(
    join(project, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (/ts-morph|typescript/.test(specifier)) appendFileSync(${JSON.stringify(join(project, 'loaded.log'))}, specifier + '\\n');
  return next(specifier, context);
}
`,
  );
  await writeFile(
    join(project, 'register.mjs'),
    `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
  );
});

afterAll(async () => {
  await removeDir(project);
});

async function loadedBy(...args: string[]): Promise<string[]> {
  await writeFile(join(project, 'loaded.log'), '');
  const result = await runNode(['--import', './register.mjs', CLI, ...args], project);
  expect(result.code, result.stderr).toBe(0);
  return (await readFile(join(project, 'loaded.log'), 'utf8')).split('\n').filter(Boolean);
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
