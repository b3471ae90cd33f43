#!/usr/bin/env node
// Synthetic definitions for the benchmark: `node bench/synth.mjs <N> <outdir> [--variant <k>]`.
//
// Writes <outdir>/admin-api.yaml with N entities shaped like the Admin API's product, and copies
// the other definition files of definitions/ unchanged. The interface, auth and errors blocks are
// the real Admin API's, verbatim. Every entity has:
//   - fields of every type: hex-id, string (with length limits and a format), integer, number,
//     boolean, enum, date, date-time, an embedded record (price), a list, a map, nullable fields;
//   - a to-one relation (owner → the other entity of its pair, by ownerId) and a to-many relation
//     (members ← the other entity of its pair, whose ownerId points here): entities are related in
//     pairs (000↔001, 002↔003, …; an odd last one relates to itself), like product↔tax. Pairs, not
//     one ring of N or longer rings: a chain of 300 records each embedding the next is not an API
//     anyone writes, orval 7.13 overflows its stack on it, and orval's zod output inlines every
//     record reachable through embedded relations, so its size grows with the ring length
//     (rings of 5: 3x the output of pairs);
//   - the routes list, get, one association route per relation (owner, members), create, update
//     and delete: 7 operations per entity.
// Output is a pure function of N and the variant: no clock, no randomness.
//
// --variant <k> (k >= 1) edits one field of one entity (the middle one): its name field's
// maxLength becomes 255 + k. The benchmark uses it for "the rerun after one entity changed".
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFINITIONS = join(ROOT, 'definitions');

/** The entity names for N: entity000, entity001, … (at least three digits). */
export function entityNames(count) {
  const width = Math.max(3, String(count - 1).length);
  return Array.from({ length: count }, (_, index) => `entity${String(index).padStart(width, '0')}`);
}

/** Index of the entity that --variant edits. */
export function changedEntityIndex(count) {
  return Math.floor(count / 2);
}

/** Entities are related within groups (rings) of this many consecutive entities. */
export const GROUP = 2;

/** The owner (to-one) and member (to-many) entity indexes of entity `index`: its neighbours in its group. */
export function neighbours(index, count) {
  const start = index - (index % GROUP);
  const length = Math.min(GROUP, count - start);
  const offset = index - start;
  return { owner: start + ((offset + 1) % length), member: start + ((offset - 1 + length) % length) };
}

const pascal = (name) => name[0].toUpperCase() + name.slice(1);

function recordYaml(name, owner, member, nameMaxLength) {
  return `
  ${name}:
    description: A synthetic ${name}, shaped like the product of the Admin API.
    fields:
      id:
        type: string
        format: hex-id
        readOnly: true
      name:
        type: string
        minLength: 1
        maxLength: ${nameMaxLength}
      sku:
        description: Stock keeping unit, letters and digits.
        type: string
        format: alphanumeric
        maxLength: 64
      summary:
        description: A short text, or null.
        type: string
        nullable: true
        required: false
        default: null
      stock:
        type: integer
        minimum: 0
      weight:
        description: Weight in kilograms.
        type: number
        minimum: 0
      active:
        type: boolean
      status:
        type: enum
        values: [draft, active, archived]
      releaseDate:
        description: The day it is released, or null.
        type: date
        nullable: true
        required: false
        default: null
      createdAt:
        type: date-time
        readOnly: true
      price:
        type: record
        record: price
      tags:
        type: list
        items: { type: string, maxLength: 40 }
        maxItems: 20
        required: false
      attributes:
        description: Free-form attributes, name to value.
        type: map
        items: { type: string }
        required: false
      ownerId:
        description: Id of the owning ${owner}, or null.
        type: string
        format: hex-id
        nullable: true
        required: false
        default: null
      owner:
        description: The owning ${owner}, or null.
        type: record
        record: ${owner}
        nullable: true
        required: false
        readOnly: true
        relation: { kind: to-one, record: ${owner}, foreignKey: ownerId, embedded: true }
      members:
        description: The ${member} records this one owns, or null when not loaded.
        type: list
        items: { type: record, record: ${member} }
        nullable: true
        required: false
        readOnly: true
        relation: { kind: to-many, record: ${member}, inverse: ownerId }
`;
}

const PAGING = `
      limit:
        description: Records per page, 1..500 (above 500 is a 400).
        type: integer
        required: false
        default: 25
        minimum: 1
        maximum: 500
      page:
        description: Page number, from 1.
        type: integer
        required: false
        default: 1
        minimum: 1`;

const RESPONSE_FLAG = `
      _response:
        description: Answer 200 with the written record instead of 204.
        type: boolean
        required: false
        default: false`;

const ID_PARAM = `
    pathParams:
      id: { type: string, format: hex-id }`;

const WRITE_OMIT = '[id, createdAt, owner, members]';

function routesYaml(name, owner, member) {
  const type = pascal(name);
  return `
  # ---- ${name} ----
  list${type}:
    description: Lists ${name} records, one page at a time.
    method: GET
    path: /${name}
    version: v3
    auth: oauth
    query:${PAGING}
    responses:
      "200":
        body: { type: list, items: { type: record, record: ${name} } }
    errors: [badRequest, unauthorized, notAcceptable]

  get${type}:
    description: Reads one ${name} record.
    method: GET
    path: /${name}/{id}
    version: v3
    auth: oauth${ID_PARAM}
    responses:
      "200":
        body: { type: record, record: ${name} }
    errors: [badRequest, unauthorized, notFound, notAcceptable]

  get${type}Owner:
    description: Reads the owning ${owner} of a ${name} record.
    method: GET
    path: /${name}/{id}/owner
    version: v3
    auth: oauth${ID_PARAM}
    responses:
      "200":
        body: { type: record, record: ${owner}, nullable: true }
    errors: [badRequest, unauthorized, notFound, notAcceptable]

  get${type}Members:
    description: Lists the ${member} records a ${name} record owns.
    method: GET
    path: /${name}/{id}/members
    version: v3
    auth: oauth${ID_PARAM}
    query:${PAGING}
    responses:
      "200":
        body: { type: list, items: { type: record, record: ${member} } }
    errors: [badRequest, unauthorized, notFound, notAcceptable]

  create${type}:
    origin: convention
    description: Creates a ${name} record; answers 204 with its Location, or 200 with the record when _response is true.
    method: POST
    path: /${name}
    version: v3
    auth: oauth
    query:${RESPONSE_FLAG}
    body:
      type: record
      record: ${name}
      omit: ${WRITE_OMIT}
    responses:
      "204":
        description: Created.
        headers:
          location:
            description: URL of the new record, <base>/api/v3/${name}/<id>.
            type: string
            format: uri
      "200":
        description: Created, with the record.
        when: _response
        body: { type: record, record: ${name} }
    errors: [badRequest, validation, unauthorized, notAcceptable, payloadTooLarge]

  update${type}:
    origin: convention
    description: Changes the given fields of a ${name} record; answers 204 with its Location, or 200 with the record when _response is true.
    method: PATCH
    path: /${name}/{id}
    version: v3
    auth: oauth${ID_PARAM}
    query:${RESPONSE_FLAG}
    body:
      type: record
      record: ${name}
      omit: ${WRITE_OMIT}
      partial: true
    responses:
      "204":
        description: Updated.
        headers:
          location:
            description: URL of the record, <base>/api/v3/${name}/<id>.
            type: string
            format: uri
      "200":
        description: Updated, with the record.
        when: _response
        body: { type: record, record: ${name} }
    errors: [badRequest, validation, unauthorized, notFound, notAcceptable, payloadTooLarge]

  delete${type}:
    origin: convention
    description: Deletes a ${name} record; one that others still reference is a 409.
    method: DELETE
    path: /${name}/{id}
    version: v3
    auth: oauth${ID_PARAM}
    responses:
      "204":
        description: Deleted.
    errors: [badRequest, unauthorized, notFound, conflict, notAcceptable]
`;
}

/** The real price record, verbatim from definitions/admin-api.yaml. */
function priceRecordYaml(realText) {
  const match = /\n {2}price:\n[\s\S]*?(?=\n\n {2}\w)/.exec(realText.slice(realText.indexOf('\nrecords:\n')));
  if (!match) throw new Error('synth: cannot find the price record in definitions/admin-api.yaml');
  return match[0].slice(1);
}

/** The synthetic admin-api.yaml for `count` entities. */
export function synthesizeAdminApi(realText, count, variant = 0) {
  const head = realText.slice(0, realText.indexOf('\nrecords:\n'));
  const names = entityNames(count);
  const changed = changedEntityIndex(count);
  const parts = [
    head.replace(/\s+$/, ''),
    '',
    `# Synthetic: ${count} entities generated by bench/synth.mjs.`,
    'records:',
    priceRecordYaml(realText),
  ];
  names.forEach((name, index) => {
    const { owner, member } = neighbours(index, count);
    parts.push(
      recordYaml(name, names[owner], names[member], variant && index === changed ? 255 + variant : 255).trimEnd(),
    );
  });
  parts.push('', 'routes:');
  names.forEach((name, index) => {
    const { owner, member } = neighbours(index, count);
    parts.push(routesYaml(name, names[owner], names[member]).trimEnd());
  });
  return `${parts.join('\n')}\n`;
}

export async function synthesize(count, outDir, variant = 0) {
  const realText = await readFile(join(DEFINITIONS, 'admin-api.yaml'), 'utf8');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'admin-api.yaml'), synthesizeAdminApi(realText, count, variant));
  const others = (await readdir(DEFINITIONS))
    .filter((name) => /\.ya?ml$/.test(name) && name !== 'admin-api.yaml')
    .sort();
  for (const name of others) await copyFile(join(DEFINITIONS, name), join(outDir, name));
}

function usage(message) {
  process.stderr.write(`synth: ${message}\nUsage: node bench/synth.mjs <N> <outdir> [--variant <k>]\n`);
  process.exit(2);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  let variant = 0;
  const variantAt = args.indexOf('--variant');
  if (variantAt !== -1) {
    variant = Number(args[variantAt + 1]);
    if (!Number.isInteger(variant) || variant < 1) usage('--variant needs a whole number >= 1');
    args.splice(variantAt, 2);
  }
  if (args.length !== 2) usage('expected <N> and <outdir>');
  const count = Number(args[0]);
  if (!Number.isInteger(count) || count < 1) usage(`N must be a whole number >= 1 (got "${args[0]}")`);
  await synthesize(count, args[1], variant);
}
