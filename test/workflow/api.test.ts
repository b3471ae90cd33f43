// The programmatic API: `import { generate, check, diff, watch, init } from 'svcgen'`, typed
// results instead of exit codes, and no process.exit anywhere in the library.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, diff, generate, init, renderDiff } from '../../src/index.js';
import { BASE_DEFINITION, editedDefinition, removeDir, ROOT, runNode, tempDir, writeText } from './helpers.js';

const SLOW = 180_000;

let dir: string;
beforeAll(async () => {
  dir = await tempDir('svcgen-api-');
});
afterAll(async () => {
  await removeDir(dir);
});

describe("the package entry ('svcgen')", () => {
  it('exports generate, check, diff, watch and init', async () => {
    const script =
      "const api = await import('svcgen'); console.log(['generate','check','diff','watch','init'].map((name) => name + ':' + typeof api[name]).join(' '));";
    const result = await runNode(['--input-type=module', '-e', script], ROOT);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('generate:function check:function diff:function watch:function init:function');
  });
});

describe('the library never exits the process', () => {
  it('has no process.exit( outside the CLI', async () => {
    const offenders: string[] = [];
    for (const entry of await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const path = join(entry.parentPath, entry.name);
      if (/process\.exit\s*\(/.test(await readFile(path, 'utf8'))) offenders.push(path);
    }
    expect(offenders).toEqual([]);
  });
});

describe('generate, check, diff and init in process', () => {
  it('returns diagnostics for invalid definitions instead of exiting', { timeout: SLOW }, async () => {
    await writeText(join(dir, 'broken', 'shop.yaml'), 'name: [unclosed\n');
    const result = await generate({ cwd: dir, definitionsDir: join(dir, 'broken'), outDir: join(dir, 'out-broken') });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.code)).toEqual(['SVC002']);
  });

  it('generates, checks and diffs', { timeout: SLOW }, async () => {
    await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    const generated = await generate({ cwd: dir, outDir: join(dir, 'generated') });
    if (!generated.ok) throw new Error(generated.diagnostics.map((d) => d.message).join('\n'));
    expect(generated.upToDate).toBe(false);
    expect(generated.gitattributes).toBe('added');
    expect(generated.written).toContain('shop/types.ts');

    const checked = await check({ cwd: dir, outDir: join(dir, 'generated') });
    expect(checked.ok && checked.upToDate).toBe(true);

    await writeText(
      join(dir, 'next', 'shop.yaml'),
      editedDefinition((d) => (d.records.itemQuery.fields.page = { type: 'integer' })),
    );
    const result = await diff({ cwd: dir, base: join(dir, 'definitions'), definitionsDir: join(dir, 'next') });
    if (!result.ok) throw new Error(result.message);
    expect(result.summary).toEqual({ changes: 1, breakingForClients: 1, breakingForServers: 1, breaking: 1 });
    expect(result.changes[0]).toMatchObject({
      kind: 'field-added-required',
      subject: 'field shop.itemQuery.page',
      directions: ['request'],
      client: 'breaking',
      server: 'breaking',
    });
    expect(renderDiff(result, 'text')).toContain('Breaking for clients and servers:');
  });

  it('diff reports a base that does not exist', async () => {
    const result = await diff({ cwd: dir, base: join(dir, 'nowhere'), definitionsDir: join(dir, 'definitions') });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe('base-not-found');
  });

  it('init reports existing files instead of exiting', async () => {
    const target = join(dir, 'fresh');
    expect(await init({ cwd: target })).toMatchObject({
      ok: true,
      written: ['svcgen.config.yaml', 'definitions/todo-api.yaml'],
      gitattributes: 'added',
    });
    expect(await init({ cwd: target })).toMatchObject({
      ok: false,
      existing: ['svcgen.config.yaml', 'definitions/todo-api.yaml'],
    });
  });
});
