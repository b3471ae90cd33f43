// Shared by the reliability tests: the real CLI (`node dist/cli.js`, run `npm run build` first) as a
// child process with a time limit and a heap cap, trees hashed file by file, and scratch folders.
import type { ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { runProcess, startProcess, type ProcessRun } from '../helpers/process.js';
import { removeDir, tempDir } from '../helpers/tree.js';
import { workFolder } from '../../scripts/fuzz-definitions/cases.js';

export { ROOT };
export { hashTree, listTree, removeDir } from '../helpers/tree.js';

/**
 * The CLI these tests run: a snapshot of dist/ (with the runtime sources, templates and
 * package.json it reads beside it), taken once per test file, inside the repository so that
 * node_modules resolves. Other work may rebuild dist/ while a long suite runs; a run must not
 * pick up half of an old build and half of a new one.
 */
let cli: string | undefined;
let snapshotDir: string | undefined;

export async function snapshotCli(): Promise<string> {
  if (cli) return cli;
  snapshotDir = await mkdtemp(join(ROOT, 'test', '.tmp-cli-'));
  for (const part of ['dist', 'src/runtime', 'templates', 'package.json'])
    await cp(join(ROOT, part), join(snapshotDir, part), { recursive: true });
  cli = join(snapshotDir, 'dist', 'cli.js');
  return cli;
}

export async function removeCliSnapshot(): Promise<void> {
  if (snapshotDir) await removeDir(snapshotDir);
  cli = undefined;
  snapshotDir = undefined;
}

/** The snapshot's module, e.g. "output/write.js" (after snapshotCli). */
export function snapshotModule(path: string): string {
  if (!snapshotDir) throw new Error('snapshotCli() first');
  return join(snapshotDir, 'dist', path);
}

function cliPath(): string {
  if (!cli) throw new Error('snapshotCli() first');
  return cli;
}

/** Heap cap of every CLI run: a hostile file must not need more. */
export const HEAP_MB = 512;

/**
 * Wall-clock limit of one CLI run. Generous because CI machines (and this one, shared with other
 * builds) can be slow: the largest case takes about 15 s alone and 45 s beside other test runs. A hang
 * or a superlinear blow-up (those fixed took 150 s to hours) still hits it.
 */
export const TIME_LIMIT_MS = Number(process.env.SVCGEN_RELIABILITY_TIME_LIMIT_MS ?? 120_000);

export type CliRun = ProcessRun;

export interface StartOptions {
  /** A module loaded before the CLI (node --import), e.g. to inject a fault. */
  readonly preload?: string;
  readonly env?: Readonly<Record<string, string>>;
}

export function cliArgs(args: readonly string[], options: StartOptions = {}): string[] {
  return [
    `--max-old-space-size=${HEAP_MB}`,
    ...(options.preload ? ['--import', options.preload] : []),
    cliPath(),
    ...args,
  ];
}

/** Starts `node dist/cli.js <args>` in `cwd` (heap capped), for callers that kill it themselves. */
export function startCli(args: readonly string[], cwd: string, options: StartOptions = {}): ChildProcess {
  return startProcess(process.execPath, cliArgs(args, options), { cwd, env: { ...cliEnv(), ...options.env } });
}

/** Runs the CLI to the end, or kills it (SIGKILL) at the time limit. */
export function runCli(args: readonly string[], cwd: string, timeLimitMs = TIME_LIMIT_MS): Promise<CliRun> {
  return runProcess(process.execPath, cliArgs(args), { cwd, env: cliEnv(), timeLimitMs });
}

/** The environment of a CLI run: no inherited NODE_OPTIONS (the heap cap is on the command line). */
export function cliEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

/** A fresh folder in the OS temp dir. */
export function scratch(prefix: string): Promise<string> {
  return tempDir(`svcgen-${prefix}-`);
}

/** A fresh folder inside the repository (so that node_modules resolves), removed by the caller. */
export const scratchInRepo = workFolder;

/** Writes files (relative path → text or bytes) under `dir`. */
export async function writeTree(dir: string, files: Readonly<Record<string, string | Uint8Array>>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

/** A diagnostic line as the CLI prints it: `<file>:<line>:<col> SVC<nnn> <message>`. */
export const DIAGNOSTIC_LINE =
  /^(?<file>[^\s:][^:]*):(?<line>[1-9]\d*):(?<column>[1-9]\d*) (?<code>SVC\d{3}) (?<message>.+)$/;
export const SUMMARY_LINE = /^svcgen: \d+ problem\(s\); nothing was written$/;

export interface ParsedStderr {
  /** Lines that are neither a diagnostic nor the summary. */
  readonly stray: readonly string[];
  readonly diagnostics: readonly {
    readonly file: string;
    readonly line: number;
    readonly column: number;
    readonly code: string;
    readonly message: string;
  }[];
  readonly summaries: number;
}

export function parseStderr(stderr: string): ParsedStderr {
  const stray: string[] = [];
  const diagnostics: { file: string; line: number; column: number; code: string; message: string }[] = [];
  let summaries = 0;
  for (const line of stderr.split('\n')) {
    if (line === '') continue;
    if (SUMMARY_LINE.test(line)) {
      summaries += 1;
      continue;
    }
    const match = DIAGNOSTIC_LINE.exec(line);
    if (!match?.groups) {
      stray.push(line);
      continue;
    }
    const { file = '', line: at = '0', column = '0', code = '', message = '' } = match.groups;
    diagnostics.push({ file, line: Number(at), column: Number(column), code, message });
  }
  return { stray, diagnostics, summaries };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
