// The mocks read a route's query as the generated server does (core/query-string.ts, routeQueryParameters): a
// form-style object sent as its members' own names (span: from=1&to=2) or in brackets (span[from]=1), deepObject
// records and lists, the short form filter[title]=x, and defaults; a resolver's `query` holds what the handler's does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { askMock } from '../helpers/msw-requests.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;
const PATH = '/calendar/rooms/a/events/1';

let fixture: GeneratedFixture;
let served: ServedApp;
let mocks: Loose;
let handled: Loose | undefined;

beforeAll(async () => {
  fixture = await generateFixture('wire', undefined, 'emitters:\n  msw: true\n');
  mocks = await fixture.load('wire-api/msw.ts');
  const record = async (input: Loose) => {
    handled = input['query'];
    return [];
  };
  const handlers = { listEvents: record, searchEvents: record, getSlot: record, getPreferences: record };
  const visitorKey = { verifyApiKey: () => undefined };
  served = await serveFixture(fixture, async (app) => {
    const server = await fixture.load('wire-api/server.ts');
    await app.register(server['wireApiPlugin']({ handlers, auth: { visitorKey } }));
  });
}, 120_000);
afterAll(async () => served?.close());

/** The query the server's handler and a mock's resolver are given for the same request. */
async function bothRead(search: string): Promise<{ server: Loose; mock: Loose }> {
  handled = undefined;
  const response = await fetch(`${served.origin}${PATH}?${search}`);
  expect(response.status, await response.text()).toBe(200);
  let resolved: Loose | undefined;
  const resolver = mocks['handlers'].listEvents(({ query }: Loose) => {
    resolved = query;
    return [];
  });
  const reply = await askMock([resolver], { method: 'GET', target: `${PATH}?${search}` });
  expect(reply?.status).toBe(200);
  return { server: handled ?? {}, mock: resolved ?? {} };
}

describe("a mock's query", () => {
  it.each([
    ['a form-style object as its members', 'from=1&to=2'],
    ['a form-style object with one member', 'from=5'],
    ['a form-style object in brackets', 'span[from]=3&span[to]=4'],
    ['every style at once', 'q=x&tag=a&tag=b&from=1&window[from]=2&sort[0][field]=title&sort[0][order]=ASC'],
    ['the short form of a list of records', 'filter[title]=standup&limit=3'],
  ])('reads %s as the server does', async (_, search) => {
    const { server, mock } = await bothRead(search);
    const declared = Object.fromEntries(Object.keys(server).map((name) => [name, mock[name]]));
    expect(declared).toEqual(server);
  });

  it("keeps a form-style object's members out of its own parameters", async () => {
    const { server, mock } = await bothRead('from=1&to=2');
    expect(server['span']).toEqual({ from: 1, to: 2 });
    expect([mock['from'], mock['to']]).toEqual([undefined, undefined]);
  });
});
