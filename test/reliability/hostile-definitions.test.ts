// Hostile definitions through the real CLI (`node dist/cli.js generate`, run `npm run build` first),
// each in a child process with a heap cap and a time limit: every one must end with exit code 1
// (0 where the input is in fact valid), stderr made only of located diagnostics with the expected
// stable codes and the summary line, no stack trace, no internal error, and no partial output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCases } from './hostile-cases.js';
import { HEAP_MB, mapLimited, removeCliSnapshot, snapshotCli, TIME_LIMIT_MS } from './harness.js';
import { runHostileCase, type CaseOutcome } from './hostile-runner.js';

const cases = allCases();
const outcomes: CaseOutcome[] = [];

beforeAll(async () => {
  await snapshotCli();
});

afterAll(async () => {
  await removeCliSnapshot();
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0);
  const slowest = [...outcomes].sort((a, b) => b.run.ms - a.run.ms)[0];
  console.log(
    [
      `hostile definitions: ${outcomes.length} tried (heap ${HEAP_MB} MB, limit ${TIME_LIMIT_MS / 1000} s each), ${failed.length} failed`,
      `  exit 1 with diagnostics: ${outcomes.filter((outcome) => outcome.run.code === 1).length}, exit 0 (valid after all): ${outcomes.filter((outcome) => outcome.run.code === 0).length}`,
      `  codes seen: ${[...new Set(outcomes.flatMap((outcome) => outcome.codes))].sort().join(' ')}`,
      slowest ? `  slowest: ${slowest.run.ms} ms (${slowest.id})` : '',
      ...failed.map((outcome) => `  FAILED ${outcome.id}: ${outcome.problems.join('; ')}`),
    ].join('\n'),
  );
});

describe('hostile definitions', () => {
  it('has a corpus of at least 60 definitions', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((hostile) => hostile.id)).size).toBe(cases.length);
  });

  // One child process per case, a few at a time; each case is judged on its own below.
  let running: Promise<CaseOutcome[]> | undefined;
  const outcomeOf = async (index: number): Promise<CaseOutcome> => {
    running ??= snapshotCli().then(() =>
      mapLimited(cases, 3, (hostile, at) => runHostileCase(hostile, { existingOutput: at % 2 === 1 })),
    );
    return (await running)[index] as CaseOutcome;
  };

  it.each(cases.map((hostile, index) => ({ id: hostile.id, index })))(
    '$id',
    async ({ index }) => {
      const outcome = await outcomeOf(index);
      outcomes.push(outcome);
      expect(outcome.problems, `${outcome.id}\n${outcome.run.stderr.slice(0, 2000)}`).toEqual([]);
    },
    30 * 60_000,
  );
});
