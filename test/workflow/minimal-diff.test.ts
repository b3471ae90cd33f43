// Adding one optional field changes only the lines about that field: no reordering, no
// renumbering, nothing else touched. Judged with a line diff (Myers) of every generated file.
import { cp, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, ROOT, runCli, tempDir, writeText } from './helpers.js';

const SLOW = 300_000;
const FIELD = 'internalRemark';
const MANIFEST = '.svcgen-manifest.json';

interface Hunk {
  readonly removed: readonly string[];
  readonly added: readonly string[];
}

/** The edit script between two line lists, as hunks of adjacent removed and added lines. */
export function lineHunks(a: readonly string[], b: readonly string[]): Hunk[] {
  const n = a.length;
  const m = b.length;
  const trace: Map<number, number>[] = [];
  const v = new Map<number, number>([[1, 0]]);
  const get = (map: Map<number, number>, k: number) => map.get(k) ?? -1;
  let done = false;
  for (let d = 0; d <= n + m && !done; d += 1) {
    trace.push(new Map(v));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && get(v, k - 1) < get(v, k + 1)) ? get(v, k + 1) : get(v, k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v.set(k, x);
      if (x >= n && y >= m) {
        done = true;
        break;
      }
    }
  }
  // Walk back from the end: each step is a snake (equal lines) after one insertion or deletion.
  const edits: { kind: 'add' | 'remove' | 'same'; line: string }[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const before = trace[d] as Map<number, number>;
    const k = x - y;
    const prevK = k === -d || (k !== d && get(before, k - 1) < get(before, k + 1)) ? k + 1 : k - 1;
    const prevX = Math.max(get(before, prevK), 0);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
      edits.push({ kind: 'same', line: a[x] as string });
    }
    if (d > 0) {
      if (x === prevX) edits.push({ kind: 'add', line: b[prevY] as string });
      else edits.push({ kind: 'remove', line: a[prevX] as string });
    }
    x = prevX;
    y = prevY;
  }
  edits.reverse();
  const hunks: { removed: string[]; added: string[] }[] = [];
  let current: { removed: string[]; added: string[] } | undefined;
  for (const edit of edits) {
    if (edit.kind === 'same') {
      current = undefined;
      continue;
    }
    if (!current) hunks.push((current = { removed: [], added: [] }));
    (edit.kind === 'add' ? current.added : current.removed).push(edit.line);
  }
  return hunks;
}

/** Whether every removed line comes back among the added ones, in order, ignoring whitespace and a trailing comma. */
function reappearsInOrder(removed: readonly string[], added: readonly string[]): boolean {
  const bare = (line: string) =>
    line
      .replace(/[,;]\s*$/, '')
      .replace(/\s+/g, '')
      .replace(/-{3,}/g, '---');
  let next = 0;
  for (const line of removed) {
    while (next < added.length && bare(added[next] as string) !== bare(line)) next += 1;
    if (next === added.length) return false;
    next += 1;
  }
  return true;
}

async function readTree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    files.set(path, await readFile(join(dir, path), 'utf8'));
  }
  return files;
}

describe('lineHunks', () => {
  it.each([
    { a: 'a b c', b: 'a b c', want: [] },
    { a: 'a b c', b: 'a x b c', want: [{ removed: [], added: ['x'] }] },
    { a: 'a b c d', b: 'a c d', want: [{ removed: ['b'], added: [] }] },
    {
      a: 'a b c d e',
      b: 'a B c d E',
      want: [
        { removed: ['b'], added: ['B'] },
        { removed: ['e'], added: ['E'] },
      ],
    },
    { a: '', b: 'x', want: [{ removed: [''], added: ['x'] }] },
  ])('$a → $b', ({ a, b, want }) => {
    expect(lineHunks(a.split(' '), b.split(' '))).toEqual(want);
  });
});

describe('adding one optional field', () => {
  let dir: string;
  let before: Map<string, string>;
  let after: Map<string, string>;

  beforeAll(async () => {
    dir = await tempDir('svcgen-minimal-diff-');
    await cp(join(ROOT, 'definitions'), join(dir, 'definitions'), { recursive: true });
    const first = await runCli(['generate'], dir);
    if (first.code !== 0) throw new Error(first.stderr);
    before = await readTree(join(dir, 'generated'));
    const path = join(dir, 'definitions', 'price-list-api.yaml');
    const text = await readFile(path, 'utf8');
    const anchor =
      '  priceList:\n    description: A custom price list.\n    example: { id: 1, name: Wholesale, priority: 10 }\n    fields:\n';
    if (!text.includes(anchor)) throw new Error('the priceList record moved; update the anchor');
    const field = `      ${FIELD}:\n        description: A remark for staff, never shown to buyers.\n        type: string\n        required: false\n`;
    await writeText(path, text.replace(anchor, `${anchor}${field}`));
    const second = await runCli(['generate'], dir);
    if (second.code !== 0) throw new Error(second.stderr);
    after = await readTree(join(dir, 'generated'));
  }, SLOW);

  afterAll(async () => {
    await removeDir(dir);
  });

  it('adds and removes no file', () => {
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  });

  it("changes the record's type and schema", () => {
    expect(after.get('price-list-api/types.ts')).not.toBe(before.get('price-list-api/types.ts'));
    expect(after.get('price-list-api/schemas.ts')).not.toBe(before.get('price-list-api/schemas.ts'));
  });

  it('changes only lines about the field, each change a small hunk that names it', () => {
    const problems: string[] = [];
    for (const [path, text] of after) {
      if (path === MANIFEST) continue;
      const old = before.get(path) ?? '';
      if (old === text) continue;
      for (const hunk of lineHunks(old.split('\n'), text.split('\n'))) {
        const lines = [...hunk.removed, ...hunk.added];
        const shown = `${path}:\n${hunk.removed.map((line) => `- ${line}`).join('\n')}\n${hunk.added.map((line) => `+ ${line}`).join('\n')}`;
        if (!lines.some((line) => line.includes(FIELD))) problems.push(`a hunk that does not name ${FIELD}: ${shown}`);
        if (hunk.added.length > 12) problems.push(`a hunk of ${hunk.added.length} added lines: ${shown}`);
        // A removed line may only come back, in the same order, with other padding (a re-aligned
        // Markdown table of the record) or other punctuation (a comma after a JSON member).
        if (!reappearsInOrder(hunk.removed, hunk.added))
          problems.push(`a line removed, rewritten or reordered: ${shown}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
