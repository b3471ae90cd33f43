// svcgen's generated TypeScript and the examples built on it type-check under TypeScript 7 (the native
// compiler, `tsgo` from @typescript/native-preview) as well as under TypeScript 5.9, with the project's
// own tsconfig. A control file with a type error proves each compiler really checks what it is given.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, ROOT } from './helpers.js';
import { tempDir } from '../helpers/tree.js';

const COMPILERS = {
  'TypeScript 7 (tsgo)': join(ROOT, 'node_modules/@typescript/native-preview/bin/tsgo'),
  'TypeScript 5.9 (tsc)': join(ROOT, 'node_modules/typescript/bin/tsc'),
} as const;

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map(removeDir)));

function compile(compiler: string, project: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiler, '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A tsconfig extending the project's, checking exactly `include` (absolute globs). */
async function projectFor(include: readonly string[]): Promise<string> {
  const dir = await tempDir('svcgen-ts7-');
  temporary.push(dir);
  const path = join(dir, 'tsconfig.json');
  const compilerOptions = { typeRoots: [join(ROOT, 'node_modules/@types')], noEmit: true };
  await writeFile(path, JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), compilerOptions, include }, null, 2));
  return path;
}

describe.each(Object.entries(COMPILERS))('%s', (_name, compiler) => {
  it('checks generated/ and examples/ without an error under the project tsconfig', async () => {
    const project = await projectFor([join(ROOT, 'generated/**/*.ts'), join(ROOT, 'examples/**/*.ts')]);
    const result = await compile(compiler, project);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('refuses a control file that misuses a generated type', async () => {
    const dir = await tempDir('svcgen-ts7-control-');
    temporary.push(dir);
    const control = join(dir, 'control.ts');
    const types = join(ROOT, 'generated/banner-api/types.js');
    const text = `import type { Banner } from '${types}';\nexport const wrong: Banner['categoryId'] = 'three';\n`;
    await writeFile(control, text);
    const result = await compile(compiler, await projectFor([control]));
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/control\.ts.*TS2322/);
  }, 300_000);
});
