// `watch()` through the programmatic API: one regeneration per change, errors reported and
// watching goes on. Waits are generous and only for events; nothing asserts on elapsed time.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watch, type WatchEvent, type Watcher } from '../../src/watch.js';
import { BASE_DEFINITION, CLI, editedDefinition, removeDir, tempDir, writeText } from './helpers.js';

const SLOW = 120_000;
/** Longer than the debounce by far: if a second run were coming, it would have come. */
const SETTLE_MS = 2_000;
/** watch()'s default debounce. */
const DEBOUNCE_MS = 100;

let dir: string;
let watcher: Watcher | undefined;
let events: WatchEvent[];

beforeEach(async () => {
  dir = await tempDir('svcgen-watch-');
  events = [];
  await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
});
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  await removeDir(dir);
});

function start(): Watcher {
  watcher = watch({
    cwd: dir,
    outDir: join(dir, 'generated'),
    definitionsDir: join(dir, 'definitions'),
    onResult: (event) => events.push(event),
  });
  return watcher;
}

async function waitForEvents(count: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (events.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} watch event(s), got ${events.length}`);
    await sleep(50);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Keeps the event loop busy, the way a loaded machine can stall a process. */
function blockFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

function resultOf(event: WatchEvent | undefined) {
  if (!event || event.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(event)}`);
  return event.result;
}

describe('watch', () => {
  it('generates once at start, then exactly once for one change', { timeout: SLOW }, async () => {
    await start().ready;
    expect(events).toHaveLength(1);
    expect(events[0]?.trigger).toEqual({ reason: 'start', changed: [] });
    expect(resultOf(events[0]).ok).toBe(true);

    await writeFile(
      join(dir, 'definitions', 'shop.yaml'),
      editedDefinition((d) => (d.records.item.fields.color = { type: 'string', required: false })),
    );
    await waitForEvents(2);
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(2);
    expect(events[1]?.trigger).toEqual({ reason: 'change', changed: ['definitions/shop.yaml'] });
    const result = resultOf(events[1]);
    if (!result.ok) throw new Error('expected a successful run');
    expect(result.upToDate).toBe(false);
    expect(result.written).toContain('shop/types.ts');
  });

  it('a stall after the debounce expired still makes one run of a two-step save', { timeout: SLOW }, async () => {
    await start().ready;
    const file = join(dir, 'definitions', 'shop.yaml');
    writeFileSync(file, ''); // an editor that truncates first: the debounce starts here
    await sleep(20);
    writeFileSync(
      file,
      editedDefinition((d) => (d.records.item.fields.color = { type: 'string', required: false })),
    );
    blockFor(3 * DEBOUNCE_MS); // the process stalls: the timer expires while the second event is queued
    await waitForEvents(2);
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(2);
    expect(resultOf(events[1]).ok).toBe(true);
  });

  it(
    'keeps regenerating after rename-saves (vim, safe write, sed -i), twice, then a plain edit',
    { timeout: SLOW },
    async () => {
      await start().ready;
      const file = join(dir, 'definitions', 'shop.yaml');
      const renameSave = async (text: string) => {
        await writeFile(`${file}.tmp`, text);
        await rename(`${file}.tmp`, file); // the new file replaces the old one: a new inode under the same name
      };
      const descriptions = ['First.', 'Second.', 'Third.'];
      for (const [index, description] of descriptions.entries()) {
        const text = editedDefinition((d) => (d.records.item.description = description));
        if (index < 2) await renameSave(text);
        else await writeFile(file, text);
        await waitForEvents(index + 2);
        await sleep(SETTLE_MS);
        expect(events).toHaveLength(index + 2);
        const result = resultOf(events.at(-1));
        expect(result.ok).toBe(true);
        expect(await readFile(join(dir, 'generated', 'shop', 'README.md'), 'utf8')).toContain(description);
      }
    },
  );

  it(
    'finds the config upward when started in a subfolder, and watches it and the folders it names',
    { timeout: SLOW },
    async () => {
      await writeText(join(dir, 'package.json'), '{}\n');
      await writeText(join(dir, 'svcgen.config.yaml'), 'definitions: api\noutput: out\n');
      await writeText(join(dir, 'api', 'shop.yaml'), BASE_DEFINITION);
      await removeDir(join(dir, 'definitions'));
      await writeText(join(dir, 'src', 'keep.txt'), '');
      watcher = watch({ cwd: join(dir, 'src'), onResult: (event) => events.push(event) });
      await watcher.ready;
      expect(resultOf(events[0])).toMatchObject({ ok: true });
      await writeFile(
        join(dir, 'api', 'shop.yaml'),
        editedDefinition((d) => (d.records.item.description = 'Nested.')),
      );
      await waitForEvents(2);
      expect(resultOf(events[1]).ok).toBe(true);
      expect(await readFile(join(dir, 'out', 'shop', 'README.md'), 'utf8')).toContain('Nested.');
      // The config found upward is watched too, not one in the working directory.
      await writeFile(join(dir, 'svcgen.config.yaml'), 'definitions: api\noutput: elsewhere\n');
      await waitForEvents(3);
      expect(events[2]?.trigger.changed).toEqual(['../svcgen.config.yaml']);
      expect(await readFile(join(dir, 'elsewhere', 'shop', 'README.md'), 'utf8')).toContain('Nested.');
    },
  );

  it('reports invalid definitions and keeps watching', { timeout: SLOW }, async () => {
    await start().ready;
    await writeFile(join(dir, 'definitions', 'shop.yaml'), 'name: [unclosed\n');
    await waitForEvents(2);
    const failed = resultOf(events[1]);
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.diagnostics[0]?.code).toBe('SVC002');

    await writeFile(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    await waitForEvents(3);
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(3);
    expect(resultOf(events[2]).ok).toBe(true);
  });

  it('a definitions folder created after watching started is watched from then on', { timeout: SLOW }, async () => {
    await removeDir(join(dir, 'definitions'));
    await start().ready;
    expect(events).toHaveLength(1);
    expect(events[0]?.kind === 'result' && events[0].result.ok).toBe(false);

    await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    await waitForEvents(2);
    await sleep(SETTLE_MS);
    expect(resultOf(events.at(-1)).ok).toBe(true);

    // Watched now: an edit of the new folder's file regenerates.
    const seen = events.length;
    await writeFile(
      join(dir, 'definitions', 'shop.yaml'),
      editedDefinition((d) => (d.records.item.description = 'Changed.')),
    );
    await waitForEvents(seen + 1);
    expect(events.at(-1)?.trigger.changed).toEqual(['definitions/shop.yaml']);
    expect(resultOf(events.at(-1)).ok).toBe(true);
  });

  it('regenerates when the config file changes, and ignores other files beside it', { timeout: SLOW }, async () => {
    await start().ready;
    await writeFile(join(dir, 'notes.txt'), 'not watched\n');
    await writeFile(join(dir, 'definitions', 'README.md'), 'not a definition\n');
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(1);
    await writeFile(join(dir, 'svcgen.config.yaml'), 'output: generated\n');
    await waitForEvents(2);
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(2);
    expect(events[1]?.trigger.changed).toEqual(['svcgen.config.yaml']);
    expect(resultOf(events[1]).ok).toBe(true);
  });

  it("regenerates when a template in the config's templates folder changes", { timeout: SLOW }, async () => {
    await writeText(join(dir, 'svcgen.config.yaml'), 'templates: my-templates\n');
    await writeText(join(dir, 'my-templates', 'notes.txt'), 'not a template yet\n');
    await start().ready;
    await writeFile(join(dir, 'my-templates', 'docs-record.md.hbs'), '## {{name}}\n');
    await waitForEvents(2);
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(2);
    expect(events[1]?.trigger.changed).toEqual(['my-templates/docs-record.md.hbs']);
    expect(resultOf(events[1]).ok).toBe(true);
  });

  it('stops on close: no run after it', { timeout: SLOW }, async () => {
    const running = start();
    await running.ready;
    await running.close();
    await writeFile(
      join(dir, 'definitions', 'shop.yaml'),
      editedDefinition((d) => (d.records.item.description = 'Changed.')),
    );
    await sleep(SETTLE_MS);
    expect(events).toHaveLength(1);
  });
});

describe('svcgen watch (CLI)', () => {
  it('prints one line per regeneration and stops cleanly on SIGINT', { timeout: SLOW }, async () => {
    const child = spawn(process.execPath, [CLI, 'watch'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const waitFor = async (test: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`timed out; stdout:\n${stdout}\nstderr:\n${stderr}`);
        await sleep(50);
      }
    };
    try {
      await waitFor(() => stdout.includes('(Ctrl-C to stop)'));
      await writeFile(join(dir, 'definitions', 'shop.yaml'), 'name: [unclosed\n');
      await waitFor(() => stderr.includes('problem(s)'));
      await writeFile(
        join(dir, 'definitions', 'shop.yaml'),
        editedDefinition((d) => (d.records.item.fields.color = { type: 'string', required: false })),
      );
      await waitFor(() => stdout.includes('definitions/shop.yaml changed: wrote'));
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^svcgen watch: \[\d\d:\d\d:\d\d\] start: wrote \d+ file\(s\), deleted 0 in generated$/);
    expect(lines[2]).toMatch(
      /^svcgen watch: \[\d\d:\d\d:\d\d\] definitions\/shop\.yaml changed: wrote \d+ file\(s\), deleted 0 in generated$/,
    );
    expect(stderr).toMatch(/^definitions\/shop\.yaml:\d+:\d+ SVC002 /m);
    expect(stderr).toMatch(
      /definitions\/shop\.yaml changed: 1 problem\(s\); nothing was written; watching for changes/,
    );
  });
});
