// bench/compare.mjs, the side-by-side measure of saved builds, and the rounds it runs them in: it
// must refuse what it cannot run and print one line of figures per label. Its figures are times,
// so only their form is checked.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark runner is plain JavaScript without types
import { interleave } from '../../bench/run.mjs';
import { ROOT, runNode } from './helpers.js';

const COMPARE = join(ROOT, 'bench', 'compare.mjs');
const BUILD = `test-build-${process.pid}`;
const SLOW = 180_000;

afterAll(async () => {
  await rm(join(ROOT, 'bench', '.work', 'builds', BUILD), { recursive: true, force: true });
});

describe('interleave (bench/run.mjs)', () => {
  it('with rotate, starts each round one step later, so no step always runs first', async () => {
    await mkdir(join(ROOT, 'bench', '.work'), { recursive: true });
    const order: string[] = [];
    const steps = ['a', 'b', 'c'].map((name) => ({ name, args: ['-e', '0'], before: () => void order.push(name) }));
    const results = await interleave(
      steps,
      (name: string, error: Error) => expect.unreachable(`${name}: ${error.message}`),
      4,
      { rotate: true },
    );
    expect(order).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b', 'a', 'b', 'c']);
    for (const name of ['a', 'b', 'c']) expect(results[name].samples).toHaveLength(4);
  });
});

describe('node bench/compare.mjs', () => {
  it('names a build that was never saved, and exits 2', async () => {
    const result = await runNode([COMPARE, 'no-such-build'], ROOT);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no saved build "no-such-build"');
  });

  it('refuses a round count that is not a whole number', async () => {
    const result = await runNode([COMPARE, '--rounds', '0', 'x'], ROOT);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--rounds must be a whole number >= 1 (got "0")');
  });

  it(
    'measures a saved build, alone and with a node flag, and prints their medians',
    async () => {
      const saved = await runNode([COMPARE, 'save', BUILD], ROOT);
      expect(saved.stderr).toBe('');
      expect(saved.stdout).toContain(`saved the current build as ${BUILD}`);
      const flagged = `${BUILD}:--v8-pool-size=1`;
      const result = await runNode([COMPARE, '--size', '3', '--rounds', '2', '--cold', BUILD, flagged], ROOT);
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stdout.trim().split('\n');
      const figures = (label: string) =>
        new RegExp(
          `^${label.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}: changed \\d+ ms \\(CPU \\d+ ms\\), cold \\d+ ms, changed/cold \\d+\\.\\d{3}; changed runs: \\d+ \\d+$`,
        );
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(figures(BUILD));
      expect(lines[1]).toMatch(figures(flagged));
    },
    SLOW,
  );

  it('BENCH_BEFORE refuses a build that was never saved', async () => {
    const result = await runNode([join(ROOT, 'bench', 'run.mjs')], ROOT, { BENCH_BEFORE: 'no-such-build' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('BENCH_BEFORE names no saved build "no-such-build"');
  });

  it('with BENCH_BEFORE, judges every budget for both builds and prints each figure after / before', async () => {
    // The build saved by the test above; the figures are given, so the verdicts are known.
    const side = (ms: number) => ({ ms, cpuMs: ms, rssKiB: 100 * 1024 });
    const figures = {
      count: 300,
      openApi: ['admin-api'],
      nodeNoop: side(100),
      orval: side(20_000),
      heyApi: side(400_000),
      tscOrval: side(60_000),
      tscSvcgen: side(30_000),
      cold: side(8_000),
      noop: side(150),
      changed: side(1_600),
      beforeCold: side(10_000),
      beforeNoop: side(250),
      beforeChanged: side(3_000),
      beforeSameOutput: true,
    };
    const script = `import { report } from './bench/run.mjs';
report([${JSON.stringify(figures)}], { skipped: 'not measured here' }, { machine: 'test' });`;
    const result = await runNode(['--input-type=module', '-e', script], ROOT, { BENCH_BEFORE: BUILD });
    expect(result.code, result.stderr).toBe(0);
    const [after, before] = result.stdout.split(`before: the saved build ${BUILD}`);
    expect(after).toMatch(/no-op rerun <= 1.5 x node -e 0 \(N=300\)\s*\|\s*1\.50x \|.*\|\s*PASS \|/);
    expect(after).toMatch(/one entity changed \/ cold \(N=300\)\s*\|\s*0\.20x \|.*\|\s*PASS \|/);
    expect(before).toMatch(/no-op rerun <= 1.5 x node -e 0 \(N=300\)\s*\|\s*2\.50x \|.*\|\s*MISS \|/);
    expect(before).toMatch(/one entity changed \/ cold \(N=300\)\s*\|\s*0\.30x \|.*\|\s*MISS \|/);
    expect(before).toMatch(/\| cold\s*\|\s*10\.00 s \|\s*8\.00 s \|\s*0\.80x \|/);
    expect(before).toMatch(/\| tsc --noEmit over the output\s*\|\s*30\.00 s \|\s*30\.00 s \|\s*1\.00x \|/);
    expect(before).toContain('same output from both builds at N=300');
  });
});
