// A record's docs say what becomes of members it does not name where they are not refused: an ignoring record
// (`additionalFields: ignore`) drops them, an open one keeps them; a closed record's table needs no word.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const DEFINITIONS = `name: notes-api
interface: { title: Notes API, basePath: /v1, style: success-envelope, errorStyle: errors-array }
records:
  source:
    additionalFields: ignore
    fields:
      host: { type: string }
  labels:
    additionalFields: { type: string }
    fields:
      origin: { type: string }
  note:
    additionalFields: true
    fields:
      text: { type: string }
  target:
    fields:
      host: { type: string }
routes:
  putAll:
    method: PUT
    path: /all
    body: { type: record, record: source }
    responses:
      "200": { body: { type: list, items: { type: union, variants: [{ type: record, record: labels }, { type: record, record: note }, { type: record, record: target }] } } }
`;

let fixture: GeneratedFixture;
beforeAll(async () => {
  fixture = await generateFixture('other-members', { 'notes-api.yaml': DEFINITIONS });
}, 120_000);
afterAll(async () => fixture?.remove());

/** The part of the page about one record, up to the next heading. */
async function recordPart(name: string): Promise<string> {
  const page = await readFile(join(fixture.out, 'notes-api/README.md'), 'utf8');
  const start = page.indexOf(`\n### ${name}\n`);
  expect(start).toBeGreaterThan(0);
  const end = page.indexOf('\n<a id=', start);
  return page.slice(start, end === -1 ? undefined : end);
}

describe('a record of the docs page, on members it does not name', () => {
  it('says an ignoring record accepts and leaves them out', async () => {
    expect(await recordPart('source')).toContain('Members it does not name are accepted in requests and left out.');
  });

  it('says an open record keeps them, with their type', async () => {
    expect(await recordPart('labels')).toContain('Members it does not name are kept (string).');
    expect(await recordPart('note')).toContain('Members it does not name are kept (any JSON value).');
  });

  it('says nothing of them for a closed record', async () => {
    expect(await recordPart('target')).not.toContain('Members it does not name');
  });
});
