// Record fields named as real APIs name their JSON members ("+1", "_links", "@odata.type", dotted,
// dashed, quoted and spaced names: test/fixtures/wire-names) keep those names everywhere: the
// output compiles under the strictest tsc, a served answer carries them exactly and drops
// undeclared members, the generated client reads them back, json:api attributes carry them, and
// the OpenAPI document names them as written.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

const issue = {
  id: 1,
  _links: { self: '/hal/issues/1', 'next.page': '/hal/issues?page=2' },
  '@odata.type': '#issue',
  'content-type': 'text',
  'it\'s "quoted"': 'yes',
  'back\\slash': true,
  'with space': null,
  '42': 4.2,
  delete: 'never',
  reactions: { '+1': 3, '-1': 1, total_count: 4 },
  $ref: 'https://example.org/issues/1',
};
const entity = { id: 'e1', '@odata.etag': 'W/"1"', 'display-name': 'One', _score: 0.5, '+1': 2 };

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;
let client: Loose;
/** What the handlers return, and what they were given. */
let answer: unknown;
const received: unknown[] = [];

beforeAll(async () => {
  fixture = await generateFixture('wire-names');
  const hal = await fixture.load('hal-api/server.ts');
  const odata = await fixture.load('odata-api/server.ts');
  const reply = async (input: Loose) => {
    received.push(input['body'] ?? input['query']);
    return answer;
  };
  served = await serveFixture(fixture, async (app) => {
    await app.register(
      // An API without auth schemes is served without `auth`.
      hal['halApiPlugin']({ handlers: { getIssue: reply, createIssue: reply, searchIssues: reply } }),
    );
    await app.register(odata['odataApiPlugin']({ handlers: { getEntity: reply, listEntities: reply } }));
  });
  base = served.origin;
  const Client = (await fixture.load('hal-api/client.ts'))['HalApiClient'] as new (options: object) => Loose;
  client = new Client({ baseUrl: base });
}, 120_000);

afterAll(async () => served?.close());

describe('wire names', () => {
  it('compile under the strictest tsc, typed by their names as written', async () => {
    const use = [
      "import type { Issue } from './out/hal-api/types.js';",
      "import { issueSchema } from './out/hal-api/schemas.js';",
      "import type { Entity } from './out/odata-api/types.js';",
      "import type { HalApiServerOptions } from './out/hal-api/server.js';",
      "import type { HalApiClientOptions } from './out/hal-api/client.js';",
      '// No auth scheme, no auth options to give.',
      "export const options = (handlers: HalApiServerOptions['handlers']): HalApiServerOptions => ({ handlers });",
      "export const credentialed = (handlers: HalApiServerOptions['handlers']): HalApiServerOptions => ({",
      '  handlers,',
      '  // @ts-expect-error: an API without auth schemes takes no auth options',
      "  auth: 'x',",
      '});',
      "export const clientOptions: HalApiClientOptions = { baseUrl: 'http://127.0.0.1' };",
      'export const credentialedClient: HalApiClientOptions = {',
      "  baseUrl: 'http://127.0.0.1',",
      '  // @ts-expect-error: nor credentials in its client',
      "  auth: 'x',",
      '};',
      'export function score(issue: Issue, entity: Entity): number {',
      "  const etag: string = entity['@odata.etag'];",
      "  return issue.reactions['+1'] - issue.reactions['-1'] + issue['42']! + etag.length + issue._links.self.length;",
      '}',
      'export const parsed: Issue = issueSchema.parse({});',
      '// @ts-expect-error: a member that is not declared',
      "export const wrong = (issue: Issue) => issue.reactions['+2'];",
    ].join('\n');
    await writeFile(join(fixture.dir, 'use.ts'), use);
    const tsc = await fixture.typecheck(['out/**/*.ts', 'use.ts']);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  }, 120_000);

  it('an API without auth schemes has no auth options, in its server or its client', async () => {
    for (const file of ['hal-api/server.ts', 'hal-api/client.ts']) {
      const text = await readFile(join(fixture.dir, 'out', file), 'utf8');
      expect(text, file).not.toMatch(/AuthOptions|readonly auth\b/);
    }
    const client = await readFile(join(fixture.dir, 'out/hal-api/client.ts'), 'utf8');
    expect(client).toContain("export type HalApiClientOptions = Omit<ClientOptions, 'auth'>;");
  });

  it('a served answer keeps them exactly and drops undeclared members', async () => {
    answer = {
      ...issue,
      secret: 's',
      _links: { ...issue._links, 'prev.page': 'x' },
      reactions: { ...issue.reactions, '+2': 9 },
    };
    const response = await fetch(`${base}/hal/issues/1`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(issue);
    for (const undeclared of ['secret', 'prev.page', '+2']) expect(text).not.toContain(`"${undeclared}"`);
  });

  it('the generated client sends and reads them back', async () => {
    answer = issue;
    received.length = 0;
    const created = await client['createIssue']({ body: issue });
    expect(created).toEqual(issue);
    expect(received).toEqual([issue]);
    answer = { items: [issue], total: 1 };
    expect(await client['searchIssues']({ query: { filter: issue.reactions } })).toEqual({ items: [issue], total: 1 });
    expect(received.at(-1)).toEqual({ filter: issue.reactions });
  });

  it('a request that leaves a required wire name out is refused at its pointer', async () => {
    const response = await fetch(`${base}/hal/issues`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...issue,
        _links: { ...issue._links, 'a/b~c': 'one' },
        reactions: { '-1': 0, total_count: 0 },
      }),
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as Loose;
    const pointers = errors.map((error: Loose) => error['source']['pointer']);
    expect(pointers.sort()).toEqual(['/_links/a~1b~0c', '/reactions/+1']);
  });

  it('json:api attributes carry them', async () => {
    answer = { ...entity, secret: 1 };
    const response = await fetch(`${base}/odata/entities/e1`, { headers: { accept: 'application/vnd.api+json' } });
    expect(response.status).toBe(200);
    const { id, ...attributes } = entity;
    expect(((await response.json()) as Loose)['data']).toEqual({
      type: 'entity',
      id,
      attributes,
      links: { self: `${base}/odata/entities/e1` },
    });
  });

  it('zod schemas key them as written, quoted where they are no identifier, and check them', async () => {
    const text = await readFile(join(fixture.out, 'hal-api/schemas.ts'), 'utf8');
    for (const key of ["'+1': z.int()", "'@odata.type': z.string()", "'it\\'s \"quoted\"'", "'back\\\\slash'"])
      expect(text).toContain(key);
    expect(text).toMatch(/^ {2}get _links\(\) \{$/m);
    const { issueSchema, reactionsSchema } = await fixture.load('hal-api/schemas.ts');
    expect(issueSchema.parse(issue)).toEqual(issue);
    expect(reactionsSchema.safeParse({ '+1': 1, '-1': 0, total_count: 1, '+2': 0 }).success).toBe(false);
    expect(reactionsSchema.safeParse({ '1': 1, '-1': 0, total_count: 1 }).success).toBe(false);
  });

  it('the OpenAPI document names them as written', async () => {
    const document = await fixture.json('hal-api/openapi.json');
    const schemas = document['components']['schemas'];
    expect(Object.keys(schemas['Reactions']['properties'])).toEqual(['+1', '-1', 'total_count']);
    expect(schemas['Issue']['required']).toEqual(expect.arrayContaining(['_links', '@odata.type', 'with space']));
  });
});
