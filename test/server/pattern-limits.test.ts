// Issue 31, item 1, on a live generated server over loopback: a value longer than maxLength is refused
// before its pattern runs (zod would otherwise run the pattern on it too), and a 10,000-character
// value against every pattern the generator accepts (the corpus) is answered with little CPU time, in a query
// parameter and in a JSON body field alike. The figures are printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { patternTypeYaml, SAFE } from '../fixtures/patterns/corpus.js';

type Loose = Record<string, any>;

/** Polynomial (a square) on a@.... but fine under its maxLength: the regex must never see a longer value. */
const SLOW = { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 254 };
const LONG = `a@${'.'.repeat(100_000)}@`;
/** The best of a few tries: what the regex costs, not what else the process did meanwhile. */
const TRIES = 3;
/**
 * Not a speed budget (those live in bench/), and CPU time, not wall-clock time, which a loaded machine
 * stretches (50 ms of wall-clock time failed at a load average of 13 with nothing wrong): a line between
 * a linear match, a few milliseconds, and a backtracking blow-up (a square of 10,000 is 10^8 steps, seconds).
 */
const BOUND_MS = 1_000;

const members = [SLOW, ...SAFE].map((p, i) => `      f${i}: ${patternTypeYaml(p, false)}`);

const DEFINITION = [
  'name: patterns-api',
  'interface: { title: Patterns API, basePath: /p, style: api-alias, errorStyle: errors-array }',
  'errors:',
  '  validation: { status: 400, message: Invalid }',
  '  badRequest: { status: 400, message: Invalid request }',
  'records:',
  '  sample:',
  '    fields:',
  ...members,
  '  outcome:',
  '    fields:',
  '      ok: { type: boolean }',
  'routes:',
  '  checkBody:',
  '    method: POST',
  '    path: /body',
  '    body: { type: record, record: sample }',
  '    responses:',
  '      "200": { body: { type: record, record: outcome } }',
  '    errors: [validation, badRequest]',
  '  checkQuery:',
  '    method: GET',
  '    path: /query',
  '    query:',
  ...members,
  '    responses:',
  '      "200": { body: { type: record, record: outcome } }',
  '    errors: [validation, badRequest]',
  '',
].join('\n');

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;

beforeAll(async () => {
  fixture = await generateFixture('patterns', { 'patterns-api.yaml': DEFINITION });
  const server = await fixture.load('patterns-api/server.ts');
  const ok = async () => ({ ok: true });
  // Long query strings: Node's 16 KiB header limit would answer 431 before the schema is asked.
  served = await serveFixture(
    fixture,
    (app) => app.register(server['patternsApiPlugin']({ handlers: { checkBody: ok, checkQuery: ok }, auth: {} })),
    { http: { maxHeaderSize: 1_000_000 } },
  );
  base = served.origin;
}, 120_000);

afterAll(async () => served?.close());

/** The request's status and the CPU time this process (server and client both) spent on it, best of TRIES. */
async function timed(request: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  let best = { status: 0, ms: Infinity };
  for (let i = 0; i < TRIES; i++) {
    const started = process.cpuUsage();
    const response = await request();
    await response.arrayBuffer();
    const { user, system } = process.cpuUsage(started);
    const ms = (user + system) / 1000;
    if (ms < best.ms) best = { status: response.status, ms };
  }
  return best;
}
const postField = (index: number, value: string) => () =>
  fetch(`${base}/p/body`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [`f${index}`]: value }),
  });
const queryField = (index: number, value: string) => () =>
  fetch(`${base}/p/query?f${index}=${encodeURIComponent(value)}`);

describe('a value longer than maxLength', () => {
  it('never reaches the pattern: the generated schema reports only its length', async () => {
    const schemas = await fixture.load('patterns-api/schemas.ts');
    const schema = Object.values(schemas).find((value: Loose) => value?.shape?.f0 !== undefined) as Loose;
    const result = schema.shape.f0.safeParse(LONG);
    expect(result.success).toBe(false);
    expect(result.error.issues.map((issue: Loose) => issue.code)).toEqual(['too_big']);
    // The same schema still checks the pattern on a value within maxLength.
    const short = schema.shape.f0.safeParse('a@b');
    expect(short.error.issues.map((issue: Loose) => issue.code)).toEqual(['invalid_format']);
  });

  it('is answered 400 fast over loopback, in a JSON body and in a query parameter', async () => {
    const body = await timed(postField(0, LONG));
    const query = await timed(queryField(0, LONG));
    console.log(
      `100,002 characters past maxLength 254: body ${body.ms.toFixed(1)} ms, query ${query.ms.toFixed(1)} ms of CPU`,
    );
    expect(body.status).toBe(400);
    expect(query.status).toBe(400);
    // Run, the pattern would take seconds on this value (a square of 100,000).
    expect(body.ms).toBeLessThan(BOUND_MS * 10);
    expect(query.ms).toBeLessThan(BOUND_MS * 10);
  });
});

describe('10,000 characters against every pattern the generator accepts', () => {
  it(`answers each in under ${BOUND_MS} ms of CPU, in a body and in a query`, async () => {
    await timed(postField(1, 'warm-up'));
    const figures: string[] = [];
    let slowest = 0;
    for (const [i, { pattern, attack }] of SAFE.entries()) {
      const value = attack!(10_000);
      expect(value).toHaveLength(10_000);
      for (const [where, send] of [
        ['body', postField(i + 1, value)],
        ['query', queryField(i + 1, value)],
      ] as const) {
        const { status, ms } = await timed(send);
        expect([200, 400], `${where} ${pattern}`).toContain(status);
        expect(ms, `${where} ${pattern}`).toBeLessThan(BOUND_MS);
        slowest = Math.max(slowest, ms);
        figures.push(`${ms.toFixed(2).padStart(6)} ms ${where.padEnd(5)} ${status} ${pattern}`);
      }
    }
    console.log(`slowest ${slowest.toFixed(2)} ms of CPU\n${figures.join('\n')}`);
  });
});
