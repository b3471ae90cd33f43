// Shared by the workflow tests: temporary folders, a small base definition to change, and the CLI
// as a child process (`node dist/cli.js`; run `npm run build` first).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parse, stringify } from 'yaml';

export { CLI, ROOT, runCli } from '../helpers/cli.js';
export { runNode, type ProcessRun as RunResult } from '../helpers/process.js';
export { removeDir, tempDir } from '../helpers/tree.js';

export async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/**
 * A small interface with a record used both ways (item: created by clients, returned by servers),
 * one only in requests (itemQuery), one only in responses (receipt) and one unused (legacy).
 */
export const BASE_DEFINITION = `name: shop

interface:
  title: Shop API
  basePath: /api
  style: success-envelope
  errorStyle: success-false
  versions: [v1, v2]
  limits:
    bodyBytes: 65536

auth:
  key:
    type: apiKey
    in: header
    name: x-api-key
  digest:
    type: digest
    realm: shop
    algorithms: [SHA-256]
    qop: [auth]
    nonceLifetime: 300

errors:
  badRequest:
    status: 400
    message: Invalid request
  notFound:
    status: 404
    message: Not found

records:
  item:
    description: An item for sale.
    fields:
      id:
        type: integer
        readOnly: true
      name:
        type: string
        minLength: 1
        maxLength: 100
      price:
        type: integer
        minimum: 0
      status:
        type: enum
        values: [draft, live]
      note:
        type: string
        nullable: true
        required: false

  itemQuery:
    fields:
      text:
        type: string
        required: false
      status:
        type: enum
        values: [draft, live]
        required: false
      minPrice:
        type: integer
        required: false
      owner:
        type: string
        nullable: true
        required: false

  receipt:
    fields:
      total:
        type: number
      currency:
        type: string
        format: currency-code
      method:
        type: enum
        values: [card, cash]
      paidAt:
        type: date-time
        nullable: true

  legacy:
    fields:
      code:
        type: string

routes:
  getItem:
    method: GET
    path: /items/{id}
    auth: key
    pathParams:
      id: { type: integer }
    responses:
      "200":
        body: { type: record, record: item }
    errors: [notFound]

  createItem:
    method: POST
    path: /items
    auth: key
    body: { type: record, record: item, omit: [id] }
    responses:
      "201":
        body: { type: record, record: item }
    errors: [badRequest]

  searchItems:
    method: POST
    path: /items/search
    auth: key
    query:
      limit:
        type: integer
        required: false
        default: 20
        maximum: 100
    body: { type: record, record: itemQuery }
    responses:
      "200":
        body: { type: list, items: { type: record, record: item } }

  pay:
    method: POST
    path: /items/{id}/pay
    auth: digest
    pathParams:
      id: { type: integer }
    responses:
      "200":
        body: { type: record, record: receipt }
`;

// The parsed definition, loosely typed: a test reaches into it like into the YAML.
export type Doc = any;

/** The base definition changed by `edit`, as YAML text. */
export function editedDefinition(edit: (doc: Doc) => void): string {
  const doc = parse(BASE_DEFINITION) as Doc;
  edit(doc);
  return stringify(doc);
}

/** The 1-based line of the first line of `text` that, trimmed, starts with `start` after line `after`. */
export function lineOf(text: string, start: string, after = 0): number {
  const lines = text.split('\n');
  for (let index = after; index < lines.length; index += 1)
    if ((lines[index] ?? '').trim().startsWith(start)) return index + 1;
  throw new Error(`no line starting with ${start}`);
}
