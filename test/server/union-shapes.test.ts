// Issue 33 item 1: every union shape through the server's compiled serializers. One small API per style (an echo
// route per shape) is generated and served in-process; each variant goes in as a request body and comes back as
// the answer, with members no variant declares added by the handler: the answer is the variant's declared members
// only, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';
import { send } from './helpers.js';

type Loose = Record<string, any>;

/**
 * Records the shapes use: tagged variants (a, b), untagged ones with different optional members (p, q), and r, which
 * holds p's required member and one more, so that an r satisfies p too.
 */
const RECORDS = `
records:
  a:
    fields:
      kind: { type: enum, values: [a] }
      x: { type: string }
      opt: { type: integer, required: false }
  b:
    fields:
      kind: { type: enum, values: [b] }
      y: { type: integer }
      note: { type: string, required: false }
  p:
    fields:
      name: { type: string }
      nick: { type: string, required: false }
  q:
    fields:
      code: { type: integer }
      extra: { type: string, required: false }
  r:
    fields:
      name: { type: string }
      rank: { type: integer }
`;

const TAGGED = `{ type: union, discriminator: kind, variants: [{ type: record, record: a }, { type: record, record: b }] }`;
const UNTAGGED = `{ type: union, variants: [{ type: record, record: p }, { type: record, record: q }] }`;

interface Shape {
  /** The body's type, in the definitions' YAML. */
  readonly type: string;
  /** Values as sent and as they must come back. */
  readonly values: readonly unknown[];
  /** The value is a map: every member is declared, undeclared ones go into its entries. */
  readonly map?: true;
}

const a = { kind: 'a', x: 'one', opt: 1 };
const aBare = { kind: 'a', x: 'one' };
const b = { kind: 'b', y: 2, note: 'n' };
const p = { name: 'p', nick: 'pp' };
const pBare = { name: 'p' };
const q = { code: 3, extra: 'e' };

const SHAPES: Record<string, Shape> = {
  tagged: { type: TAGGED, values: [a, aBare, b] },
  untaggedRecords: { type: UNTAGGED, values: [p, pBare, q, { code: 4 }] },
  exclusiveRecords: {
    type: `{ type: union, exclusive: true, variants: [{ type: record, record: a }, { type: record, record: p }] }`,
    values: [a, p],
  },
  // An r written after p goes out as the r it is, its rank kept: not as the p it also satisfies.
  supersetRecords: {
    type: `{ type: union, variants: [{ type: record, record: p }, { type: record, record: r }] }`,
    values: [pBare, p, { name: 'r', rank: 1 }],
  },
  supersetExclusive: {
    type: `{ type: union, exclusive: true, variants: [{ type: record, record: p }, { type: record, record: r }] }`,
    values: [pBare, { name: 'r', rank: 1 }],
  },
  recordOrList: {
    type: `{ type: union, variants: [{ type: record, record: p }, { type: list, items: { type: integer } }] }`,
    values: [p, [1, 2]],
  },
  recordOrScalar: {
    type: `{ type: union, variants: [{ type: string }, { type: record, record: q }] }`,
    values: ['text', q],
  },
  nullableTagged: { type: TAGGED.replace('{ type: union,', '{ type: union, nullable: true,'), values: [a, b, null] },
  nullableUntagged: {
    type: UNTAGGED.replace('{ type: union,', '{ type: union, nullable: true,'),
    values: [p, q, null],
  },
  listOfTagged: { type: `{ type: list, items: ${TAGGED} }`, values: [[a, b, aBare], []] },
  listOfUntagged: { type: `{ type: list, items: ${UNTAGGED} }`, values: [[p, q, pBare]] },
  memberListOfUnions: {
    type: `{ type: record, record: holder }`,
    values: [
      { entries: [a, b], maybe: null },
      { entries: [], maybe: q, either: [p] },
    ],
  },
  mapOfUnions: { type: `{ type: map, items: ${UNTAGGED} }`, values: [{ first: p, second: q }], map: true },
};

const HOLDER = `
  holder:
    fields:
      entries: { type: list, items: ${TAGGED} }
      maybe: ${UNTAGGED.replace('{ type: union,', '{ type: union, nullable: true,')}
      either: { type: list, required: false, items: ${UNTAGGED} }
`;

/** A member no variant declares, on every object of the value (as a handler holding richer objects would give). */
function withUndeclared(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUndeclared);
  if (value === null || typeof value !== 'object') return value;
  const copy: Loose = { secret: 'do-not-send' };
  for (const [name, member] of Object.entries(value)) copy[name] = withUndeclared(member);
  return copy;
}

/** One API per style with an echo route per shape: generated and served once, every shape asserted against it. */
function definitions(style: string): string {
  const routes = Object.entries(SHAPES).map(
    ([name, shape]) => `
  ${name}:
    method: POST
    path: /${name}
    body: ${shape.type}
    responses:
      "200":
        body: ${shape.type}`,
  );
  return `name: shapes-api
interface: { title: Shapes, basePath: /shapes, style: ${style}, errorStyle: errors-array }
${RECORDS}${HOLDER}
routes:${routes.join('')}
`;
}

const STYLES = { 'success-envelope': (body: Loose) => body['data'], 'api-alias': (body: unknown) => body };

for (const [style, unwrap] of Object.entries(STYLES)) {
  describe(style, () => {
    let served: ServedFixture;
    let base: string;
    const received: unknown[] = [];
    let answer: unknown;

    beforeAll(async () => {
      const echo = async (input: Loose) => {
        received.push(input['body']);
        return answer;
      };
      const handlers = Object.fromEntries(Object.keys(SHAPES).map((name) => [name, echo]));
      served = await serveDefinitions('shapes-api', definitions(style), handlers);
      base = `${served.origin}/shapes`;
    }, 120_000);

    afterAll(async () => {
      await served?.close();
    });

    describe.each(Object.entries(SHAPES))('%s', (name, shape) => {
      it.each(shape.values.map((value) => [JSON.stringify(value), value]))(
        'reads %s and answers it without undeclared members',
        async (_, value) => {
          received.length = 0;
          answer = shape.map
            ? Object.fromEntries(Object.entries(value as Loose).map(([key, entry]) => [key, withUndeclared(entry)]))
            : withUndeclared(value);
          const sent = await send(base, `/${name}`, {
            method: 'POST',
            body: JSON.stringify(value),
            headers: { 'content-type': 'application/json' },
          });
          expect(sent.status, sent.text).toBe(200);
          expect(received).toEqual([value]);
          expect(unwrap(sent.json)).toEqual(value);
          expect(sent.text).not.toContain('do-not-send');
        },
      );
    });
  });
}
