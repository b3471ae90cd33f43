// Large definition files are parsed in chunks (src/definitions/chunked-load.ts), in parallel and
// cached: whatever the path, the value, every position and every diagnostic must be exactly what
// parsing the whole file gives.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Lexer } from 'yaml';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize, synthesizeAdminApi } from '../../bench/synth.mjs';
import { ChunkPack, chunkKey } from '../../src/definitions/chunk-cache.js';
import { decodeChunk, encodeChunk } from '../../src/definitions/chunk-codec.js';
import { parseChunk, type ParsedChunk } from '../../src/definitions/chunk-parse.js';
import { loadInChunks, loadPlanned } from '../../src/definitions/chunked-load.js';
import { planChunks } from '../../src/definitions/chunk-split.js';
import { parseDefinitionText, type LoadedFile } from '../../src/definitions/load.js';
import { positionOf, type YamlPath } from '../../src/definitions/positions.js';
import { generate } from '../../src/generate.js';
import { ROOT } from './helpers.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-chunks-'));
  temporary.push(dir);
  return dir;
}

const realAdmin = await readFile(join(ROOT, 'definitions', 'admin-api.yaml'), 'utf8');
/** Admin-API-shaped definitions of `count` entities: 34 make about 220 KB, above the split threshold. */
const synthetic = (count: number, variant = 0): string => synthesizeAdminApi(realAdmin, count, variant) as string;
const BIG = synthetic(34);

function whole(text: string, file = 'definitions/admin-api.yaml') {
  return parseDefinitionText(file, Buffer.from(text), { split: false });
}
function split(text: string, file = 'definitions/admin-api.yaml') {
  return parseDefinitionText(file, Buffer.from(text));
}

function tokenCount(text: string): number {
  let count = 0;
  for (const token of new Lexer().lex(text)) count += token.length > 0 ? 1 : 0;
  return count;
}

/** Every path of the value, each also with a missing key and a missing index below it. */
function allPaths(value: unknown, path: YamlPath = [], into: YamlPath[] = []): YamlPath[] {
  into.push(path, [...path, 'no-such-key'], [...path, 99]);
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) allPaths((value as Record<string, unknown>)[key], [...path, Array.isArray(value) ? Number(key) : key], into);
  }
  return into;
}

/** Paths whose position differs between two loads of the same text (at most a few, for the message). */
function positionDifferences(expected: LoadedFile, actual: LoadedFile): string[] {
  const differences: string[] = [];
  for (const path of allPaths(expected.value)) {
    for (const atKey of [false, true]) {
      const want = positionOf(expected.positions, path, { atKey });
      const got = positionOf(actual.positions, path, { atKey });
      if (want.line !== got.line || want.column !== got.column) differences.push(`${JSON.stringify(path)} atKey=${atKey}: ${want.line}:${want.column} != ${got.line}:${got.column}`);
      if (differences.length >= 5) return differences;
    }
  }
  return differences;
}

describe('a large definition file parsed in chunks', () => {
  it('gives the value, line starts and token count of a whole-file parse', () => {
    const chunked = split(BIG).file as LoadedFile;
    const reference = whole(BIG).file as LoadedFile;
    expect(chunked.positions.chunks.length).toBeGreaterThan(200);
    expect(reference.positions.chunks.length).toBe(1);
    expect(isDeepStrictEqual(chunked.value, reference.value)).toBe(true);
    expect(Array.from(chunked.positions.lineStarts)).toEqual(Array.from(reference.positions.lineStarts));
    expect(loadInChunks('a.yaml', BIG)?.tokens).toBe(tokenCount(BIG));
  });

  it('places every route, record and field where the whole-file parse does', () => {
    const chunked = split(BIG).file as LoadedFile;
    const reference = whole(BIG).file as LoadedFile;
    expect(allPaths(reference.value).length).toBeGreaterThan(20_000);
    expect(positionDifferences(reference, chunked)).toEqual([]);
    // A few by hand: an entry's key, a field deep in a record, a route's method.
    const line = (text: string) => BIG.slice(0, BIG.indexOf(text)).split('\n').length;
    expect(positionOf(chunked.positions, ['routes', 'getEntity020'], { atKey: true })).toEqual({ line: line('  getEntity020:'), column: 3 });
    expect(positionOf(chunked.positions, ['records', 'entity033', 'fields', 'name', 'maxLength'])).toEqual({
      line: BIG.slice(0, BIG.indexOf('maxLength', BIG.indexOf('  entity033:'))).split('\n').length,
      column: 20,
    });
    expect(positionOf(chunked.positions, ['routes', 'deleteEntity007', 'method'])).toEqual({ line: line('  deleteEntity007:') + 3, column: 13 });
  });

  it('reports a route name repeated across chunks exactly as the whole-file parse does', () => {
    const firstRoute = BIG.slice(BIG.indexOf('  listEntity000:'), BIG.indexOf('  getEntity000:'));
    const text = `${BIG}${firstRoute}`;
    expect(planChunks(text)).toBeDefined();
    const result = split(text);
    expect(result.file).toBeUndefined();
    expect(result.diagnostics).toEqual(whole(text).diagnostics);
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: 'SVC002', line: BIG.split('\n').length, column: 3 }));
    // A top-level key written twice, too.
    const twice = `${BIG}records:\n  extra:\n    fields: {}\n`;
    expect(split(twice).diagnostics).toEqual(whole(twice).diagnostics);
    expect(split(twice).diagnostics).toHaveLength(1);
  });

  it('parses a file with anchors, aliases or tags whole', () => {
    const anchored = BIG.replace('  getEntity001:\n    description: Reads', '  getEntity001:\n    description: &described Reads').replace(
      '  getEntity002:\n    description: Reads one entity002 record.',
      '  getEntity002:\n    description: *described',
    );
    const tagged = BIG.replace('maxLength: 64', 'maxLength: !!int 64');
    for (const text of [anchored, tagged]) {
      expect(text).not.toBe(BIG);
      const loaded = split(text).file as LoadedFile;
      expect(loaded.positions.chunks).toHaveLength(1);
      expect(isDeepStrictEqual(loaded.value, (whole(text).file as LoadedFile).value)).toBe(true);
    }
  });

  it('gives the diagnostics of today for a syntax error inside one entry', () => {
    const broken = [
      BIG.replace('      id: { type: string, format: hex-id }\n', '      id: { type: string, format: hex-id\n'),
      BIG.replace('    method: DELETE\n', '    method: "DELETE\n'),
      BIG.replace('        minLength: 1\n', '       minLength: 1\n'),
      BIG.replace('  getEntity005:\n', '  getEntity005:\n\tdescription: tab\n'),
    ];
    for (const text of broken) {
      expect(text).not.toBe(BIG);
      const result = split(text);
      expect(result.diagnostics.length).toBeGreaterThan(0);
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
    const random = seeded(20240611);
    let compared = 0;
    for (let round = 0; round < 400; round += 1) {
      const text = randomDefinitions(random);
      const reference = whole(text, 'r.yaml');
      const plan = planChunks(text);
      const chunked = plan && loadPlanned('r.yaml', text, plan);
      if (!chunked) continue;
      expect(reference.diagnostics, text).toEqual([]);
      const expected = reference.file as LoadedFile;
      const actual: LoadedFile = { file: 'r.yaml', text, value: chunked.value, positions: chunked.positions };
      expect(isDeepStrictEqual(actual.value, expected.value), text).toBe(true);
      expect(Array.from(actual.positions.lineStarts), text).toEqual(Array.from(expected.positions.lineStarts));
      expect(chunked.tokens, text).toBe(tokenCount(text));
      expect(positionDifferences(expected, actual), text).toEqual([]);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('the parsed-chunk cache', () => {
  it('serves a second parse, re-parses only a changed entity, and ignores a damaged pack', async () => {
    const cacheDir = await tempDir();
    const first = loadInChunks('definitions/admin-api.yaml', BIG, { cacheDir });
    expect(first?.parsedChunks).toBe(first?.positions.chunks.length);
    const [pack] = await readdir(cacheDir);
    expect(pack).toMatch(/\.pack$/);

    const second = loadInChunks('definitions/admin-api.yaml', BIG, { cacheDir });
    expect(second?.parsedChunks).toBe(0);
    expect(isDeepStrictEqual(second?.value, first?.value)).toBe(true);
    expect(positionDifferences({ ...(whole(BIG).file as LoadedFile) }, { file: '', text: BIG, value: second?.value, positions: second!.positions })).toEqual([]);

    const edited = synthetic(34, 1);
    const third = loadInChunks('definitions/admin-api.yaml', edited, { cacheDir });
    expect(third?.parsedChunks).toBe(1);
    expect(isDeepStrictEqual(third?.value, (whole(edited).file as LoadedFile).value)).toBe(true);
    // The pack rewritten from the kept entries' bytes and the new one reads back whole.
    const fourth = loadInChunks('definitions/admin-api.yaml', edited, { cacheDir });
    expect(fourth?.parsedChunks).toBe(0);
    expect(isDeepStrictEqual(fourth?.value, third?.value)).toBe(true);

    // One byte changed anywhere (the JSON of values, the index fields, the header): the pack is ignored.
    const packPath = join(cacheDir, pack as string);
    const bytes = await readFile(packPath);
    for (const at of [bytes.length - 100, bytes.length >> 1, 80]) {
      const damagedBytes = Buffer.from(bytes);
      damagedBytes[at] = (damagedBytes[at] ?? 0) ^ 0x01;
      await writeFile(packPath, damagedBytes);
      const damaged = loadInChunks('definitions/admin-api.yaml', edited, { cacheDir });
      expect(damaged?.parsedChunks).toBe(damaged?.positions.chunks.length);
      expect(isDeepStrictEqual(damaged?.value, third?.value)).toBe(true);
    }

    // An intact entry that is not a parsed chunk is not used; one parsed from another chunk's text
    // cannot fit where it is put, and the file is parsed whole.
    const plan = planChunks(edited) ?? [];
    const chunkOf = (index: number) => ({ text: (plan[index]?.prefix ?? '') + edited.slice(plan[index]?.start, plan[index]?.end), prefixLength: plan[index]?.prefix.length ?? 0, lookahead: plan[index]?.lookahead ?? '' });
    const forge = (parsed: ParsedChunk) => ChunkPack.open(cacheDir, 'definitions/admin-api.yaml').save(new Map([[chunkKey(chunkOf(3)), encodeChunk(parsed)]]));
    forge({ value: { routes: {} }, index: { fields: new Int32Array([0, -1, 1, 1, 1]), keys: [null] }, tokens: 1 });
    expect(loadInChunks('definitions/admin-api.yaml', edited, { cacheDir })?.parsedChunks).toBe(plan.length);
    forge(parseChunk(chunkOf(5)) as ParsedChunk);
    const misplaced = parseDefinitionText('definitions/admin-api.yaml', Buffer.from(edited), { cacheDir });
    expect(misplaced.file?.positions.chunks).toHaveLength(1);
    expect(isDeepStrictEqual(misplaced.file?.value, third?.value)).toBe(true);

    // A pack that is not one at all, or cut short: everything is parsed again.
    for (const junk of [Buffer.from('not a pack'), bytes.subarray(0, bytes.length >> 1)]) {
      await writeFile(packPath, junk);
      const again = loadInChunks('definitions/admin-api.yaml', edited, { cacheDir });
      expect(again?.parsedChunks).toBe(again?.positions.chunks.length);
      expect(isDeepStrictEqual(again?.value, third?.value)).toBe(true);
    }
  });

  it('keeps a small file as one chunk', async () => {
    const cacheDir = await tempDir();
    const text = await readFile(join(ROOT, 'definitions', 'store-api.yaml'), 'utf8');
    expect(loadInChunks('definitions/store-api.yaml', text)).toBeUndefined();
    const first = loadInChunks('definitions/store-api.yaml', text, { cacheDir });
    expect(first?.parsedChunks).toBe(1);
    const second = loadInChunks('definitions/store-api.yaml', text, { cacheDir });
    expect(second?.parsedChunks).toBe(0);
    const reference = whole(text, 'definitions/store-api.yaml').file as LoadedFile;
    expect(isDeepStrictEqual(second?.value, reference.value)).toBe(true);
    expect(positionDifferences(reference, { file: '', text, value: second?.value, positions: second!.positions })).toEqual([]);
  });

  it('is written by generate, and not at all when caching is off', async () => {
    const dir = await tempDir();
    const definitions = join(dir, 'definitions');
    await synthesize(34, definitions);
    const run = (cache: boolean) => generate({ cwd: dir, definitionsDir: definitions, outDir: join(dir, `out-${cache}`), cache, gitattributes: false });
    expect((await run(false)).ok).toBe(true);
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    expect((await run(true)).ok).toBe(true);
    // One pack per definition file: the synthetic admin-api and the other files of definitions/.
    const packs = (await readdir(join(dir, 'node_modules', '.cache', 'svcgen', 'definitions'))).filter((name) => name.endsWith('.pack'));
    expect(packs).toHaveLength((await readdir(definitions)).length);
  }, 120_000);
});

describe('a parsed chunk encoded for the cache or another thread', () => {
  const plain = { text: 'name: r\nroutes:\n  a: { "2": two, b: [x, 1.5, true, null], "1": one }\n', prefixLength: 0, lookahead: '' };
  // JSON cannot hold -0, Infinity or NaN: such a value takes the other encoding.
  const special = {
    text: ['numbers: [-0, 0, .inf, -.inf, .nan, 1e300, 0x1f, 12345678901234567890]', 'strings: ["\\ud800 lone", "\\0 nul", "é ✓ 😀", "\\u2028"]', 'order: { b: 1, 2: x, __proto__: own, a: [] }', ''].join('\n'),
    prefixLength: 0,
    lookahead: '',
  };
  /** Whether two values are equal, keys in the same order, -0 and 0 told apart. */
  const identical = (actual: unknown, expected: unknown) => isDeepStrictEqual(actual, expected) && isDeepStrictEqual(allPaths(actual), allPaths(expected));

  it('gives back exactly the value, index and token count yaml gave', () => {
    for (const chunk of [plain, special]) {
      const parsed = parseChunk(chunk) as ParsedChunk;
      const decoded = decodeChunk(encodeChunk(parsed), chunk.text.length) as ParsedChunk;
      expect(identical(decoded.value, parsed.value)).toBe(true);
      expect(isDeepStrictEqual(decoded.index, parsed.index)).toBe(true);
      expect(decoded.tokens).toBe(parsed.tokens);
    }
    const value = (parseChunk(special) as ParsedChunk).value as { numbers: number[]; order: object };
    expect(Object.is(value.numbers[0], -0) && Number.isNaN(value.numbers[4])).toBe(true);
    expect(Object.hasOwn(value.order, '__proto__')).toBe(true);
    expect(encodeChunk(parseChunk(plain) as ParsedChunk).v8).toBeUndefined();
    expect(encodeChunk(parseChunk(special) as ParsedChunk).v8).toBeDefined();
  });

  it('comes back the same from a pack, and not at all for another length or malformed data', async () => {
    const cacheDir = await tempDir();
    const chunks = [plain, special].map((chunk) => ({ chunk, key: chunkKey(chunk), parsed: parseChunk(chunk) as ParsedChunk }));
    ChunkPack.open(cacheDir, 'x.yaml').save(new Map(chunks.map(({ key, parsed }) => [key, encodeChunk(parsed)])));
    const pack = ChunkPack.open(cacheDir, 'x.yaml');
    for (const { chunk, key, parsed } of chunks) {
      const cached = pack.get(key, chunk.text.length)?.parsed as ParsedChunk;
      expect(identical(cached.value, parsed.value)).toBe(true);
      expect(isDeepStrictEqual(cached.index, parsed.index)).toBe(true);
      expect(cached.tokens).toBe(parsed.tokens);
      // Offsets beyond the chunk's text: not an index of it.
      expect(pack.get(key, 3)).toBeUndefined();
    }
    const encoded = encodeChunk(chunks[0]?.parsed as ParsedChunk);
    expect(decodeChunk({ ...encoded, json: Buffer.from('[[null],') }, plain.text.length)).toBeUndefined();
    expect(decodeChunk({ ...encoded, tokens: -1 }, plain.text.length)).toBeUndefined();
    expect(decodeChunk({ ...encoded, fields: encoded.fields.subarray(5) }, plain.text.length)).toBeUndefined();
    const withV8 = encodeChunk(chunks[1]?.parsed as ParsedChunk);
    expect(decodeChunk({ ...withV8, v8: new Uint8Array([0xff, 0x0f, 0x6f]) }, special.text.length)).toBeUndefined();
    expect(decodeChunk({ ...withV8, json: encoded.json }, special.text.length)).toBeUndefined();
  });
});

describe('chunks parsed on worker threads', () => {
  // The worker is a compiled script: this uses the build (npm test builds first).
  const dist = join(ROOT, 'dist', 'definitions');
  it.runIf(existsSync(join(dist, 'chunk-worker.js')))('give what this thread gives', async () => {
    const { parseChunks } = (await import(join(dist, 'chunk-pool.js'))) as typeof import('../../src/definitions/chunk-pool.js');
    const { parseChunk } = (await import(join(dist, 'chunk-parse.js'))) as typeof import('../../src/definitions/chunk-parse.js');
    const plan = planChunks(BIG) ?? [];
    const chunks = plan.map((chunk) => ({ text: chunk.prefix + BIG.slice(chunk.start, chunk.end), prefixLength: chunk.prefix.length, lookahead: chunk.lookahead }));
    const results = parseChunks(chunks, false, 0) ?? [];
    expect(results).toHaveLength(chunks.length);
    // Without encoding asked for, only a worker's results come with bytes.
    expect(results.some((result) => result.encoded !== undefined)).toBe(true);
    for (const [index, chunk] of chunks.entries()) expect(isDeepStrictEqual(results[index]?.parsed, parseChunk(chunk))).toBe(true);
    // A refused chunk stops the whole run.
    expect(parseChunks([...chunks, { text: 'routes:\n  broken: [\n', prefixLength: 0, lookahead: '' }], false, 0)).toBeUndefined();
  }, 60_000);
});

/** A small deterministic random source (mulberry32). */
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
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const lines: string[] = [];
  const comment = () => {
    if (random() < 0.25) lines.push(`${' '.repeat(pick([0, 0, 1, 2, 2, 3, 4, 6]))}${pick(['#c', '# c', '#', '# ---- x ----'])}`);
    if (random() < 0.15) lines.push(' '.repeat(pick([0, 1, 2, 5])));
  };
  const scalar = (indent: number): string[] => {
    const pad = ' '.repeat(indent);
    switch (Math.floor(random() * 12)) {
      case 0:
        return [`${pick(['|', '>', '|-', '>-', '|+', '>+', '|2', '>1-'])}`, ...Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pad}  ${pick(['text', 'more: text', '# not a comment', '  indented', ''])}`), ...(random() < 0.3 ? [''] : [])];
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
    const keys = ['type', 'description', 'items', 'default', '200', 'true', '__proto__', 'k.x', 'a-b', 'list'].sort(() => random() - 0.5);
    const count = 1 + Math.floor(random() * 3);
    for (let index = 0; index < count; index += 1) {
      comment();
      const key = random() < 0.02 ? (keys[0] as string) : (keys[index] as string);
      if (depth > 0 && random() < 0.35) {
        lines.push(`${' '.repeat(indent)}${key}:`);
        mapping(indent + 2, depth - 1);
      } else if (depth > 0 && random() < 0.15) {
        lines.push(`${' '.repeat(indent)}${key}:`);
        for (let item = 0; item < 2; item += 1) lines.push(`${' '.repeat(indent + 2)}- ${pick(['x', '1', '"q"', '{ a: 1 }', '[b]', ''])}`);
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
