// The one way tests run a child process (the CLI, node, tsc, npm): output collected, the exit code and
// signal, the time taken, and an optional time limit past which it is killed.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcessRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly timedOut: boolean;
}

export interface ProcessOptions {
  readonly cwd: string;
  /** The whole environment of the child; the test process's own when left out. */
  readonly env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long; no limit when left out. */
  readonly timeLimitMs?: number;
}

/** Starts `command args` with piped output, for callers that watch or kill it themselves. */
export function startProcess(command: string, args: readonly string[], options: ProcessOptions): ChildProcess {
  return spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs `command args` to the end (or to the time limit) and collects what it printed. */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = startProcess(command, args, options);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer =
      options.timeLimitMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeLimitMs);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}

/** `node <args>` in `cwd`, with extra environment variables. */
export function runNode(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<ProcessRun> {
  return runProcess(process.execPath, args, { cwd, env: { ...process.env, ...env } });
}
