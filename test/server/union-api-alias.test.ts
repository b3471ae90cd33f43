// Issue 33 item 1: the api-alias style through unions. Each record variant of a union carries its own apiAlias,
// chosen per value (a tagged union by its discriminator, an untagged one by the members present): as a body, as a
// member, in a list; the generated client reads the answers, and the OpenAPI document describes them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';
import { send } from './helpers.js';
import { OpenApiResponses } from './openapi-responses.js';

type Loose = Record<string, any>;

const DEFINITIONS = `name: pets-api
interface: { title: Pets, basePath: /pets, style: api-alias, errorStyle: errors-array }
records:
  cat:
    apiAlias: cat
    fields:
      kind: { type: enum, values: [cat] }
      lives: { type: integer }
  dog:
    apiAlias: dog
    fields:
      kind: { type: enum, values: [dog] }
      breed: { type: string }
  tag:
    apiAlias: tag
    fields:
      label: { type: string }
  code:
    fields:
      code: { type: integer }
  owner:
    apiAlias: owner
    fields:
      name: { type: string }
      pets:
        type: list
        items: { type: union, discriminator: kind, variants: [{ type: record, record: cat }, { type: record, record: dog }] }
      badge:
        type: union
        nullable: true
        variants: [{ type: record, record: code }, { type: record, record: tag }]
routes:
  getPet:
    method: POST
    path: /pet
    body: { type: union, discriminator: kind, variants: [{ type: record, record: cat }, { type: record, record: dog }] }
    responses:
      "200":
        body: { type: union, discriminator: kind, variants: [{ type: record, record: cat }, { type: record, record: dog }] }
  getOwner:
    method: POST
    path: /owner
    body: { type: record, record: owner }
    responses:
      "200":
        body: { type: record, record: owner }
`;

let served: ServedFixture;
let base: string;
let client: Loose;
let openapi: OpenApiResponses;
const received: unknown[] = [];

beforeAll(async () => {
  const echo = async (input: Loose) => {
    received.push(input['body']);
    return input['body'];
  };
  served = await serveDefinitions('pets-api', DEFINITIONS, { getPet: echo, getOwner: echo });
  base = `${served.origin}/pets`;
  client = served.client;
  openapi = new OpenApiResponses('pets-api', join(served.fixture.out, 'pets-api/openapi.json'));
}, 120_000);

afterAll(async () => {
  await served?.close();
});

const cat = { kind: 'cat', lives: 9 };
const dog = { kind: 'dog', breed: 'collie' };

describe('api-alias through unions', () => {
  it('gives a union body the apiAlias of the variant it is', async () => {
    for (const [pet, alias] of [
      [cat, 'cat'],
      [dog, 'dog'],
    ] as const) {
      const sent = await send(base, '/pet', { method: 'POST', body: pet });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json).toEqual({ ...pet, apiAlias: alias });
      openapi.expectDocumented(sent, '/pets/pet', 'post');
    }
  });

  it('gives each variant in a member, a list and a nullable untagged union its own apiAlias', async () => {
    for (const [badge, expected] of [
      [{ label: 'gold' }, { label: 'gold', apiAlias: 'tag' }],
      [{ code: 7 }, { code: 7 }],
      [null, null],
    ] as const) {
      const owner = { name: 'ada', pets: [cat, dog], badge };
      const sent = await send(base, '/owner', { method: 'POST', body: owner });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json).toEqual({
        name: 'ada',
        apiAlias: 'owner',
        pets: [
          { ...cat, apiAlias: 'cat' },
          { ...dog, apiAlias: 'dog' },
        ],
        badge: expected,
      });
      openapi.expectDocumented(sent, '/pets/owner', 'post');
    }
  });

  it('refuses apiAlias in a request variant as in a request record, and the client reads the answers', async () => {
    for (const [path, body] of [
      ['/owner', { name: 'a', pets: [], badge: null, apiAlias: 'owner' }],
      ['/pet', { ...dog, apiAlias: 'dog' }],
    ] as const) {
      const sent = await send(base, path, { method: 'POST', body });
      expect(sent.status, sent.text).toBe(400);
      expect(sent.json.errors[0].source.pointer).toBe('/apiAlias');
    }
    const answer = await client['getOwner']({ body: { name: 'ada', pets: [cat], badge: { label: 'x' } } });
    expect(answer).toMatchObject({ name: 'ada', pets: [cat], badge: { label: 'x' } });
    expect(await client['getPet']({ body: dog })).toMatchObject(dog);
  });

  it('filters each variant by includes under its own apiAlias', async () => {
    const sent = await send(base, '/owner?includes[cat][]=kind', {
      method: 'POST',
      body: { name: 'ada', pets: [cat, dog], badge: null },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.pets).toEqual([
      { kind: 'cat', apiAlias: 'cat' },
      { ...dog, apiAlias: 'dog' },
    ]);
    openapi.expectDocumented(sent, '/pets/owner', 'post');
  });
});
