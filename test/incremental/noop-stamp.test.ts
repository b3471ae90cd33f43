// The no-op stamp (src/incremental/noop-stamp.ts): it holds only while every stamped path is as it
// was, for the very command it was written for, and never for an input changed as the run began.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stampCommand, stampFile, upToDateByStamp, writeNoopStamp } from '../../src/incremental/noop-stamp.js';
import { folderAndFiles } from '../../src/incremental/stamp-paths.js';
import { removeDir, tempDir } from '../helpers/tree.js';

const MESSAGE = 'svcgen: generated is up to date\n';
const ARGS = ['generate', '--out', 'generated'];
/** A start time after every file of a test was written, so none is racy. */
const later = () => BigInt(Date.now() + 60_000) * 1_000_000n;

let dir: string;
let cacheDir: string;
let paths: { inputs: string[]; probes: string[]; outputs: string[] };
beforeEach(async () => {
  dir = await tempDir('svcgen-noop-stamp-');
  cacheDir = join(dir, 'node_modules', '.cache', 'svcgen');
  await mkdir(join(dir, 'definitions'));
  await mkdir(join(dir, 'generated'));
  await writeFile(join(dir, 'definitions', 'shop.yaml'), 'name: shop\n');
  await writeFile(join(dir, 'generated', 'types.ts'), 'export {};\n');
  paths = {
    inputs: [join(dir, 'definitions'), join(dir, 'definitions', 'shop.yaml')],
    probes: [join(dir, 'svcgen.config.yaml')],
    outputs: [join(dir, 'generated', 'types.ts')],
  };
  // A stamp counts only for files changed before it was written, in an earlier tick of the file clock.
  await new Promise((done) => setTimeout(done, 30));
});
afterEach(async () => removeDir(dir));

const stamp = (startedNs: bigint = later()) =>
  writeNoopStamp(cacheDir, stampCommand(dir, ARGS), MESSAGE, paths, startedNs);

describe('no-op stamp', () => {
  it('holds for the same command with nothing changed, and only from the same working folder', () => {
    stamp();
    expect(upToDateByStamp(dir, ARGS)).toBe(MESSAGE);
    expect(upToDateByStamp(join(dir, 'definitions'), ARGS)).toBeUndefined(); // another working folder
  });

  it('does not hold for other arguments or another flag', () => {
    stamp();
    expect(upToDateByStamp(dir, [...ARGS, '--no-cache'])).toBeUndefined();
    expect(upToDateByStamp(dir, ['generate', '--out', 'other'])).toBeUndefined();
  });

  it('does not hold once an input is rewritten, even with the same size', async () => {
    stamp();
    await writeFile(join(dir, 'definitions', 'shop.yaml'), 'name: shoq\n');
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });

  it('does not hold once a file is added to a stamped folder', async () => {
    stamp();
    await writeFile(join(dir, 'definitions', 'more.yaml'), 'name: more\n');
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });

  it('does not hold once a probed path appears (a config file)', async () => {
    stamp();
    await writeFile(join(dir, 'svcgen.config.yaml'), 'output: out\n');
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });

  it('does not hold once an output file is edited', async () => {
    stamp();
    await writeFile(join(dir, 'generated', 'types.ts'), 'export {}; \n');
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });

  it('is not written when an input changed after the run began (racy)', () => {
    stamp(BigInt(Date.now() - 60_000) * 1_000_000n);
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });

  it('does not hold when damaged or written for another command', async () => {
    stamp();
    const file = stampFile(cacheDir, stampCommand(dir, ARGS));
    await writeFile(file, '{"command":');
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
    await writeFile(file, JSON.stringify({ command: stampCommand(dir, ['generate']), message: MESSAGE, entries: [] }));
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });
});

describe('the stamped paths of a folder', () => {
  it('list a nested folder (the runtime) through its subfolders, so a file added to one is seen', async () => {
    await mkdir(join(dir, 'runtime', 'core'), { recursive: true });
    await writeFile(join(dir, 'runtime', 'core', 'errors.ts'), 'export {};\n');
    await writeFile(join(dir, 'runtime', 'notes.md'), '');
    const runtime = join(dir, 'runtime');
    expect(folderAndFiles(runtime, /\.ts$/, true)).toEqual([
      runtime,
      join(runtime, 'core'),
      join(runtime, 'core', 'errors.ts'),
    ]);
    expect(folderAndFiles(runtime, /\.ts$/)).toEqual([runtime]);

    paths.inputs.push(...folderAndFiles(runtime, /\.ts$/, true));
    await new Promise((done) => setTimeout(done, 30));
    stamp();
    expect(upToDateByStamp(dir, ARGS)).toBe(MESSAGE);
    await writeFile(join(runtime, 'core', 'cookies.ts'), 'export {};\n');
    expect(upToDateByStamp(dir, ARGS)).toBeUndefined();
  });
});

describe('the command of a stamp', () => {
  it('names the svcgen that ran, so another copy of svcgen never reads its stamp', () => {
    const [workingDir, generator, ...argv] = JSON.parse(stampCommand(dir, ARGS)) as string[];
    expect(workingDir).toBe(dir);
    expect(generator).toBe(fileURLToPath(new URL('../../src/incremental/noop-stamp.ts', import.meta.url)));
    expect(argv).toEqual(ARGS);
  });
});
