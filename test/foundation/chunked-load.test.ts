// Large definition files are loaded from chunks remembered between runs (src/definitions/chunked-load.ts):
// whatever comes from the store or is parsed afresh, the value, every position and every diagnostic
// must be exactly what parsing the whole file gives, and a run after one entity changed parses only
// that entity's chunk. Damaged store entries are parsed again, never used.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesizeAdminApi } from '../../bench/synth.mjs';
import { loadInChunks, type ChunkStore, type StoredChunk } from '../../src/definitions/chunked-load.js';
import { planChunks } from '../../src/definitions/chunk-split.js';
import { parseDefinitionText, parseWithYaml, type LoadedFile } from '../../src/definitions/load.js';
import { positionOf } from '../../src/definitions/positions.js';
import { testSeed } from '../helpers/seed.js';
import { ROOT } from './helpers.js';
import { allPaths, differences } from './load-differences.js';

const realAdmin = await readFile(join(ROOT, 'definitions', 'admin-api.yaml'), 'utf8');
/** Admin-API-shaped definitions of `count` entities: 34 make about 220 KB, above the split threshold. */
const synthetic = (count: number, variant = 0): string => synthesizeAdminApi(realAdmin, count, variant) as string;
const BIG = synthetic(34);

/** A store as the run's memo store is: values kept as JSON; `parsed` counts the chunks parsed (stored). */
class TestStore implements ChunkStore {
  readonly entries = new Map<string, unknown>();
  parsed = 0;
  get(key: string): unknown {
    return this.entries.get(key);
  }
  set(key: string, value: StoredChunk): void {
    this.parsed += 1;
    this.entries.set(key, JSON.parse(JSON.stringify(value)));
  }
}

function whole(text: string, file = 'definitions/admin-api.yaml') {
  return parseWithYaml(file, text);
}
function chunked(text: string, store: ChunkStore = new TestStore(), file = 'definitions/admin-api.yaml') {
  return parseDefinitionText(file, Buffer.from(text), store);
}

describe('a large definition file loaded from chunks', () => {
  it('gives the value, line starts and every position of a whole-file parse', () => {
    const store = new TestStore();
    const loaded = chunked(BIG, store).file as LoadedFile;
    expect(store.parsed).toBeGreaterThan(200);
    const reference = whole(BIG).file as LoadedFile;
    expect(allPaths(reference.value).length).toBeGreaterThan(20_000);
    expect(differences(reference, loaded)).toEqual([]);
    // A few by hand: an entry's key, a field deep in a record, a route's method.
    const line = (text: string) => BIG.slice(0, BIG.indexOf(text)).split('\n').length;
    expect(positionOf(loaded.positions, ['routes', 'getEntity020'], { atKey: true })).toEqual({
      line: line('  getEntity020:'),
      column: 3,
    });
    expect(positionOf(loaded.positions, ['routes', 'deleteEntity007', 'method'])).toEqual({
      line: line('  deleteEntity007:') + 3,
      column: 13,
    });
  });

  it('parses only the changed entity again, and nothing when nothing changed', () => {
    const store = new TestStore();
    chunked(BIG, store);
    store.parsed = 0;
    expect(differences(whole(BIG).file as LoadedFile, chunked(BIG, store).file as LoadedFile)).toEqual([]);
    expect(store.parsed).toBe(0);
    const changed = synthetic(34, 1);
    expect(changed).not.toBe(BIG);
    expect(differences(whole(changed).file as LoadedFile, chunked(changed, store).file as LoadedFile)).toEqual([]);
    expect(store.parsed).toBe(1);
  });

  it('parses damaged store entries again and never uses them', () => {
    const damages: ((entry: Record<string, unknown>) => unknown)[] = [
      () => 'not a chunk',
      (entry) => ({ ...entry, tokens: 'many' }),
      (entry) => ({ ...entry, value: {} }),
      (entry) => ({ ...entry, value: { other: 1 } }),
      (entry) => ({ ...entry, keys: (entry.keys as unknown[]).slice(1) }),
      (entry) => ({ ...entry, fields: changedFields(entry, (fields) => fields.slice(5)) }),
      (entry) => ({
        ...entry,
        fields: changedFields(entry, (fields) => fields.map((field, at) => (at ? field : 1e9))),
      }),
      // The root's child pointed back at the root: a loop.
      (entry) => ({
        ...entry,
        fields: changedFields(entry, (fields) => fields.map((field, at) => (at === 3 ? 0 : field))),
      }),
      // Bytes that are no whole number of fields, and the numbers as a list instead of their bytes.
      (entry) => ({ ...entry, fields: (entry.fields as string).slice(0, -4) }),
      (entry) => ({ ...entry, fields: Array.from(Buffer.from(entry.fields as string, 'base64')) }),
    ];
    const reference = whole(BIG).file as LoadedFile;
    for (const [which, damage] of damages.entries()) {
      const store = new TestStore();
      chunked(BIG, store);
      const total = store.parsed;
      for (const [key, entry] of store.entries) store.entries.set(key, damage(entry as Record<string, unknown>));
      store.parsed = 0;
      expect(differences(reference, chunked(BIG, store).file as LoadedFile), `damage ${which}`).toEqual([]);
      // A malformed entry is parsed again; one well-formed but of another key makes the file be parsed whole.
      expect(store.parsed, `damage ${which}`).toBe(which === 2 || which === 3 ? 0 : total);
    }
  });

  it('reports a key repeated across chunks exactly as the whole-file parse does', () => {
    const firstRoute = BIG.slice(BIG.indexOf('  listEntity000:'), BIG.indexOf('  getEntity000:'));
    const text = `${BIG}${firstRoute}`;
    expect(planChunks(text)).toBeDefined();
    const result = chunked(text);
    expect(result.file).toBeUndefined();
    expect(result.diagnostics).toEqual(whole(text).diagnostics);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'SVC002', line: BIG.split('\n').length, column: 3 }),
    );
    const twice = `${BIG}records:\n  extra:\n    fields: {}\n`;
    expect(chunked(twice).diagnostics).toEqual(whole(twice).diagnostics);
    expect(chunked(twice).diagnostics).toHaveLength(1);
  });

  it('reads a file with anchors, aliases, tags or values JSON cannot hold as the whole-file parse does', () => {
    const texts = [
      BIG.replace(
        '  getEntity001:\n    description: Reads',
        '  getEntity001:\n    description: &described Reads',
      ).replace(
        '  getEntity002:\n    description: Reads one entity002 record.',
        '  getEntity002:\n    description: *described',
      ),
      BIG.replace('maxLength: 64', 'maxLength: !!int 64'),
      BIG.replace('maxLength: 64', 'maxLength: -0'),
    ];
    for (const text of texts) {
      expect(text).not.toBe(BIG);
      const loaded = chunked(text).file as LoadedFile;
      expect(differences(whole(text).file as LoadedFile, loaded)).toEqual([]);
    }
  });

  it('gives the diagnostics of a whole-file parse for a syntax error inside one entry', () => {
    const broken = [
      BIG.replace('      id: { type: string, format: hex-id }\n', '      id: { type: string, format: hex-id\n'),
      BIG.replace('    method: DELETE\n', '    method: "DELETE\n'),
      BIG.replace('        minLength: 1\n', '       minLength: 1\n'),
      BIG.replace('  getEntity005:\n', '  getEntity005:\n\tdescription: tab\n'),
      BIG.replace('maxLength: 64', 'maxLength: .nan'),
    ];
    for (const text of broken) {
      expect(text).not.toBe(BIG);
      const result = chunked(text);
      expect(result.diagnostics).toEqual(whole(text).diagnostics);
    }
  });

  it('refuses to split text that could read differently in chunks', () => {
    const safe = 'name: a\nroutes:\n  one: 1\n  two: 2\n';
    expect(planChunks(safe)?.map((chunk) => chunk.role)).toEqual(['block', 'first-entry', 'entry']);
    const unsafe = [
      'name: a\nroutes:\n  one: 1\n\t\n  two: 2\n',
      'name: a\r\nroutes:\r\n  one: 1\r\n  two: 2\r\n',
      '%YAML 1.2\n---\nroutes:\n  one: 1\n  two: 2\n',
      'routes:\n  one: 1\n  two: 2\n---\nb: 1\n',
      '- a\n- b\n',
      '  routes:\n    one: 1\n    two: 2\n',
      'routes:\n  one: 1\n  - two\n',
      'routes:\n  one: 1\n  "two": 2\n',
      'routes:\n  one: 1\n  ? two\n  : 2\n',
      'routes:\n  one:\n    x:\n#c\n      text\n  two: 2\n',
      'routes:\n  one:\n    x:\n  #c\n      |\n  two: 2\n',
      'description:\n#c\n  text\nroutes:\n  one: 1\n  two: 2\n',
      'routes:\n  one: 1\n two: 2\n  three: 3\n',
    ];
    for (const text of unsafe) expect(planChunks(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads random splittable texts exactly as the whole-file parse does', () => {
    const random = seeded(testSeed());
    let compared = 0;
    for (let round = 0; round < 400; round += 1) {
      const text = randomDefinitions(random);
      const loaded = loadInChunks(text, new TestStore(), 0);
      if (!loaded) continue;
      const reference = whole(text, 'r.yaml');
      expect(reference.diagnostics, text).toEqual([]);
      expect(differences(reference.file as LoadedFile, { file: 'r.yaml', text, ...loaded }), text).toEqual([]);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(100);
  });
});

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Definitions-shaped YAML with what can trip a split: comments at every indentation (with and
 * without a space after "#"), blank lines with spaces, block scalars of every header, multi-line
 * plain and quoted scalars, flow collections over several lines, empty values, odd keys; now and
 * then a repeated key, an anchor or a broken line.
 */
function randomDefinitions(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const lines: string[] = [];
  const comment = () => {
    if (random() < 0.25)
      lines.push(`${' '.repeat(pick([0, 0, 1, 2, 2, 3, 4, 6]))}${pick(['#c', '# c', '#', '# ---- x ----'])}`);
    if (random() < 0.15) lines.push(' '.repeat(pick([0, 1, 2, 5])));
  };
  const scalar = (indent: number): string[] => {
    const pad = ' '.repeat(indent);
    switch (Math.floor(random() * 12)) {
      case 0:
        return [
          `${pick(['|', '>', '|-', '>-', '|+', '>+', '|2', '>1-'])}`,
          ...Array.from(
            { length: 1 + Math.floor(random() * 3) },
            () => `${pad}  ${pick(['text', 'more: text', '# not a comment', '  indented', ''])}`,
          ),
          ...(random() < 0.3 ? [''] : []),
        ];
      case 1:
        return ['plain words', `${pad}  continued here`];
      case 2:
        return ['"quoted', `${pad}  over lines"`];
      case 3:
        return ["'single ''quoted'''"];
      case 4:
        return ['[a, b,', `${pad}  c]`];
      case 5:
        return ['{ k: v, n: 1 }'];
      case 6:
        return [pick(['.inf', '-.inf', '.nan', '-0', '0x1f', '1e3', 'true', 'null', '~', '"\\u00e9"'])];
      case 7:
        return [''];
      case 8:
        return [random() < 0.05 ? '&anchor value' : 'value'];
      case 9:
        return [random() < 0.05 ? '"unterminated' : 'ok'];
      default:
        return [pick(['one', 'two words', 'x: y', 'http://example.com/a#b', "it's"]).replace('x: y', 'x-y')];
    }
  };
  const mapping = (indent: number, depth: number) => {
    const keys = ['type', 'description', 'items', 'default', '200', 'true', '__proto__', 'k.x', 'a-b', 'list'].sort(
      () => random() - 0.5,
    );
    const count = 1 + Math.floor(random() * 3);
    for (let index = 0; index < count; index += 1) {
      comment();
      const key = random() < 0.02 ? (keys[0] as string) : (keys[index] as string);
      if (depth > 0 && random() < 0.35) {
        lines.push(`${' '.repeat(indent)}${key}:`);
        mapping(indent + 2, depth - 1);
      } else if (depth > 0 && random() < 0.15) {
        lines.push(`${' '.repeat(indent)}${key}:`);
        for (let item = 0; item < 2; item += 1)
          lines.push(`${' '.repeat(indent + 2)}- ${pick(['x', '1', '"q"', '{ a: 1 }', '[b]', ''])}`);
      } else {
        const [first, ...rest] = scalar(indent);
        lines.push(`${' '.repeat(indent)}${key}:${first ? ` ${first}` : ''}`, ...rest);
      }
    }
  };
  if (random() < 0.3) lines.push('# leading comment');
  lines.push('name: r');
  const sections = ['records', 'routes', 'errors', 'auth', 'interface'];
  for (let section = 0; section < 2 + Math.floor(random() * 3); section += 1) {
    comment();
    const name = random() < 0.03 ? 'name' : (sections[section] as string);
    if (random() < 0.2) {
      const [first, ...rest] = scalar(0);
      lines.push(`${name}:${first ? ` ${first}` : ''}`, ...rest);
      continue;
    }
    lines.push(`${name}:${random() < 0.2 ? ' # section' : ''}`);
    const entries = 2 + Math.floor(random() * 4);
    for (let entry = 0; entry < entries; entry += 1) {
      comment();
      const key = random() < 0.03 ? 'e0' : `${pick(['e', 'E', '', 'get$', 'a.b'])}${entry}`;
      if (random() < 0.7) {
        lines.push(`  ${key}:`);
        mapping(4, 2);
      } else {
        const [first, ...rest] = scalar(2);
        lines.push(`  ${key}:${first ? ` ${first}` : ''}`, ...rest);
      }
    }
  }
  comment();
  return `${lines.join('\n')}${random() < 0.9 ? '\n' : ''}`;
}

/** A stored chunk's index fields (base64 of their bytes) changed by `change`. */
function changedFields(entry: Record<string, unknown>, change: (fields: Int32Array) => Int32Array): string {
  const bytes = Buffer.from(entry.fields as string, 'base64');
  const fields = new Int32Array(bytes.length / 4);
  new Uint8Array(fields.buffer).set(bytes);
  const changed = change(fields);
  return Buffer.from(changed.buffer, changed.byteOffset, changed.byteLength).toString('base64');
}
