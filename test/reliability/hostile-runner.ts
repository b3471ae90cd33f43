// Runs one hostile case through the real CLI and judges what it left behind.
import { join } from 'node:path';
import type { HostileCase } from './hostile-cases.js';
import { hashTree, listTree, parseStderr, removeDir, runCli, scratch, writeTree, type CliRun } from './harness.js';

/** What an earlier generation left in the output folder, for the cases that start with one. */
const OLD_OUTPUT = {
  '.svcgen-manifest.json': '{"generator":"old","inputHash":"old","files":{}}\n',
  'shop/types.ts': 'export interface Old {}\n',
  'notes.txt': 'kept by the user\n',
};

export interface CaseOutcome {
  readonly id: string;
  readonly run: CliRun;
  /** Everything wrong with the outcome; empty when the case passed. */
  readonly problems: readonly string[];
  readonly codes: readonly string[];
  readonly first: string | undefined;
}

export async function runHostileCase(
  hostile: HostileCase,
  options: { readonly existingOutput: boolean },
): Promise<CaseOutcome> {
  const dir = await scratch('hostile');
  try {
    await writeTree(join(dir, 'definitions'), hostile.definitions);
    if (hostile.extra) await writeTree(dir, hostile.extra);
    const out = join(dir, 'out');
    if (options.existingOutput) await writeTree(out, OLD_OUTPUT);
    const before = await hashTree(out);
    const run = await runCli(['generate', '--definitions', 'definitions', '--out', 'out', '--no-cache'], dir);
    const problems: string[] = [];
    const stderr = parseStderr(run.stderr);
    const codes = [...new Set(stderr.diagnostics.map((d) => d.code))].sort();
    const first = stderr.diagnostics[0];
    if (run.timedOut) problems.push(`did not finish within the time limit (killed after ${run.ms} ms)`);
    else if (run.signal) problems.push(`ended by ${run.signal}`);
    if (/internal error/.test(run.stderr)) problems.push('internal error');
    if (/^\s+at /m.test(run.stderr) || /^\s+at /m.test(run.stdout)) problems.push('stack trace');
    if (/heap out of memory|Allocation failed/i.test(run.stderr)) problems.push('out of memory');
    const leftovers = (await listTree(dir)).filter((path) => path.startsWith('out.svcgen-'));
    if (leftovers.length > 0) problems.push(`staging folders left behind: ${leftovers.slice(0, 3).join(', ')}`);
    if (hostile.expect === 'ok') {
      if (run.code !== 0) problems.push(`exit code ${run.code} (expected 0)`);
      if (run.stderr !== '') problems.push(`stderr not empty: ${run.stderr.slice(0, 300)}`);
    } else {
      if (run.code !== 1) problems.push(`exit code ${run.code} (expected 1)`);
      if (stderr.stray.length > 0)
        problems.push(`stderr lines that are not diagnostics: ${JSON.stringify(stderr.stray.slice(0, 3))}`);
      if (stderr.summaries !== 1) problems.push(`${stderr.summaries} summary lines (expected 1)`);
      if (codes.join(' ') !== [...hostile.expect].sort().join(' '))
        problems.push(`codes ${codes.join(' ') || '(none)'} (expected ${hostile.expect.join(' ')})`);
      const where = first ? `${first.file}:${first.line}:${first.column}` : undefined;
      if (hostile.at && where !== hostile.at) problems.push(`first diagnostic at ${where} (expected ${hostile.at})`);
      const after = await hashTree(out);
      if (JSON.stringify(after) !== JSON.stringify(before))
        problems.push(options.existingOutput ? 'the existing output folder changed' : 'an output folder was written');
    }
    return {
      id: hostile.id,
      run,
      problems,
      codes,
      first: first ? `${first.file}:${first.line}:${first.column} ${first.code} ${first.message}` : undefined,
    };
  } finally {
    await removeDir(dir);
  }
}
