// svcgen's own CLI and the repo's TypeScript compiler as child processes (`npm run build` first).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode, runProcess, type ProcessRun } from './process.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.js');

/** `node dist/cli.js <args>` in `cwd`, with extra environment variables. */
export function runCli(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<ProcessRun> {
  return runNode([CLI, ...args], cwd, env);
}

/** The repo's TypeScript compiler (`tsc <args>` in the repo root): its exit code and its output. */
export async function runTsc(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const run = await runProcess(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), ...args], {
    cwd: ROOT,
  });
  return { code: run.code, output: run.stdout + run.stderr };
}
