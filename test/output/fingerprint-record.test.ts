// The generator fingerprint taken from its stat record: trusted only while every code file's stat
// is unchanged and old enough not to be racy; otherwise the code is hashed again.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordedFingerprint } from '../../src/version.js';
import { tempDir } from '../helpers/tree.js';

let dir: string;
let code: string;
let record: string;

beforeEach(async () => {
  dir = await tempDir('svcgen-fingerprint-');
  code = join(dir, 'code');
  record = join(dir, 'cache', 'generator.json');
  await writeCode({ 'a.js': 'export const a = 1;\n', 'b.js': 'export const b = 2;\n' });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeCode(files: Record<string, string>): Promise<void> {
  await mkdir(code, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(code, name), text);
  // A record's time is Date.now() in whole milliseconds: one made in the same millisecond as the write would not be
  // later than the files' change times, and would rightly not be trusted even with no margin.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

/** No margin: files written before a record count as settled (the real margin is 2 s). */
const NO_MARGIN = 0n;

describe('recordedFingerprint', () => {
  it('computes and records the fingerprint, then takes it from the record', async () => {
    const first = await recordedFingerprint(code, record, NO_MARGIN);
    expect(first.fromRecord).toBe(false);
    const second = await recordedFingerprint(code, record, NO_MARGIN);
    expect(second).toEqual({ fingerprint: first.fingerprint, fromRecord: true });
  });

  it('does not trust a record for files changed shortly before it was made (racy)', async () => {
    await recordedFingerprint(code, record);
    expect((await recordedFingerprint(code, record)).fromRecord).toBe(false);
  });

  it('hashes the code again when a file changes, even to the same size', async () => {
    const before = await recordedFingerprint(code, record, NO_MARGIN);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeCode({ 'a.js': 'export const a = 9;\n' });
    const after = await recordedFingerprint(code, record, NO_MARGIN);
    expect(after.fromRecord).toBe(false);
    expect(after.fingerprint).not.toBe(before.fingerprint);
    // What a run without any record computes.
    expect(after.fingerprint).toBe(
      (await recordedFingerprint(code, join(dir, 'elsewhere.json'), NO_MARGIN)).fingerprint,
    );
  });

  it('hashes the code again when a file is added', async () => {
    const before = await recordedFingerprint(code, record, NO_MARGIN);
    await writeCode({ 'c.js': 'export const c = 3;\n' });
    const after = await recordedFingerprint(code, record, NO_MARGIN);
    expect(after.fromRecord).toBe(false);
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });

  it('hashes the code again when a file is removed', async () => {
    const before = await recordedFingerprint(code, record, NO_MARGIN);
    await rm(join(code, 'b.js'));
    const after = await recordedFingerprint(code, record, NO_MARGIN);
    expect(after.fromRecord).toBe(false);
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });

  it('ignores a damaged record', async () => {
    const first = await recordedFingerprint(code, record, NO_MARGIN);
    await writeFile(record, '{"statKey": 1');
    expect(await recordedFingerprint(code, record, NO_MARGIN)).toEqual({
      fingerprint: first.fingerprint,
      fromRecord: false,
    });
  });
});
