// `svcgen watch`: generate once, then again whenever the definitions, the templates or the config
// change. Bursts of events (an editor's save is often several) are debounced into one run; a run
// that fails reports its diagnostics and watching goes on.
import { existsSync, watch as watchPath, type FSWatcher } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CONFIG_FILE, resolveConfig } from './config.js';
import { generate, type GenerateResult, type RunOptions } from './generate.js';
import { TEMPLATES_DIR } from './inputs.js';

export interface WatchOptions extends RunOptions {
  /** Called after every run: the first one, then one per debounced burst of changes. */
  readonly onResult?: (event: WatchEvent) => void;
  /** Quiet time after the last change before a run starts (default 100 ms). */
  readonly debounceMs?: number;
}

export type WatchEvent =
  | { readonly kind: 'result'; readonly trigger: WatchTrigger; readonly result: GenerateResult }
  | { readonly kind: 'error'; readonly trigger: WatchTrigger; readonly error: unknown };

export interface WatchTrigger {
  /** "start" for the first run, "change" for a run caused by changes. */
  readonly reason: 'start' | 'change';
  /** The changed paths, relative to the working directory, in the order first seen. */
  readonly changed: readonly string[];
}

export interface Watcher {
  /** Settles once the first run has finished and every folder is watched. */
  readonly ready: Promise<void>;
  /** Stops watching; waits for a run in progress to finish. */
  close(): Promise<void>;
}

interface Target {
  readonly dir: string;
  readonly recursive: boolean;
  readonly accepts: (path: string) => boolean;
}

const DEFAULT_DEBOUNCE_MS = 100;

export function watch(options: WatchOptions = {}): Watcher {
  const cwd = options.cwd ?? process.cwd();
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let outDir: string | undefined;

  const report = (event: WatchEvent) => {
    try {
      options.onResult?.(event);
    } catch {
      // A failing callback must not stop the watcher.
    }
  };

  const schedule = (path: string) => {
    if (closed) return;
    if (outDir && (path === outDir || path.startsWith(`${outDir}${sep}`) || path.startsWith(`${outDir}.svcgen-`))) return;
    pending.add(relative(cwd, path) || '.');
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  // A process that stalled (a loaded machine) finds the debounce timer expired while later file
  // events are still queued; timers run before I/O in a loop turn, so the run waits one turn
  // (setImmediate runs after this turn's I/O) and yields to those events if any arrived.
  const flush = () => {
    timer = undefined;
    setImmediate(startRun);
  };

  const startRun = () => {
    if (timer || closed || running || pending.size === 0) return;
    const changed = [...pending];
    pending.clear();
    running = runOnce({ reason: 'change', changed }).finally(() => {
      running = undefined;
      // Changes that arrived during the run get a run of their own.
      if (pending.size > 0 && !closed) timer = setTimeout(flush, debounceMs);
    });
  };

  const runOnce = async (trigger: WatchTrigger) => {
    try {
      await syncWatchers();
      const result = await generate(options);
      if (!closed) report({ kind: 'result', trigger, result });
    } catch (error) {
      if (!closed) report({ kind: 'error', trigger, error });
    }
  };

  /** Watches what the current config names (it may have changed since the last run). */
  const syncWatchers = async () => {
    let targets: Target[];
    try {
      const config = await resolveConfig(options);
      outDir = config.outDir;
      targets = watchTargets(cwd, options.configFile, config.definitionsDir, config.templatesDir);
    } catch {
      // An invalid config: keep what is watched (the config file among it); generate reports the problem.
      if (watchers.size > 0) return;
      targets = watchTargets(cwd, options.configFile, resolve(cwd, options.definitionsDir ?? 'definitions'), undefined);
    }
    const wanted = new Map(targets.map((target) => [`${target.recursive ? 'r' : 'f'}:${target.dir}`, target]));
    for (const [key, watcher] of watchers) {
      if (!wanted.has(key)) {
        watcher.close();
        watchers.delete(key);
      }
    }
    for (const [key, target] of wanted) {
      if (watchers.has(key) || closed) continue;
      const watcher = openWatcher(target, schedule, () => {
        watchers.get(key)?.close();
        watchers.delete(key);
        schedule(target.dir);
      });
      if (watcher) watchers.set(key, watcher);
    }
  };

  const ready = runOnce({ reason: 'start', changed: [] });
  running = ready.finally(() => {
    running = undefined;
    if (pending.size > 0 && !closed) timer = setTimeout(flush, debounceMs);
  });

  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      await running;
    },
  };
}

/**
 * The definitions folder, the user's templates folder, svcgen's own templates when svcgen is a
 * working copy (an installed package does not change), and the config file's folder (watching the
 * folder, not the file, survives editors that save by replacing the file).
 */
function watchTargets(cwd: string, configFile: string | undefined, definitionsDir: string, templatesDir: string | undefined): Target[] {
  const configPath = resolve(cwd, configFile ?? CONFIG_FILE);
  const templateFile = (path: string) => !basename(path).startsWith('.') && !path.endsWith('~');
  const targets: Target[] = [
    { dir: definitionsDir, recursive: true, accepts: (path) => /\.ya?ml$/.test(path) },
    { dir: dirname(configPath), recursive: false, accepts: (path) => path === configPath },
  ];
  if (templatesDir) targets.push({ dir: templatesDir, recursive: true, accepts: templateFile });
  if (!TEMPLATES_DIR.split(sep).includes('node_modules')) targets.push({ dir: TEMPLATES_DIR, recursive: true, accepts: templateFile });
  return targets;
}

function openWatcher(target: Target, onChange: (path: string) => void, onGone: () => void): FSWatcher | undefined {
  const listener = (_event: string, name: string | Buffer | null) => {
    const path = name === null ? target.dir : join(target.dir, name.toString());
    if (name === null || target.accepts(path)) onChange(path);
  };
  for (const recursive of target.recursive ? [true, false] : [false]) {
    try {
      const watcher = watchPath(target.dir, { recursive, persistent: true }, listener);
      watcher.on('error', onGone);
      return watcher;
    } catch (error) {
      // No recursive watching on this platform: watch the folder itself.
      if ((error as NodeJS.ErrnoException).code === 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM') continue;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return awaitFolder(target.dir, onGone);
      return undefined;
    }
  }
  return undefined;
}

/**
 * A folder that does not exist yet: watches its nearest existing ancestor for the next folder on
 * the way to it. When that appears, the watcher is dropped (onAppeared) and a run follows, which
 * watches the folder itself or, a level further down, waits again.
 */
function awaitFolder(dir: string, onAppeared: () => void): FSWatcher | undefined {
  let child = dir;
  let ancestor = dirname(dir);
  while (!existsSync(ancestor) && dirname(ancestor) !== ancestor) {
    child = ancestor;
    ancestor = dirname(ancestor);
  }
  const awaited = basename(child);
  try {
    const watcher = watchPath(ancestor, { persistent: true }, (_event, name) => {
      if (name === null || name.toString() === awaited) onAppeared();
    });
    watcher.on('error', onAppeared);
    return watcher;
  } catch {
    return undefined;
  }
}
