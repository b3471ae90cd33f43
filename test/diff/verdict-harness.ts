// Runs the cases of verdict-cases.ts: what `svcgen diff` says, and what happens between the code
// generated from the base and from the head definition. All cases are generated in one run (each
// case's base and head are two interfaces under the case's own base path), type-checked in one tsc
// program, and served by two Fastify apps (every base interface in one, every head interface in the
// other), so the whole table costs one generate, one tsc and a few hundred loopback calls.
import { INTEGER_FORMAT_ROWS, isIntegerFormat, isStringFormat, stringFormat } from '../../src/ir/formats.js';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import { diff } from '../../src/diff/diff.js';
import { generate } from '../../src/index.js';
import type { Change } from '../../src/diff/types.js';
import { runTsc } from '../foundation/helpers.js';
import { ESM_STRICT } from '../helpers/compiler-options.js';
import type { Doc } from './verdict-cases.js';

export const ROOT = new URL('../../', import.meta.url).pathname;

export interface Prepared {
  readonly index: number;
  readonly base: Doc;
  readonly head: Doc;
}

/** What happened, per side (see verdicts.test.ts for the definitions). */
export interface Observed {
  /** Calls of the base client against the head server that failed, as "route (mode): error". */
  readonly clientFailures: string[];
  /** Calls of the head client against the base server that failed, for routes the base serves. */
  readonly serverFailures: string[];
  /** tsc errors of the base implementation checked against the head handler interface. */
  readonly serverCodeErrors: string[];
}

type Mode = 'full' | 'minimal';
type Loose = Record<string, any>;

/** The case's two definitions, named and placed apart so that one generate run holds every case. */
export function sides(index: number, base: Doc, head: Doc): { base: Doc; head: Doc } {
  const place = (doc: Doc, side: string): Doc => ({
    name: `case${index}-${side}`,
    ...doc,
    interface: { ...doc.interface, basePath: `/c${index}` },
  });
  return { base: place(base, 'base'), head: place(head, 'head') };
}

export async function writeDefinitions(root: string, cases: readonly Prepared[]): Promise<void> {
  await mkdir(join(root, 'defs-base'), { recursive: true });
  await mkdir(join(root, 'defs-head'), { recursive: true });
  await Promise.all(
    cases.flatMap(({ index, base, head }) => [
      writeFile(join(root, 'defs-base', `case${index}-base.yaml`), stringify(base)),
      writeFile(join(root, 'defs-head', `case${index}-head.yaml`), stringify(head)),
    ]),
  );
  // Generated code imports zod and fastify by name.
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
}

/** Two runs: a base and its head serve the same method and path, which one run refuses (SVC203). */
export async function generateAll(root: string): Promise<void> {
  for (const side of ['base', 'head']) {
    const result = await generate({
      cwd: root,
      definitionsDir: join(root, `defs-${side}`),
      outDir: join(root, `out-${side}`),
      gitattributes: false,
      cache: false,
    });
    if (!result.ok) throw new Error(`generate failed: ${JSON.stringify(result).slice(0, 2000)}`);
  }
}

/** The folder of a side's generated code, seen from the run's root. */
function outOf(doc: Doc): string {
  return `out-${String(doc.name).endsWith('-base') ? 'base' : 'head'}/${doc.name}`;
}

/** What `svcgen diff` reports for one case: both sides under one name, as a team would diff them. */
export async function diffCase(root: string, index: number, base: Doc, head: Doc): Promise<readonly Change[]> {
  const dir = join(root, 'diff', String(index));
  await mkdir(join(dir, 'base'), { recursive: true });
  await mkdir(join(dir, 'head'), { recursive: true });
  await writeFile(join(dir, 'base', 'lend.yaml'), stringify({ name: 'lend', ...base }));
  await writeFile(join(dir, 'head', 'lend.yaml'), stringify({ name: 'lend', ...head }));
  const result = await diff({ base: join(dir, 'base'), definitionsDir: join(dir, 'head'), cwd: dir });
  if (!result.ok) throw new Error(`${result.message}: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return result.changes;
}

// ---- values: the widest a side may send in a request or response ("full") and the least ("minimal") ----

function sample(doc: Doc, type: Loose, direction: 'request' | 'response', mode: Mode): unknown {
  if (type['nullable'] && mode === 'full') return null;
  if (type['const'] !== undefined) return type['const'];
  const format: string | undefined = type['format'];
  switch (type['type']) {
    case 'string':
      // A value its pattern takes, which the case gives (no sample is made from a regular expression).
      if (type['example'] !== undefined) return type['example'];
      if (format !== undefined && isStringFormat(format)) return stringFormat(format).examples[0];
      return 'x'.repeat(type['maxLength'] ?? 6);
    case 'integer':
      return (
        type['maximum'] ??
        (type['exclusiveMaximum'] !== undefined ? type['exclusiveMaximum'] - 1 : undefined) ??
        (format !== undefined && isIntegerFormat(format) ? INTEGER_FORMAT_ROWS[format].maximum : 1000)
      );
    case 'number':
      return (type['maximum'] ?? type['exclusiveMaximum'] ?? 1000) - 0.5;
    case 'boolean':
      return true;
    case 'date':
      return '2024-01-02';
    case 'date-time':
      return '2024-01-02T03:04:05Z';
    case 'enum':
      return type['values'].at(-1);
    case 'json':
      return { any: [1] };
    case 'list':
      return [sample(doc, type['items'], direction, mode)];
    case 'map':
      return { key: sample(doc, type['values'], direction, mode) };
    case 'record':
      return recordValue(doc, type['record'], direction, mode);
    case 'union':
      return unionValue(doc, type, direction, mode);
    default:
      throw new Error(`no sample for type ${String(type['type'])}`);
  }
}

/** The last variant when full (the one a case adds or removes), the first when minimal; tagged with its value. */
function unionValue(doc: Doc, type: Loose, direction: 'request' | 'response', mode: Mode): unknown {
  const variants = type['variants'] as Loose[];
  const variant = (mode === 'full' ? variants.at(-1) : variants[0]) as Loose;
  const value = sample(doc, variant, direction, mode);
  const tag = type['discriminator'] as string | { property: string; mapping?: Record<string, string> } | undefined;
  if (tag === undefined) return value;
  const { property, mapping = {} } = typeof tag === 'string' ? { property: tag } : tag;
  const named = Object.entries(mapping).find(([, record]) => record === variant['record'])?.[0];
  return { ...(value as Loose), [property]: named ?? variant['record'] };
}

function recordValue(doc: Doc, name: string, direction: 'request' | 'response', mode: Mode): Loose {
  const value: Loose = {};
  for (const [field, type] of Object.entries<Loose>(doc.records[name].fields)) {
    if (direction === 'request' && type['readOnly']) continue;
    const optional = type['required'] === false || (direction === 'request' && type['default'] !== undefined);
    if (mode === 'minimal' && optional) continue;
    value[field] = sample(doc, type, direction, mode);
  }
  // An open record's widest value carries a member it does not name (one that ignores them: its type has none).
  const other = doc.records[name].additionalFields;
  if (other !== undefined && other !== 'ignore' && mode === 'full')
    value['extra'] = other === true ? 'any' : sample(doc, other, direction, mode);
  return value;
}

function parameters(doc: Doc, list: Loose | undefined, mode: Mode, requiredByDefault: boolean): Loose | undefined {
  if (!list) return undefined;
  const value: Loose = {};
  for (const [name, type] of Object.entries<Loose>(list)) {
    const required = (type['required'] ?? requiredByDefault) && type['default'] === undefined;
    if (mode === 'minimal' && !required) continue;
    value[name] = sample(doc, type, 'request', mode);
  }
  return value;
}

/** A call's input: path parameters, query, cookies and body as a client of `doc` may send them. */
function callInput(doc: Doc, route: Loose, mode: Mode): Loose {
  const input: Loose = {};
  const params = parameters(doc, route['pathParams'], mode, true);
  const query = parameters(doc, route['query'], mode, false);
  const cookies = parameters(doc, route['cookies'], mode, false);
  if (params) input['params'] = params;
  if (query) input['query'] = query;
  if (cookies) input['cookies'] = cookies;
  if (route['body'] && (mode === 'full' || route['bodyRequired'] !== false))
    input['body'] = sample(doc, route['body'], 'request', mode);
  if (route['upload']) input['body'] = uploadSample(route['upload'], mode);
  if (route['multipart']) input['body'] = formSample(route['multipart'], mode);
  return input;
}

/** The widest file a client may send (the last media type, the limit's size) and the least (the first, one byte). */
function uploadSample(upload: Loose, mode: Mode): Loose {
  const types: string[] = upload['mediaTypes'] ?? ['application/octet-stream'];
  const size = mode === 'full' ? (upload['maxBytes'] ?? 64) : 1;
  return { data: new Uint8Array(size).fill(7), mediaType: mode === 'full' ? types.at(-1) : types[0] };
}

/** A multipart form's parts: every part (full) or the required ones (minimal). */
function formSample(form: Loose, mode: Mode): Loose {
  const body: Loose = {};
  for (const [name, part] of Object.entries<Loose>(form['files'] ?? {}))
    if (mode === 'full' || part['required'] !== false) body[name] = uploadSample(part, mode);
  for (const [name, part] of Object.entries<Loose>(form['fields'] ?? {}))
    if (mode === 'full' || part['required'] !== false) body[name] = textPart(part, mode);
  return body;
}

/** A text part's widest value (its last value, or as long as it may be) and its least (the first, one letter). */
function textPart(part: Loose, mode: Mode): string {
  const values: string[] | undefined = part['values'];
  if (values) return (mode === 'full' ? values.at(-1) : values[0]) as string;
  return mode === 'full' ? 'x'.repeat(part['maxLength'] ?? 6) : 'x';
}

/** A file response's media type a handler of `doc` returns: the last declared (full) or the first. */
function fileMediaType(response: Loose, mode: Mode): string {
  const types: string[] = response['file']['mediaTypes'] ?? ['application/octet-stream'];
  return (mode === 'full' ? types.at(-1) : types[0]) as string;
}

/** The events a handler of `doc` writes: every declared one (full), or the first. */
function streamEvents(doc: Doc, response: Loose, mode: Mode): Loose[] {
  const events = Object.entries<Loose>(response['events']).map(([event, type]) => ({
    event,
    data: sample(doc, type, 'response', mode),
  }));
  return mode === 'full' ? events : events.slice(0, 1);
}

/** What a handler of `doc` returns: the body of its first success response. */
function handlerResult(doc: Doc, route: Loose, mode: Mode): unknown {
  const [response] = Object.values<Loose>(route['responses']);
  if (response?.['events']) {
    const events = streamEvents(doc, response, mode);
    return async (writer: { send(event: Loose): Promise<void> }) => {
      for (const event of events) await writer.send(event);
    };
  }
  if (response?.['file']) return { body: new Uint8Array([1, 2, 3]), mediaType: fileMediaType(response, mode) };
  const value = response?.['body'] ? sample(doc, response['body'], 'response', mode) : undefined;
  const body = response?.['total'] ? { items: value, total: 1 } : value;
  // Headers other than location are set by the result: { body, headers } ({ headers } without a body).
  const headers = Object.entries<Loose>(response?.['headers'] ?? {}).filter(([name]) => name !== 'location');
  if (headers.length === 0) return body;
  const set = Object.fromEntries(headers.map(([name, type]) => [name, sample(doc, type, 'response', mode)]));
  return body === undefined ? { headers: set } : { body, headers: set };
}

// ---- servers and clients ----

interface Loaded {
  readonly plugin: (options: object) => any;
  readonly Client: new (options: object) => Loose;
}

async function load(root: string, name: string): Promise<Loaded> {
  const server = (await import(pathToFileURL(join(root, outOf({ name }), 'server.ts')).href)) as Loose;
  const client = (await import(pathToFileURL(join(root, outOf({ name }), 'client.ts')).href)) as Loose;
  const plugin = Object.entries(server).find(([key]) => key.endsWith('Plugin'))?.[1];
  const Client = Object.entries(client).find(([key]) => key.endsWith('Client') && !key.endsWith('ApiClientError'))?.[1];
  return { plugin, Client };
}

export class Servers {
  readonly #apps: FastifyInstance[] = [];
  readonly #urls = new Map<string, string>();
  #mode: Mode = 'full';
  #seen: Loose | undefined;

  /** Serves every case's `side` interface from one app; handlers respond by the current mode. */
  async start(root: string, cases: readonly Prepared[], side: 'base' | 'head'): Promise<void> {
    const app = Fastify();
    for (const prepared of cases) {
      const doc = prepared[side];
      const { plugin } = await load(root, doc.name);
      const handlers: Loose = {};
      for (const [name, route] of Object.entries<Loose>(doc.routes)) {
        handlers[name] = async (input: Loose) => {
          this.#seen = input;
          // A multipart form is checked as it is read: every part, to its end.
          if (route['multipart'])
            for await (const part of input['body']) if (part.kind === 'file') part.file.stream.resume();
          const result = handlerResult(doc, route, this.#mode);
          return typeof result === 'function' ? result : structuredClone(result);
        };
      }
      await app.register(plugin({ handlers, auth: {} }));
    }
    this.#apps.push(app);
    this.#urls.set(side, await app.listen({ port: 0, host: '127.0.0.1' }));
  }

  /** Each route of `from`'s client (both modes) against the `to` side's server; the calls that failed. */
  async run(root: string, from: Doc, against: 'base' | 'head', only: (route: Loose) => boolean): Promise<string[]> {
    const { Client } = await load(root, from.name);
    const client = new Client({ baseUrl: this.#urls.get(against), auth: {}, validateResponses: true });
    const failures: string[] = [];
    for (const [name, route] of Object.entries<Loose>(from.routes)) {
      if (!only(route)) continue;
      for (const mode of ['full', 'minimal'] as const) {
        this.#mode = mode;
        const input = callInput(from, route, mode);
        this.#seen = undefined;
        try {
          const result = await client[name](input);
          // An event stream is read to its end: each event is checked as it comes.
          if (result && typeof result === 'object' && Symbol.asyncIterator in result) for await (const _ of result);
          const misread = misreadMembers(input, this.#seen ?? {});
          if (misread.length > 0)
            failures.push(`${name} (${mode}): the handler read ${misread.join(', ')} otherwise than sent`);
        } catch (error) {
          failures.push(`${name} (${mode}): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    return failures;
  }

  async close(): Promise<void> {
    await Promise.all(this.#apps.map((app) => app.close()));
  }
}

/** Members the handler got with another value than the client sent (members it does not know are not compared). */
function misreadMembers(sent: Loose, seen: Loose): string[] {
  const misread: string[] = [];
  for (const part of ['params', 'query', 'cookies', 'body'] as const) {
    const [given, got] = [sent[part], seen[part]];
    if (given === undefined || got === undefined) continue;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      if (!isDeepStrictEqual(given, got)) misread.push(part);
      continue;
    }
    for (const key of Object.keys(given)) {
      if (key in got && !isDeepStrictEqual(given[key], got[key])) misread.push(`${part}.${key}`);
    }
  }
  return misread;
}

// ---- the base implementation, type-checked against the head's handler interface ----

function pascal(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
}

/**
 * The base server's implementation: per base route, a handler that reads every member its input
 * declares (as base code does) and returns the base's widest and least responses. Checked with the
 * head's handler interface and types (`against`), it is what a base server faces on upgrade.
 */
export function implementationSource(base: Doc, against: Doc): string {
  const handlers = `${pascal(against.name)}Handlers`;
  const baseHandlers = `${pascal(base.name)}Handlers`;
  const lines = [
    `import type { ${handlers} as Handlers } from '../${outOf(against)}/server.js';`,
    `import type { ${baseHandlers} as Base } from '../${outOf(base)}/server.js';`,
    `import type * as types from '../${outOf(against)}/types.js';`,
    `import { respond } from '../${outOf(against).split('/')[0]}/runtime/server/respond.js';`,
    '',
    '/** Code that names each record type of the base. */',
    `export type UsedRecords = [${Object.keys(base.records)
      .map((name) => `types.${pascal(name)}`)
      .join(', ')}];`,
    'declare const full: boolean;',
    'declare const answer: boolean;',
    '',
    'export const implementation: Handlers = {',
  ];
  for (const [name, route] of Object.entries<Loose>(base.routes)) {
    const reads: string[] = [];
    for (const param of Object.keys(route['pathParams'] ?? {})) reads.push(`input.params.${param}`);
    for (const param of Object.keys(route['query'] ?? {})) reads.push(`input.query.${param}`);
    for (const param of Object.keys(route['cookies'] ?? {})) reads.push(`input.cookies.${param}`);
    // An optional body (a record, an upload or a form) may be undefined: the base reads it as such.
    const body = `input.body${route['bodyRequired'] === false ? '?' : ''}`;
    if (route['upload']) reads.push(`${body}.mediaType`, `${body}.stream`);
    for (const field of Object.keys(route['multipart']?.['fields'] ?? {})) reads.push(`${body}.fields.${field}`);
    if (route['body']?.['type'] === 'record') {
      for (const field of Object.keys(base.records[route['body']['record']].fields)) reads.push(`${body}.${field}`);
    }
    lines.push(
      `  async ${name}(input): ReturnType<Handlers['${name}']> {`,
      `    const read: Parameters<Base['${name}']>[0] = input;`,
      `    void [read, ${reads.join(', ')}];`,
      ...answersSource(base, route),
      `    if (full) return ${resultSource(base, route, 'full')};`,
      `    return ${resultSource(base, route, 'minimal')};`,
      '  },',
    );
  }
  lines.push('};', '');
  return lines.join('\n').replace(/return undefined;/g, 'return;');
}

/** A handler's answers at the error statuses its route declares responses for: `respond(404, body)`. */
function answersSource(doc: Doc, route: Loose): string[] {
  return Object.entries<Loose>(route['responses'])
    .filter(([key, response]) => !key.startsWith('2') && !response['file'] && !response['events'])
    .map(([key, response]) => {
      const status = key === 'default' ? 599 : key.endsWith('XX') ? Number(key[0]) * 100 + 18 : Number(key);
      const body = response['body'] ? `, ${JSON.stringify(sample(doc, response['body'], 'response', 'full'))}` : '';
      return `    if (answer) return respond(${status}${body});`;
    });
}

/** A handler's result as source text: a file response holds bytes, which JSON cannot write. */
function resultSource(doc: Doc, route: Loose, mode: Mode): string {
  const [response] = Object.values<Loose>(route['responses']);
  if (response?.['events']) {
    const sends = streamEvents(doc, response, mode).map((event) => `await writer.send(${JSON.stringify(event)});`);
    return `async (writer) => { ${sends.join(' ')} }`;
  }
  if (!response?.['file']) return JSON.stringify(handlerResult(doc, route, mode));
  return `{ body: new Uint8Array([1, 2, 3]), mediaType: ${JSON.stringify(fileMediaType(response, mode))} }`;
}

/**
 * A TypeScript caller of the base client: names every method the base client has, checked against the
 * client generated from `against`. Not part of either verdict (see verdicts.test.ts); what it shows is
 * said in the change's text.
 */
export function callerSource(base: Doc, against: Doc): string {
  const client = `${pascal(against.name)}Client`;
  const methods = Object.keys(base.routes).map((name) => `client.${name}`);
  return [
    `import type { ${client} } from '../${outOf(against)}/client.js';`,
    `declare const client: ${client};`,
    `void [${methods.join(', ')}];`,
    '',
  ].join('\n');
}

/** Writes the check files, runs one tsc over all of them, and returns the errors by file name. */
export async function typeCheck(root: string, files: ReadonlyMap<string, string>): Promise<Map<string, string[]>> {
  await mkdir(join(root, 'checks'), { recursive: true });
  await Promise.all([...files].map(([name, text]) => writeFile(join(root, 'checks', name), text)));
  const compilerOptions = ESM_STRICT;
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['checks/*.ts'] }));
  const { output } = await runTsc(['-p', join(root, 'tsconfig.json')]);
  const errors = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const match = /(?:^|\/)checks\/([^(]+)\(\d+,\d+\): (error .*)$/.exec(line);
    if (match) errors.set(match[1]!, [...(errors.get(match[1]!) ?? []), match[2]!]);
    else if (/error TS/.test(line)) errors.set('(other)', [...(errors.get('(other)') ?? []), line]);
  }
  return errors;
}
