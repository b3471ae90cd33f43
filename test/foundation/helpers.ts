// Shared by the foundation tests: a temporary copy of the repo's inputs and outputs, a temporary
// project of synthetic definitions, the CLI as a child process, and a hash of every file of a tree.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.js');

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node dist/cli.js <args>` in `cwd`, with extra environment variables. */
export function runCli(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The strictest compiler options a team may use (issue 20 item 8), for an ESM package in a temporary
 * folder: generated code must compile under them.
 */
export const STRICTEST_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023'],
  types: ['node'],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  verbatimModuleSyntax: true,
  noEmit: true,
  skipLibCheck: true,
};

/**
 * The repo's TypeScript compiler (`tsc <args>` in the repo root): its exit code and its output, stdout and stderr
 * together.
 */
export function runTsc(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A fresh folder in the OS temp dir holding copies of the given repo folders. */
export async function tempCopy(folders: readonly string[] = ['definitions', 'generated']): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-foundation-'));
  for (const folder of folders) await cp(join(ROOT, folder), join(dir, folder), { recursive: true });
  return dir;
}

/**
 * A project in a fresh temp folder: synthetic definitions of `count` entities (bench/synth.mjs), with generate()'s
 * options for it.
 */
export interface SyntheticProject {
  dir: string;
  definitions: string;
  admin: string;
  options: { cwd: string; definitionsDir: string; outDir: string; gitattributes: false };
}

export async function syntheticProject(count: number): Promise<SyntheticProject> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-synthetic-'));
  const definitions = join(dir, 'definitions');
  await synthesize(count, definitions);
  return {
    dir,
    definitions,
    admin: join(definitions, 'admin-api.yaml'),
    options: { cwd: dir, definitionsDir: definitions, outDir: join(dir, 'out'), gitattributes: false },
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Every file under `dir` ("/"-separated relative path), sorted by code point. */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Relative path → sha256 of the bytes, for every file under `dir`. */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const path of await listTree(dir))
    hashes[path] = createHash('sha256')
      .update(await readFile(join(dir, path)))
      .digest('hex');
  return hashes;
}
