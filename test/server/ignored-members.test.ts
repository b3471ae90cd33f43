// `additionalFields: ignore` (docs/definitions.md, "Open records"): a record that takes the members it does not
// name, as an object schema without additionalProperties does, without being open. On a live generated server: a
// request's other members are accepted and never reach the handler, a handler's are never sent, and the emitted
// OpenAPI leaves additionalProperties out, where a closed record's says false.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';

const YAML = `
name: sources-api
interface: { title: Sources, basePath: /v1, style: success-envelope, errorStyle: errors-array }
records:
  source:
    additionalFields: ignore
    fields:
      host: { type: string }
      port: { type: integer, required: false }
  target:
    fields:
      host: { type: string }
routes:
  migrate:
    method: PUT
    path: /migrations
    body: { type: record, record: source }
    responses:
      "200": { envelope: none, body: { type: record, record: source } }
  retarget:
    method: PUT
    path: /targets
    body: { type: record, record: target }
    responses:
      "200": { envelope: none, body: { type: record, record: target } }
`;

let served: ServedFixture;
const received: unknown[] = [];

beforeAll(async () => {
  const echo = async (input: { body: Record<string, unknown> }) => {
    received.push(input.body);
    return { ...input.body, secret: 'kept in the process' };
  };
  served = await serveDefinitions('sources-api', YAML, { migrate: echo, retarget: echo });
}, 120_000);

afterAll(async () => served?.close());

const put = (path: string, body: unknown) =>
  fetch(`${served.origin}/v1${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a record that ignores the members it does not name', () => {
  it('accepts them in a request and leaves them out of what the handler gets', async () => {
    received.length = 0;
    const answer = await put('/migrations', { host: 'db.example', dbname: 'defaultdb', username: 'admin' });
    expect(answer.status).toBe(200);
    expect(received).toEqual([{ host: 'db.example' }]);
    expect(await answer.json()).toEqual({ host: 'db.example' });
  });

  it("never sends a handler's other members", async () => {
    const answer = await put('/migrations', { host: 'db.example', port: 5432 });
    expect(await answer.text()).toBe('{"host":"db.example","port":5432}');
  });

  it('still checks the members it names', async () => {
    const answer = await put('/migrations', { host: 7, dbname: 'defaultdb' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain('/host');
  });

  it('differs from a closed record, which refuses them', async () => {
    const answer = await put('/targets', { host: 'db.example', dbname: 'defaultdb' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain('unknown field dbname');
  });

  it('is described without additionalProperties in the emitted OpenAPI, a closed record with false', async () => {
    const document = await served.fixture.json('sources-api/openapi.json');
    const schemas = document['components'].schemas;
    expect(schemas['Source']).not.toHaveProperty('additionalProperties');
    expect(schemas['Target']).toHaveProperty('additionalProperties', false);
  });
});
