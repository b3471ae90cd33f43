// Atomic output: real `svcgen generate` runs (node dist/cli.js; run `npm run build` first) are
// SIGKILLed at many moments while they replace an older complete generation. After every kill the
// output folder must be, file for file and byte for byte, the old tree or the new tree: before any
// recovery wherever it exists, and always after recovery (the exported recoverInterruptedWrite, or
// the next `svcgen generate`). `svcgen check` run right after the kill, before any recovery, must
// answer what it answers about the recovered folder, and must not change anything.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashTree,
  listTree,
  removeCliSnapshot,
  removeDir,
  ROOT,
  runCli,
  scratch,
  snapshotCli,
  snapshotModule,
  startCli,
  type CliRun,
} from './harness.js';

/** How a run is killed: a while after it starts, or as soon as a folder appears (plus a delay). */
interface KillPlan {
  readonly trigger: 'start' | 'staging' | 'retired' | 'swapped';
  readonly delayMs: number;
  /** Every rename waits this long first (fault injection), so kills can land between the renames. */
  readonly slowRenamesMs?: number;
  /** Recover by the next `svcgen generate` instead of the exported function. */
  readonly recoverByGenerate: boolean;
}

type Phase =
  | 'before any output'
  | 'while staging'
  | 'between the renames'
  | 'after the swap, cleaning up'
  | 'after the swap'
  | 'finished before the kill';

interface KillOutcome {
  readonly plan: KillPlan;
  readonly phase: Phase;
  readonly problems: string[];
}

const KILLS = Number(process.env.SVCGEN_RELIABILITY_KILLS ?? 36);
const SLOW = 40 * 60_000;

function killPlans(): KillPlan[] {
  const plans: Omit<KillPlan, 'recoverByGenerate'>[] = [
    ...[0, 300, 1000, 3000].map((delayMs) => ({ trigger: 'start' as const, delayMs })),
    ...[0, 0, 0, 1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200].map((delayMs) => ({
      trigger: 'staging' as const,
      delayMs,
    })),
    ...[0, 0, 0, 1, 5].map((delayMs) => ({ trigger: 'retired' as const, delayMs })),
    ...[0, 0].map((delayMs) => ({ trigger: 'staging' as const, delayMs, slowRenamesMs: 400 })),
    ...[0, 0, 0, 0].map((delayMs) => ({ trigger: 'retired' as const, delayMs, slowRenamesMs: 400 })),
    ...[0, 0, 5].map((delayMs) => ({ trigger: 'swapped' as const, delayMs, slowRenamesMs: 400 })),
    ...[0, 2, 10].map((delayMs) => ({ trigger: 'swapped' as const, delayMs })),
  ];
  const chosen = Array.from(
    { length: KILLS },
    (_, index) => plans[index % plans.length] as Omit<KillPlan, 'recoverByGenerate'>,
  );
  return chosen.map((plan, index) => ({ ...plan, recoverByGenerate: index % 4 === 3 }));
}

let dir: string;
let oldTree: Record<string, string>;
let newTree: Record<string, string>;
/** What `check` says about the old tree and about the new one. */
let checkOfOld: CliRun;
let checkOfNew: CliRun;
let recoverInterruptedWrite: (outDir: string) => Promise<void>;
const outcomes: KillOutcome[] = [];

const NEW_ARGS = ['--definitions', 'defs-new'];

beforeAll(async () => {
  await snapshotCli();
  ({ recoverInterruptedWrite } = (await import(pathToFileURL(snapshotModule('output/write.js')).href)) as {
    recoverInterruptedWrite: (outDir: string) => Promise<void>;
  });
  dir = await scratch('atomic');
  // New definitions: two of the repo's files. Old ones: the same with a changed description and a third file.
  for (const name of ['banner-api.yaml', 'shared.yaml'])
    await cp(join(ROOT, 'definitions', name), join(dir, 'defs-new', name));
  await cp(join(dir, 'defs-new'), join(dir, 'defs-old'), { recursive: true });
  const banner = join(dir, 'defs-old', 'banner-api.yaml');
  await writeFile(
    banner,
    (await readFile(banner, 'utf8')).replace('title: Banner Resource API', 'title: Banner Resource API (old)'),
  );
  await writeFile(
    join(dir, 'defs-old', 'legacy.yaml'),
    'name: legacy\nrecords:\n  relic:\n    fields:\n      id: { type: integer }\n',
  );

  const first = await runCli(['generate', '--definitions', 'defs-old', '--out', 'pristine-old'], dir);
  expect(first.code, first.stderr).toBe(0);
  await writeFile(join(dir, 'pristine-old', 'NOTES.md'), 'a file of the user, kept by every generation\n');
  oldTree = await hashTree(join(dir, 'pristine-old'));
  await cp(join(dir, 'pristine-old'), join(dir, 'expected-new'), { recursive: true });
  const second = await runCli(['generate', ...NEW_ARGS, '--out', 'expected-new'], dir);
  expect(second.code, second.stderr).toBe(0);
  newTree = await hashTree(join(dir, 'expected-new'));
  // The two trees differ by changed, added and deleted files, and both keep the user's file.
  expect(Object.keys(oldTree).filter((path) => path.startsWith('legacy/')).length).toBeGreaterThan(0);
  expect(Object.keys(newTree).filter((path) => path.startsWith('legacy/'))).toEqual([]);
  expect(
    Object.keys(newTree).filter((path) => oldTree[path] !== undefined && oldTree[path] !== newTree[path]).length,
  ).toBeGreaterThan(0);
  expect(newTree['NOTES.md']).toBe(oldTree['NOTES.md']);

  checkOfOld = await runCli(['check', ...NEW_ARGS, '--out', 'pristine-old'], dir);
  checkOfNew = await runCli(['check', ...NEW_ARGS, '--out', 'expected-new'], dir);
  expect(checkOfOld.code).toBe(1);
  // The new tree matches but for the user's file, which check names (and so fails).
  expect(checkOfNew.code, checkOfNew.stderr).toBe(1);
  expect(checkOfNew.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual([
    '  extra:   NOTES.md (not written by svcgen)',
  ]);
}, SLOW);

afterAll(async () => {
  const byPhase = new Map<string, number>();
  for (const outcome of outcomes) byPhase.set(outcome.phase, (byPhase.get(outcome.phase) ?? 0) + 1);
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0);
  console.log(
    [
      `atomic output: ${outcomes.length} runs SIGKILLed, ${failed.length} left a mixed or unrecoverable folder`,
      ...[...byPhase].map(([phase, count]) => `  ${String(count).padStart(2)} × ${phase}`),
      `  ${outcomes.filter((outcome) => outcome.plan.slowRenamesMs).length} of them with renames slowed (fault injection); ${outcomes.filter((outcome) => outcome.plan.recoverByGenerate).length} recovered by the next generate, the others by recoverInterruptedWrite`,
      ...failed.map(
        (outcome) => `  FAILED ${JSON.stringify(outcome.plan)} (${outcome.phase}): ${outcome.problems.join('; ')}`,
      ),
    ].join('\n'),
  );
  if (dir) await removeDir(dir);
  await removeCliSnapshot();
});

/** Folder → which complete tree it holds, by path and hash of every file. */
async function treeOf(path: string): Promise<'old' | 'new' | 'absent' | 'mixed'> {
  const hashes = await hashTree(path);
  if (Object.keys(hashes).length === 0) return 'absent';
  const same = (want: Record<string, string>) => JSON.stringify(hashes) === JSON.stringify(want);
  return same(oldTree) ? 'old' : same(newTree) ? 'new' : 'mixed';
}

/** Starts a generate into `lane/out` (holding the old tree) and SIGKILLs it as planned. */
function killedRun(lane: string, plan: KillPlan): Promise<{ killed: boolean }> {
  return new Promise((resolve, reject) => {
    const out = join(lane, 'out');
    const child = startCli(['generate', ...NEW_ARGS, '--out', out.slice(dir.length + 1)], dir, {
      ...(plan.slowRenamesMs
        ? {
            preload: join(ROOT, 'test/reliability/slow-rename.mjs'),
            env: { SVCGEN_TEST_RENAME_DELAY_MS: String(plan.slowRenamesMs) },
          }
        : {}),
    });
    let killed = false;
    let watcher: FSWatcher | undefined;
    const kill = () => {
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) killed = child.kill('SIGKILL');
      }, plan.delayMs);
    };
    if (plan.trigger === 'start') {
      kill();
    } else {
      // inotify tells us when the staging folder appears, when the old folder is retired, and when
      // the new one takes its place; the kill is sent from the event itself.
      const wanted =
        plan.trigger === 'staging' ? 'out.svcgen-new' : plan.trigger === 'retired' ? 'out.svcgen-old' : 'out';
      let armed = plan.trigger !== 'swapped';
      watcher = watch(lane, (_event, name) => {
        if (name === 'out.svcgen-old') armed = true;
        if (name === wanted && armed) {
          watcher?.close();
          kill();
        }
      });
    }
    child.on('error', reject);
    child.on('close', () => {
      watcher?.close();
      resolve({ killed });
    });
  });
}

async function runOneKill(lane: string, plan: KillPlan): Promise<KillOutcome> {
  const out = join(lane, 'out');
  const relativeOut = out.slice(dir.length + 1);
  const problems: string[] = [];
  await removeDir(lane);
  await cp(join(dir, 'pristine-old'), out, { recursive: true });
  const { killed } = await killedRun(lane, plan);

  const staging = existsSync(`${out}.svcgen-new`);
  const outTree = await treeOf(out);
  const retiredTree = await treeOf(`${out}.svcgen-old`);
  let phase: Phase;
  if (!killed) phase = 'finished before the kill';
  else if (outTree === 'absent' && retiredTree === 'old') phase = 'between the renames';
  else if (outTree === 'old') phase = staging ? 'while staging' : 'before any output';
  else if (outTree === 'new') phase = retiredTree !== 'absent' ? 'after the swap, cleaning up' : 'after the swap';
  else {
    phase = 'before any output';
    problems.push(`after the kill the output folder is ${outTree} and the retired one ${retiredTree}`);
  }
  if (outTree === 'mixed') problems.push('the output folder mixes old and new files right after the kill');

  // check before any recovery: read-only, and the same answer as about the folder recovery gives back.
  const before = await stateHashes(lane);
  const checked = await runCli(['check', ...NEW_ARGS, '--out', relativeOut], dir);
  if (JSON.stringify(await stateHashes(lane)) !== JSON.stringify(before))
    problems.push('check changed the output folder');

  if (plan.recoverByGenerate) {
    const next = await runCli(['generate', ...NEW_ARGS, '--out', relativeOut], dir);
    if (next.code !== 0) problems.push(`the next generate exited ${next.code}: ${next.stderr.slice(0, 300)}`);
    if ((await treeOf(out)) !== 'new')
      problems.push(`after the next generate the folder is ${await treeOf(out)} (expected the new tree)`);
  } else {
    await recoverInterruptedWrite(out);
  }
  const recovered = await treeOf(out);
  const expected =
    phase === 'after the swap' ||
    phase === 'after the swap, cleaning up' ||
    phase === 'finished before the kill' ||
    plan.recoverByGenerate
      ? 'new'
      : 'old';
  if (recovered !== expected)
    problems.push(`after recovery the folder is ${recovered} (expected the ${expected} tree)`);
  const leftovers = (await listTree(lane)).filter((path) => !path.startsWith('out/'));
  if (leftovers.length > 0) problems.push(`left beside the output after recovery: ${leftovers.slice(0, 3).join(', ')}`);

  const wanted =
    phase === 'after the swap' || phase === 'after the swap, cleaning up' || phase === 'finished before the kill'
      ? checkOfNew
      : checkOfOld;
  const normalise = (text: string) =>
    text.split(relativeOut).join('<out>').split('expected-new').join('<out>').split('pristine-old').join('<out>');
  if (
    checked.code !== wanted.code ||
    normalise(checked.stdout) !== normalise(wanted.stdout) ||
    normalise(checked.stderr) !== normalise(wanted.stderr)
  ) {
    problems.push(
      `check right after the kill exited ${checked.code} with ${JSON.stringify(checked.stderr.slice(0, 200))} (expected what it says about the ${wanted === checkOfNew ? 'new' : 'old'} tree)`,
    );
  }
  return { plan, phase, problems };
}

/** Hashes of everything in a lane: the output folder and whatever a run left beside it. */
async function stateHashes(lane: string): Promise<Record<string, string>> {
  return hashTree(lane);
}

describe('a generation killed at any moment', () => {
  const plans = killPlans();

  it(
    `leaves the old tree or the new tree, never a mix (${plans.length} kills)`,
    async () => {
      expect(plans.length).toBeGreaterThanOrEqual(30);
      // Two lanes side by side, each with its own output folder, sharing the format cache.
      const lanes = [join(dir, 'lane-a'), join(dir, 'lane-b')];
      let next = 0;
      await Promise.all(
        lanes.map(async (lane) => {
          while (next < plans.length) {
            const plan = plans[next] as KillPlan;
            next += 1;
            outcomes.push(await runOneKill(lane, plan));
          }
        }),
      );
      const failed = outcomes.filter((outcome) => outcome.problems.length > 0);
      expect(failed.map((outcome) => `${JSON.stringify(outcome.plan)}: ${outcome.problems.join('; ')}`)).toEqual([]);
      // The kills reached every phase of the write that a kill can land in. After the swap, the retired tree is
      // removed first and little is left to do once it is gone: a kill there lands in either of the two phases.
      const phases = new Set<string>(outcomes.map((outcome) => outcome.phase.replace(', cleaning up', '')));
      for (const phase of ['before any output', 'while staging', 'between the renames', 'after the swap'] as const)
        expect(phases, phase).toContain(phase);
    },
    SLOW,
  );
});
