// The API fuzzer (scripts/fuzz-apis.ts, issue 20 item 6) as a regular test: every API it once
// failed on, kept in test/fixtures/fuzz-apis/<case>/definitions, now generates, compiles under the
// strictest options with openapi-typescript's types, and serves: through the generated client and
// openapi-fetch, values round-trip equal, no 5xx, every answer conforms to the OpenAPI document.
// CI runs the fuzzer itself on 25 random APIs (.ci/run).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCases, removeFolder, workFolder } from '../../scripts/fuzz-definitions/cases.js';
import { batchOptions } from '../../scripts/fuzz-apis.js';
import { ROOT } from '../foundation/helpers.js';

const FIXTURES = join(ROOT, 'test/fixtures/fuzz-apis');
let dir: string;

beforeAll(async () => {
  dir = await workFolder('api-fuzz');
});
afterAll(async () => removeFolder(dir));

async function fixtureCases(): Promise<{ label: string; documents: Record<string, string> }[]> {
  const cases = [];
  for (const name of (await readdir(FIXTURES)).sort()) {
    const definitions = join(FIXTURES, name, 'definitions');
    const documents: Record<string, string> = {};
    for (const file of await readdir(definitions)) documents[file] = await readFile(join(definitions, file), 'utf8');
    cases.push({ label: name, documents });
  }
  return cases;
}

describe('APIs the fuzzer once failed on', () => {
  it('each passes every check of the fuzzer', async () => {
    const cases = await fixtureCases();
    const verdicts = await judgeCases(join(dir, 'fixtures'), cases, batchOptions(1, 3));
    const failed = verdicts.flatMap((verdict, index) =>
      verdict.kind === 'valid' ? [] : [`${cases[index]?.label}: ${JSON.stringify(verdict)}`],
    );
    expect(failed).toEqual([]);
  }, 300_000);
});
