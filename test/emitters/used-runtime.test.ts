// Only the runtime modules an output imports are written (issue 22): given emitted files, want the runtime kept.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, init } from '../../src/index.js';
import type { GeneratedFile } from '../../src/emitters/contract.js';
import { keepUsedRuntime } from '../../src/emitters/runtime/used-modules.js';

const file = (path: string, content = ''): GeneratedFile => ({ path, content, source: undefined, format: false });
const runtime = (name: string, ...imports: string[]) =>
  file(`runtime/${name}.ts`, imports.map((target) => `import { x } from './${target}.js';\n`).join(''));
const RUNTIME = [
  runtime('client', 'client-transport'),
  runtime('client-transport', 'client-errors'),
  runtime('client-errors'),
  runtime('digest-client', 'digest'),
  runtime('digest'),
  runtime('server', 'errors'),
  runtime('errors'),
  runtime('server-options'),
  runtime('log-redaction'),
  runtime('unrouted', 'errors'),
];
const keptRuntime = (files: readonly GeneratedFile[]) =>
  keepUsedRuntime([...files, ...RUNTIME])
    .filter((kept) => kept.path.startsWith('runtime/'))
    .map((kept) => kept.path.slice(8, -3));

describe('keepUsedRuntime', () => {
  const cases: { given: string; files: GeneratedFile[]; want: string[] }[] = [
    {
      given: 'a client only',
      files: [file('todo/client.ts', "import { Client } from '../runtime/client.js';")],
      want: ['client', 'client-transport', 'client-errors'],
    },
    {
      given: 'a server: its companions too',
      files: [file('todo/server.ts', "import type { X } from '../runtime/server.js';")],
      want: ['server', 'errors', 'server-options', 'log-redaction', 'unrouted'],
    },
    {
      given: 'a dynamic import',
      files: [file('todo/client.ts', "await import('../runtime/digest-client.js');")],
      want: ['digest-client', 'digest'],
    },
    { given: 'types only', files: [file('todo/types.ts', 'export interface Task { id: number }')], want: [] },
  ];
  it.each(cases)('$given', ({ files, want }) => {
    expect(keptRuntime(files).sort()).toEqual([...want].sort());
  });

  it('keeps every file that is not runtime, in order', () => {
    const files = [
      file('b/types.ts'),
      file('a/client.ts', "import { Client } from '../runtime/client.js';"),
      file('a/README.md'),
    ];
    expect(keepUsedRuntime(files).map((kept) => kept.path)).toEqual(['b/types.ts', 'a/client.ts', 'a/README.md']);
  });
});

describe('an output written with only the runtime it uses', () => {
  it('a clients-only config gets no server runtime, and every import of what is written resolves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-used-runtime-'));
    try {
      await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
      await init({ cwd: dir });
      await writeFile(join(dir, 'svcgen.config.yaml'), 'emitters:\n  server: false\n', { flag: 'a' });
      const result = await generate({ cwd: dir, cache: false, gitattributes: false });
      expect(result.ok).toBe(true);
      const out = join(dir, 'generated');
      const runtime = await readdir(join(out, 'runtime'));
      expect(runtime).toContain('client.ts');
      expect(runtime.filter((name) => name.startsWith('server') || name.includes('-server'))).toEqual([]);
      const files = (await readdir(out, { recursive: true })).filter((name) => name.endsWith('.ts'));
      for (const name of files) {
        const text = await readFile(join(out, name), 'utf8');
        for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)\.js'/g)) {
          const target = join(out, name, '..', `${match[1]}.ts`).slice(out.length + 1);
          expect(files, `${name} imports ${match[1]}`).toContain(target);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
