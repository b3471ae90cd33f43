// Form bodies with integer, number and boolean members (test/fixtures/form-members), on a live generated server:
// through the generated client (which writes each member as its text) and through raw forms; a member whose text
// is not its type is a 400 naming it; a route that reads JSON too still reads JSON numbers.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

let served: ServedFixture;
let client: Loose;
let openapi: Loose;

beforeAll(async () => {
  const yaml = await readFile(new URL('../fixtures/form-members/definitions/search-api.yaml', import.meta.url), 'utf8');
  const echo = async (input: Loose) => input['body'] as Loose;
  served = await serveDefinitions('search-api', yaml, { searchEpisodes: echo, searchMovies: echo });
  client = served.client;
  openapi = (await served.fixture.load('search-api/openapi.json'))['default'] as Loose;
}, 120_000);

afterAll(async () => served?.close());

/** A raw POST of `body` to the route at `path`; the status and the JSON answer. */
async function post(path: string, body: string, type = 'application/x-www-form-urlencoded') {
  const response = await fetch(`${served.origin}/search${path}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });
  return { status: response.status, json: (await response.json()) as Loose };
}

const filter = { title: 'Q', yearFrom: 1987, rating: 7.5, featureLength: false };

describe('a form body with number and boolean members', () => {
  it('reaches the handler typed, sent by the generated client', async () => {
    expect(await client['searchEpisodes']({ body: filter })).toEqual(filter);
    expect(await client['searchEpisodes']({ body: { title: 'only' } })).toEqual({ title: 'only' });
  });

  it('reaches the handler typed, sent as a raw form', async () => {
    const form = new URLSearchParams({ title: 'Q', yearFrom: '1987', rating: '7.5', featureLength: 'true' });
    const answer = await post('/episodes', form.toString());
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ...filter, featureLength: true });
  });

  it('refuses a member whose text is not its type or breaks its bounds, naming it', async () => {
    for (const [member, text] of [
      ['yearFrom', 'soon'],
      ['yearFrom', '1800'],
      ['yearFrom', '1987.5'],
      ['rating', '11'],
      ['featureLength', 'maybe'],
    ] as const) {
      const form = new URLSearchParams({ title: 'Q', [member]: text });
      const answer = await post('/episodes', form.toString());
      expect(answer.status, `${member}=${text}`).toBe(400);
      expect(JSON.stringify(answer.json), `${member}=${text}`).toContain(member);
    }
  });

  it('reads an empty number or boolean as null where nullable and as absent where optional', async () => {
    const answer = await post('/episodes', 'title=Q&yearFrom=&rating=&featureLength=&minutes=');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ title: 'Q', minutes: null });
    expect((await post('/episodes', 'title=Q&minutes=90')).json).toEqual({ title: 'Q', minutes: 90 });
    expect(await client['searchEpisodes']({ body: { title: 'Q', minutes: null } })).toEqual({
      title: 'Q',
      minutes: null,
    });
  });

  it('refuses a repeated scalar member', async () => {
    const answer = await post('/episodes', 'title=Q&yearFrom=1987&yearFrom=1988');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('yearFrom');
  });

  it('reads JSON numbers as JSON and form text as text on a route that takes both', async () => {
    expect((await post('/movies', JSON.stringify(filter), 'application/json')).json).toEqual(filter);
    expect((await post('/movies', JSON.stringify({ ...filter, yearFrom: '1987' }), 'application/json')).status).toBe(
      400,
    );
    expect((await post('/movies', 'title=Q&yearFrom=1987')).json).toEqual({ title: 'Q', yearFrom: 1987 });
    expect(await client['searchMovies']({ body: filter })).toEqual(filter);
  });

  it('is described in OpenAPI with its members real types', () => {
    const content = openapi['paths']['/search/episodes']['post']['requestBody']['content'];
    const ref = content['application/x-www-form-urlencoded']['schema']['$ref'] as string;
    const schema = openapi['components']['schemas'][ref.split('/').at(-1) as string] as Loose;
    expect(schema['properties']['yearFrom']).toMatchObject({ type: 'integer', format: 'int32', minimum: 1900 });
    expect(schema['properties']['featureLength']).toMatchObject({ type: 'boolean' });
  });
});
