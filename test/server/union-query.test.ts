// Issue 33 item 1: a deepObject query parameter whose type is a union is read as the definition says: a tagged
// union by its discriminator, an untagged one as the first variant that reads the text, each field in its own
// text reading (an integer member of the second variant arrives as text and is read as a number).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';
import { send } from './helpers.js';

type Loose = Record<string, any>;

const DEFINITIONS = `name: finder-api
interface: { title: Finder, basePath: /finder, style: success-envelope, errorStyle: errors-array }
records:
  byName:
    fields:
      kind: { type: enum, values: [byName] }
      name: { type: string }
      exact: { type: boolean, required: false }
  byAge:
    fields:
      kind: { type: enum, values: [byAge] }
      min: { type: integer }
      max: { type: integer, required: false }
  span:
    fields:
      from: { type: integer }
      to: { type: integer }
  label:
    fields:
      text: { type: string }
routes:
  find:
    method: GET
    path: /things
    query:
      filter:
        type: union
        required: false
        style: deepObject
        discriminator: kind
        variants: [{ type: record, record: byName }, { type: record, record: byAge }]
      window:
        type: union
        required: false
        style: deepObject
        variants: [{ type: record, record: span }, { type: record, record: label }]
    responses:
      "200":
        body: { type: list, items: { type: string } }
`;

let served: ServedFixture;
let base: string;
let client: Loose;
const received: unknown[] = [];

beforeAll(async () => {
  const find = async (input: Loose) => {
    received.push({ ...input['query'] });
    return [];
  };
  served = await serveDefinitions('finder-api', DEFINITIONS, { find });
  base = `${served.origin}/finder`;
  client = served.client;
}, 120_000);

afterAll(async () => {
  await served?.close();
});

async function query(text: string) {
  received.length = 0;
  const sent = await send(base, `/things?${text}`);
  return { sent, query: received[0] };
}

describe('a deepObject union in the query', () => {
  it('reads a tagged union as the variant its discriminator names, each member in its text reading', async () => {
    expect((await query('filter[kind]=byName&filter[name]=ada&filter[exact]=true')).query).toEqual({
      filter: { kind: 'byName', name: 'ada', exact: true },
    });
    expect((await query('filter[kind]=byAge&filter[min]=3&filter[max]=9')).query).toEqual({
      filter: { kind: 'byAge', min: 3, max: 9 },
    });
  });

  it('refuses a tagged value that breaks the variant it names, naming that variant', async () => {
    const { sent } = await query('filter[kind]=byAge&filter[min]=old');
    expect(sent.status).toBe(400);
    expect(sent.text).toContain('filter');
  });

  it('reads an untagged union as the first variant that reads the text', async () => {
    expect((await query('window[from]=1&window[to]=2')).query).toEqual({ window: { from: 1, to: 2 } });
    expect((await query('window[text]=recent')).query).toEqual({ window: { text: 'recent' } });
  });

  it('is written by the generated client the way the server reads it', async () => {
    received.length = 0;
    await client['find']({ query: { filter: { kind: 'byAge', min: 4 }, window: { text: 'w' } } });
    expect(received).toEqual([{ filter: { kind: 'byAge', min: 4 }, window: { text: 'w' } }]);
  });
});
