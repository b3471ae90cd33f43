// File-system trouble becomes one located line and exit code 3 (README), and leaves nothing behind:
// many definition files under a low open-file limit, a parent folder that cannot be written, a
// read-only output folder, a FIFO where a template or the config should be; file names with
// colons cannot pass for a diagnostic's location and code. Real CLI runs (node dist/cli.js; run
// `npm run build` first). Tests run as root here, for whom no folder is read-only: the runs that
// need one are started as user "nobody" (setpriv) when this process is root, else as the user.
import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runProcess } from '../helpers/process.js';
import {
  cliArgs,
  cliEnv,
  hashTree,
  removeCliSnapshot,
  removeDir,
  scratch,
  snapshotCli,
  TIME_LIMIT_MS,
  type CliRun,
} from './harness.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
let dir: string;

beforeAll(async () => {
  const cli = await snapshotCli();
  // The snapshot's folder is private (mkdtemp): user "nobody" must be able to read it.
  await chmod(dirname(dirname(cli)), 0o755);
});

afterAll(async () => {
  await removeCliSnapshot();
});

afterEach(async () => {
  if (dir) {
    await chmod(dir, 0o755).catch(() => undefined);
    execFileSync('chmod', ['-R', 'u+w', dir]);
    await removeDir(dir);
  }
});

/** The CLI behind a wrapper command (prlimit, setpriv), to the end or killed at the time limit. */
function run(
  wrapper: readonly string[],
  args: readonly string[],
  cwd: string,
  timeLimitMs = TIME_LIMIT_MS,
): Promise<CliRun> {
  const [command = process.execPath, ...rest] = [...wrapper, process.execPath];
  return runProcess(command, [...rest, ...cliArgs(args)], { cwd, env: cliEnv(), timeLimitMs });
}

/** As a user for whom a folder without write permission is read-only. */
const UNPRIVILEGED = asRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'] : [];

/** A small valid interface of its own name and base path. */
function definition(index: number): string {
  return stringify({
    name: `svc${index}`,
    interface: {
      title: `Service ${index}`,
      basePath: `/s${index}`,
      style: 'success-envelope',
      errorStyle: 'success-false',
    },
    records: { item: { fields: { id: { type: 'integer' }, label: { type: 'string' } } } },
    routes: {
      getItem: {
        method: 'GET',
        path: '/items/{id}',
        pathParams: { id: { type: 'integer' } },
        responses: { '200': { body: { type: 'record', record: 'item' } } },
      },
    },
  });
}

/** A project folder (readable by everyone; owned by "nobody" when `forNobody`) with `count` definitions. */
async function project(count: number, forNobody = false): Promise<string> {
  dir = await scratch('fs-errors');
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'definitions'));
  for (let index = 0; index < count; index += 1)
    await writeFile(join(dir, 'definitions', `svc${index}.yaml`), definition(index));
  if (forNobody && asRoot) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
  return dir;
}

async function leftovers(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => name.includes('.svcgen-'));
}

describe('file-system trouble', () => {
  it('generates and checks 300 definition files under a limit of 256 open files', async () => {
    await project(300);
    const generated = await run(['prlimit', '--nofile=256'], ['generate', '--out', 'out'], dir);
    expect(generated.code, generated.stderr).toBe(0);
    expect(await readdir(join(dir, 'out'))).toContain('svc299');
    const checked = await run(['prlimit', '--nofile=256'], ['check', '--out', 'out'], dir);
    expect(checked.code, checked.stderr).toBe(0);
  }, 240_000);

  it('reports a parent folder that cannot be written in one line, exit 3, nothing left behind', async () => {
    await project(1, true);
    // Owned by root, mode 755: not writable for "nobody".
    await mkdir(join(dir, 'locked'));
    if (asRoot) await chown(join(dir, 'locked'), 0, 0);
    else await chmod(join(dir, 'locked'), 0o555);
    const result = await run(UNPRIVILEGED, ['generate', '--no-cache', '--out', 'locked/out'], dir);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      "svcgen: locked: cannot create the output's staging folder here (permission denied (EACCES))\n",
    );
    expect(await readdir(join(dir, 'locked'))).toEqual([]);
  });

  it('refuses a read-only output folder before changing anything, and works once it is writable', async () => {
    await project(2, true);
    const first = await run(UNPRIVILEGED, ['generate', '--no-cache', '--out', 'out'], dir);
    expect(first.code, first.stderr).toBe(0);
    await writeFile(join(dir, 'definitions', 'svc2.yaml'), definition(2));
    if (asRoot) await chown(join(dir, 'definitions', 'svc2.yaml'), NOBODY, NOBODY);
    const before = await hashTree(join(dir, 'out'));
    await chmod(join(dir, 'out'), 0o555);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await run(UNPRIVILEGED, ['generate', '--no-cache', '--out', 'out'], dir);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toBe(
        'svcgen: out: is read-only; make it writable (chmod u+w) or remove it, then generate again\n',
      );
      expect(await leftovers(dir)).toEqual([]);
      expect(await hashTree(join(dir, 'out'))).toEqual(before);
    }
    await chmod(join(dir, 'out'), 0o755);
    const after = await run(UNPRIVILEGED, ['generate', '--no-cache', '--out', 'out'], dir);
    expect(after.code, after.stderr).toBe(0);
    expect(await readdir(join(dir, 'out'))).toContain('svc2');
  });

  it('removes a read-only retired tree left by an earlier version, and generates', async () => {
    await project(1, true);
    const first = await run(UNPRIVILEGED, ['generate', '--no-cache', '--out', 'out'], dir);
    expect(first.code, first.stderr).toBe(0);
    // What a run of svcgen 0.1.0 left after swapping in a read-only output folder.
    await mkdir(join(dir, 'out.svcgen-old', 'svc0'), { recursive: true });
    await writeFile(join(dir, 'out.svcgen-old', 'svc0', 'types.ts'), 'old');
    if (asRoot) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, join(dir, 'out.svcgen-old')]);
    await chmod(join(dir, 'out.svcgen-old', 'svc0'), 0o555);
    await chmod(join(dir, 'out.svcgen-old'), 0o555);
    await writeFile(join(dir, 'definitions', 'svc1.yaml'), definition(1));
    if (asRoot) await chown(join(dir, 'definitions', 'svc1.yaml'), NOBODY, NOBODY);
    const result = await run(UNPRIVILEGED, ['generate', '--no-cache', '--out', 'out'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(await leftovers(dir)).toEqual([]);
    expect(await readdir(join(dir, 'out'))).toContain('svc1');
  });

  it('refuses a FIFO where a template or the config file should be, at once', async () => {
    await project(1);
    await mkdir(join(dir, 'templates'));
    execFileSync('mkfifo', [join(dir, 'templates', 'readme.hbs')]);
    await writeFile(join(dir, 'svcgen.config.yaml'), 'templates: templates\n');
    const template = await run([], ['generate', '--out', 'out'], dir, 30_000);
    expect(template.timedOut).toBe(false);
    expect(template.code).toBe(3);
    expect(template.stderr).toBe(
      'svcgen: templates/readme.hbs: is not a regular file; svcgen reads only regular files here\n',
    );
    execFileSync('mkfifo', [join(dir, 'fifo.yaml')]);
    const config = await run([], ['generate', '--config', 'fifo.yaml', '--out', 'out'], dir, 30_000);
    expect(config.timedOut).toBe(false);
    expect(config.code).toBe(3);
    expect(config.stderr).toBe('svcgen: fifo.yaml: is not a regular file; the config must be a regular file\n');
    expect(await leftovers(dir)).toEqual([]);
    expect(await readdir(dir)).not.toContain('out');
  });

  it('quotes a file name with colons, so it cannot pass for a location and a code', async () => {
    await project(1);
    await writeFile(join(dir, 'definitions', 'x.yaml:1:1 SVC000 all fine.yaml'), 'name: [unclosed\n');
    const result = await run([], ['generate', '--out', 'out'], dir);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^"definitions\/x\.yaml:1:1 SVC000 all fine\.yaml":\d+:\d+ SVC\d{3} /);
    expect(lines.some((line) => line.startsWith('definitions/x.yaml:1:1 SVC000'))).toBe(false);
  });
});
