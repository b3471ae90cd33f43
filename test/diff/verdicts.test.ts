// The diff table, executed. For every rule of src/diff/classify.ts (verdict-cases.ts holds one case or
// more per rule, or the reason none can run), the base and the head definition are generated and
// what `svcgen diff` says is held against what happens:
//
// - Breaking for clients  ⇔ a call of the base's generated client (validateResponses: true, every route
//   of the base, once with every optional member sent in requests and responses, once with none) fails against a
//   server generated from the head. This is the HTTP contract: a deployed client that keeps working is
//   not broken. TypeScript callers who regenerate the client may still have to edit their code (a
//   renamed route renames the client's method, a removed type is gone); the change's text says so.
// - Breaking for servers  ⇔ the base server's implementation (handlers typed by the generated
//   interface that read every member of their input and return base responses, plus code naming each
//   record type) no longer type-checks against the head's handler interface and types, OR a call of the
//   head's generated client fails against the base server, on a route the base serves (same method and
//   path): a server not yet upgraded must still serve clients that already were.
//
// Controls make the experiment meaningful: each side's client works against its own server, and the
// base implementation type-checks against the base.
import { rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../src/diff/classify.js';
import type { Change, ChangeKind } from '../../src/diff/types.js';
import { BASE, CASES, type VerdictCase } from './verdict-cases.js';
import {
  callerSource,
  diffCase,
  generateAll,
  implementationSource,
  Servers,
  sides,
  typeCheck,
  writeDefinitions,
  type Prepared,
} from './verdict-harness.js';
import { tempDir } from '../helpers/tree.js';

interface Run extends Prepared {
  readonly kind: ChangeKind;
  readonly name: string;
  readonly changes: readonly Change[];
}

const RUNS: Omit<Run, 'changes' | 'base' | 'head'>[] = [];
const EDITS: VerdictCase[] = [];
for (const [kind, entry] of Object.entries(CASES) as [ChangeKind, (typeof CASES)[ChangeKind]][]) {
  if (!Array.isArray(entry)) continue;
  for (const testCase of entry as readonly VerdictCase[]) {
    RUNS.push({ index: RUNS.length, kind, name: testCase.name });
    EDITS.push(testCase);
  }
}

let root: string;
const runs: Run[] = [];
const servers = new Servers();
const observed = new Map<number, { client: string[]; server: string[]; code: string[] }>();
let controlErrors: Map<string, string[]>;
const callerErrors = new Map<number, string[]>();
const controlFailures: string[] = [];

beforeAll(async () => {
  root = await tempDir('svcgen-verdicts-');
  for (const run of RUNS) {
    const { from, edit } = EDITS[run.index]!;
    const base = structuredClone(BASE);
    from?.(base);
    const head = structuredClone(base);
    edit(head);
    const changes = await diffCase(root, run.index, base, head);
    runs.push({ ...run, ...sides(run.index, base, head), changes });
  }
  await writeDefinitions(root, runs);
  await generateAll(root);
  const files = new Map<string, string>();
  for (const run of runs) {
    files.set(`case${run.index}.ts`, implementationSource(run.base, run.head));
    files.set(`case${run.index}-control.ts`, implementationSource(run.base, run.base));
    files.set(`case${run.index}-caller.ts`, callerSource(run.base, run.head));
    files.set(`case${run.index}-caller-control.ts`, callerSource(run.base, run.base));
  }
  const errors = await typeCheck(root, files);
  controlErrors = new Map([...errors].filter(([file]) => !/^case\d+(-caller)?\.ts$/.test(file)));
  for (const run of runs) callerErrors.set(run.index, errors.get(`case${run.index}-caller.ts`) ?? []);
  await servers.start(root, runs, 'base');
  await servers.start(root, runs, 'head');
  for (const run of runs) {
    const served = (route: Record<string, any>) =>
      Object.values<Record<string, any>>(run.base.routes).some(
        (other) => other['method'] === route['method'] && other['path'] === route['path'],
      );
    controlFailures.push(
      ...(await servers.run(root, run.base, 'base', () => true)).map((failure) => `case${run.index} base: ${failure}`),
    );
    controlFailures.push(
      ...(await servers.run(root, run.head, 'head', () => true)).map((failure) => `case${run.index} head: ${failure}`),
    );
    observed.set(run.index, {
      client: await servers.run(root, run.base, 'head', () => true),
      server: await servers.run(root, run.head, 'base', served),
      code: errors.get(`case${run.index}.ts`) ?? [],
    });
  }
  // VERDICTS_DUMP=<file> writes what happened per case, to read when a verdict and the experiment disagree.
  if (process.env['VERDICTS_DUMP']) {
    const dump = runs.map((run) => ({
      kind: run.kind,
      name: run.name,
      changes: run.changes.map((c) => `${c.kind} ${c.client}/${c.server}`),
      ...observed.get(run.index),
    }));
    await writeFile(
      process.env['VERDICTS_DUMP'],
      JSON.stringify({ controlFailures, controlErrors: Object.fromEntries(controlErrors), dump }, null, 1),
    );
  }
}, 300_000);

afterAll(async () => {
  await servers.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('every rule of the diff table has a case or a reason', () => {
  it('covers each kind of RULES', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(RULES).sort());
  });
});

describe('the experiment is sound', () => {
  it("each side's client works against its own server", () => {
    expect(controlFailures).toEqual([]);
  });
  it('the base implementation type-checks against the base', () => {
    expect(Object.fromEntries(controlErrors)).toEqual({});
  });
});

describe('diff verdicts hold', () => {
  it.each(RUNS)('$kind: $name', ({ index, kind }) => {
    const run = runs[index]!;
    expect(run.changes.map((change) => change.kind)).toContain(kind);
    const seen = observed.get(index)!;
    const said = {
      client: run.changes.some((change) => change.client === 'breaking'),
      server: run.changes.some((change) => change.server === 'breaking'),
    };
    const happened = { client: seen.client.length > 0, server: seen.server.length + seen.code.length > 0 };
    const evidence = {
      changes: run.changes.map((change) => `${change.kind} ${change.client}/${change.server} ${change.subject}`),
      ...seen,
    };
    expect({ ...said, evidence }).toEqual({ ...happened, evidence });
  });

  // The client verdict is the HTTP contract. Where a TypeScript caller of a regenerated client must still
  // edit code that calls a method of the base, the change says so, or the change breaks clients anyway.
  it.each(RUNS)('$kind: $name: a caller that must rename a call is told so', ({ index }) => {
    const run = runs[index]!;
    if (callerErrors.get(index)!.length === 0) return;
    const told = run.changes.some(
      (change) => change.client === 'breaking' || change.description.includes('must rename the call'),
    );
    expect({ told, errors: callerErrors.get(index) }).toEqual({ told: true, errors: callerErrors.get(index) });
  });

  it('a renamed route keeps HTTP clients working and tells TypeScript callers to rename the call', () => {
    const run = runs.find((candidate) => candidate.kind === 'route-renamed')!;
    expect(observed.get(run.index)!.client).toEqual([]);
    expect(callerErrors.get(run.index)!.join('\n')).toContain("Property 'getBook' does not exist");
    expect(run.changes).toEqual([
      expect.objectContaining({ kind: 'route-renamed', client: 'non-breaking', server: 'breaking' }),
    ]);
    expect(run.changes[0]!.description).toContain('getBook() → findBook()');
  });
});
