// Media types met in vendors' documents (Jira's */* beside application/json, Mailchimp's problem+json):
// which schema a body takes, and what the report says of the others.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-media-');
});
afterEach(async () => removeDir(dir));

describe('vendor media types', () => {
  /** Imports POST /thing with this request content and this 200 response content. */
  async function media(request: string, response: string) {
    const text =
      `openapi: 3.0.3\ninfo: { title: Media, version: '1' }\ncomponents:\n  schemas:\n` +
      `    Errors: { type: object, properties: { errorMessages: { type: array, items: { type: string } } } }\n` +
      `paths:\n  /thing:\n    post:\n      operationId: postThing\n` +
      `      requestBody: { content: ${request} }\n` +
      `      responses:\n        '200': { description: ok, content: ${response} }\n`;
    const path = join(dir, 'media.yaml');
    await writeFile(path, text);
    const result = importDocument({ file: path, definitionsDir: join(dir, 'definitions'), name: 'media' });
    const definitions = parse(await readFile(result.path, 'utf8'));
    return {
      route: definitions.routes.postThing,
      notes: result.lines.slice(0, -1).map((l) => l.replace(`${path}:`, '')),
    };
  }
  const errors = `{ schema: { $ref: '#/components/schemas/Errors' } }`;

  it('takes application/json before */* (Jira), and names no JSON media type as not JSON', async () => {
    const { route, notes } = await media(
      `{ '*/*': {}, application/json: ${errors} }`,
      `{ '*/*': {}, application/json: ${errors}, image/png: {} }`,
    );
    expect(route.body).toEqual({ type: 'record', record: 'Errors' });
    expect(route.responses['200'].body).toEqual({ type: 'record', record: 'Errors' });
    expect(notes).toEqual([
      '10:33: approximated: media type */*: one JSON media type per body, application/json (its schema is used)',
      '12:128: approximated: media type image/png: only JSON, form, file and multipart bodies of files and text, approximated as a JSON body (the application/json schema is used)',
    ]);
  });

  it('answers in one of the JSON media types a response offers with one schema, unreported (Mailchimp)', async () => {
    const { route, notes } = await media(
      `{ application/json: ${errors}, application/problem+json: ${errors} }`,
      `{ application/json: ${errors}, application/problem+json: ${errors} }`,
    );
    expect(route.responses['200'].body).toEqual({ type: 'record', record: 'Errors' });
    expect(notes).toEqual([
      '10:104: approximated: media type application/problem+json: one JSON media type per body, application/json (its schema is used)',
    ]);
  });
});
