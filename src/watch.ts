// `svcgen watch`: generate once, then again whenever the definitions, the templates or the config
// change. Bursts of events (an editor's save is often several) are debounced into one run; a run
// that fails reports its diagnostics and watching goes on.
import { existsSync, statSync, watch as watchPath, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CONFIG_FILE, resolveConfig } from './config.js';
import { TEMPLATES_DIR } from './inputs.js';
import { generate, type GenerateResult, type RunOptions } from './pipeline.js';

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

/** A folder to watch: which entries' changes count, and whether its subfolders are watched too. */
interface Target {
  readonly dir: string;
  readonly recursive: boolean;
  readonly accepts: (path: string) => boolean;
}

export function watch(options: WatchOptions = {}): Watcher {
  const cwd = options.cwd ?? process.cwd();
  const debounceMs = options.debounceMs ?? 100;
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let outDir: string | undefined;

  const schedule = (path: string) => {
    if (closed) return;
    if (outDir && (path === outDir || path.startsWith(`${outDir}${sep}`) || path.startsWith(`${outDir}.svcgen-`)))
      return;
    pending.add(relative(cwd, path) || '.');
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  // A process that stalled (a loaded machine) finds the debounce timer expired while later file
  // events are still queued; timers run before I/O in a loop turn, so the run waits one turn
  // (setImmediate runs after this turn's I/O) and yields to those events if any arrived.
  const flush = () => {
    timer = undefined;
    setImmediate(() => {
      if (timer || closed || running || pending.size === 0) return;
      const changed = [...pending];
      pending.clear();
      track(runOnce({ reason: 'change', changed }));
    });
  };

  const track = (run: Promise<void>) => {
    running = run.finally(() => {
      running = undefined;
      // Changes that arrived during the run get a run of their own.
      if (pending.size > 0 && !closed) timer = setTimeout(flush, debounceMs);
    });
  };

  const runOnce = async (trigger: WatchTrigger) => {
    let event: WatchEvent;
    try {
      await syncWatchers();
      event = { kind: 'result', trigger, result: await generate(options) };
    } catch (error) {
      event = { kind: 'error', trigger, error };
    }
    try {
      if (!closed) options.onResult?.(event);
    } catch {
      // A failing callback must not stop the watcher.
    }
  };

  /** Watches what the current config names (it may have changed since the last run). */
  const syncWatchers = async () => {
    const config = await resolveConfig(options).catch(() => undefined);
    // An invalid config: keep what is watched (the config file among it); generate reports the problem.
    if (!config && watchers.size > 0) return;
    if (config) outDir = config.outDir;
    const targets = watchTargets(
      config ? (config.configFile ?? join(config.cwd, CONFIG_FILE)) : resolve(cwd, options.configFile ?? CONFIG_FILE),
      config?.definitionsDir ?? resolve(cwd, options.definitionsDir ?? 'definitions'),
      config?.templatesDir,
    );
    const wanted = new Map((await Promise.all(targets.map(foldersOf))).flat().map((folder) => [folder.dir, folder]));
    const unwatch = (dir: string) => {
      watchers.get(dir)?.close();
      watchers.delete(dir);
    };
    for (const dir of watchers.keys()) if (!wanted.has(dir)) unwatch(dir);
    for (const [dir, folder] of wanted) {
      if (watchers.has(dir) || closed) continue;
      const watcher = openWatcher(folder, schedule, () => {
        unwatch(dir);
        schedule(folder.dir);
      });
      if (watcher) watchers.set(dir, watcher);
    }
  };

  const ready = runOnce({ reason: 'start', changed: [] });
  track(ready);

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
function watchTargets(configPath: string, definitionsDir: string, templatesDir: string | undefined): Target[] {
  const templateFile = (path: string) => !basename(path).startsWith('.') && !path.endsWith('~');
  const targets: Target[] = [
    { dir: definitionsDir, recursive: true, accepts: (path) => /\.ya?ml$/.test(path) },
    { dir: dirname(configPath), recursive: false, accepts: (path) => path === configPath },
  ];
  if (templatesDir) targets.push({ dir: templatesDir, recursive: true, accepts: templateFile });
  if (!TEMPLATES_DIR.split(sep).includes('node_modules'))
    targets.push({ dir: TEMPLATES_DIR, recursive: true, accepts: templateFile });
  return targets;
}

/**
 * Every folder of a target, each to be watched without `recursive`: Node 20's recursive watching
 * on Linux follows files, not folders, and loses a file an editor saves by renaming a new one over
 * it (vim, JetBrains' safe write, `sed -i`); a watch on the folder itself sees every such save.
 */
async function foldersOf(target: Target): Promise<Target[]> {
  if (!target.recursive) return [target];
  // Not there (yet): openWatcher waits for it to appear.
  const entries = await readdir(target.dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const folders = entries.filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules',
  );
  return [target, ...folders.map((entry) => ({ ...target, dir: join(entry.parentPath, entry.name) }))];
}

function openWatcher(folder: Target, onChange: (path: string) => void, onGone: () => void): FSWatcher | undefined {
  // A new subfolder of a recursive target is reported as a change, so the run that follows watches it.
  const listener = (_event: string, name: string | Buffer | null) => {
    const path = name === null ? folder.dir : join(folder.dir, name.toString());
    if (name === null || folder.accepts(path) || (folder.recursive && isFolder(path))) onChange(path);
  };
  try {
    return watchPath(folder.dir, listener).on('error', onGone);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? awaitFolder(folder.dir, onGone) : undefined;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
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
    return watchPath(ancestor, (_event, name) => {
      if (name === null || name.toString() === awaited) onAppeared();
    }).on('error', onAppeared);
  } catch {
    return undefined;
  }
}
