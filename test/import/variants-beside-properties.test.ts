// oneOf/anyOf beside an object's own properties: imported as a union of records that each carry the shared
// properties and one member's own, and the emitted OpenAPI accepts exactly the instances the input does.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareOperation } from '../../scripts/import-corpus/compare.js';
import { PreparedDocument, type Json } from '../../scripts/import-corpus/documents.js';
import { removeDir, tempDir } from '../helpers/tree.js';
import { importAndGenerate } from './import-and-generate.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-variants-');
});
afterEach(async () => removeDir(dir));

/** Imports a 3.1 document whose GET /thing answers the component `Thing`, and generates from it. */
async function roundTrip(schemas: string) {
  const file = join(dir, 'api.yaml');
  const text =
    `openapi: 3.1.0\ninfo: { title: Variants, version: '1' }\ncomponents:\n  schemas:\n${schemas}\n` +
    `paths:\n  /thing:\n    get:\n      operationId: getThing\n      responses:\n        '200':\n` +
    `          description: the thing\n          content:\n            application/json:\n` +
    `              schema: { $ref: '#/components/schemas/Thing' }\n`;
  await writeFile(file, text);
  const { result, diagnostics } = await importAndGenerate(dir, file, 'api');
  expect(diagnostics).toEqual([]);
  const input = new PreparedDocument(parse(text) as Json);
  const output = new PreparedDocument(
    JSON.parse(await readFile(join(dir, 'generated', 'api', 'openapi.json'), 'utf8')) as Json,
  );
  const operation = input.operations.get('GET /thing')!;
  const answer = (document: PreparedDocument) =>
    document.validator(document.operations.get('GET /thing')!.responses.get('200'))!;
  return {
    definitions: parse(await readFile(result.path, 'utf8')),
    lines: result.lines,
    /** Sampled instances of each side accepted by the other, over a few seeds. */
    problems: [1, 2, 3, 4].map((seed) => compareOperation(input, operation, output, seed)).filter(Boolean),
    /** Each instance's verdict by the input's and the output's schema. */
    verdicts: (instances: unknown[]) =>
      instances.map((instance) => [answer(input)(instance), answer(output)(instance)]),
  };
}

describe('import: oneOf/anyOf beside properties', () => {
  it('makes each member a record of the shared properties and its own, oneOf staying exclusive', async () => {
    const trip = await roundTrip(`    Thing:
      type: object
      required: [id]
      properties:
        id: { type: integer }
        note: { type: string }
      oneOf:
        - { type: object, required: [url], properties: { url: { type: string } } }
        - { $ref: '#/components/schemas/Named' }
    Named: { type: object, required: [name], properties: { name: { type: string } } }`);
    expect(trip.definitions.records.ThingVariant1.fields).toEqual({
      id: { type: 'integer' },
      note: { type: 'string', required: false },
      url: { type: 'string' },
    });
    expect(trip.definitions.records.ThingVariant2.fields).toEqual({
      id: { type: 'integer' },
      note: { type: 'string', required: false },
      name: { type: 'string' },
    });
    expect(trip.lines.filter((line) => line.includes('oneOf'))).toEqual([]);
    expect(trip.problems).toEqual([]);
    const instances = [
      { id: 1, url: 'u' },
      { id: 1, name: 'n', note: 'x' },
      { id: 1, url: 'u', name: 'n' }, // both members: refused by oneOf, and by the exclusive union
      { url: 'u' }, // no shared id
      { id: 1 }, // no member
      { id: 'one', name: 'n' },
    ];
    expect(trip.verdicts(instances)).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it('reads members that only require some of the shared properties (anyOf: any of them)', async () => {
    const trip = await roundTrip(`    Thing:
      type: object
      properties:
        sha: { type: string }
        ref: { type: string }
      anyOf:
        - required: [sha]
        - required: [ref]`);
    expect(trip.definitions.records.ThingVariant1.fields).toEqual({
      sha: { type: 'string' },
      ref: { type: 'string', required: false },
    });
    expect(trip.problems).toEqual([]);
    expect(trip.verdicts([{ sha: 'a' }, { ref: 'b' }, { sha: 'a', ref: 'b' }, {}])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, false],
    ]);
  });

  it('keeps a discriminator whose member is an enum in every variant', async () => {
    const trip = await roundTrip(`    Thing:
      type: object
      required: [at]
      properties: { at: { type: string } }
      discriminator: { propertyName: kind }
      oneOf:
        - { type: object, required: [kind, url], properties: { kind: { enum: [link] }, url: { type: string } } }
        - { type: object, required: [kind, text], properties: { kind: { enum: [memo] }, text: { type: string } } }`);
    expect(trip.definitions.records.Thing).toBeUndefined();
    const { records } = trip.definitions;
    expect(Object.keys(records).filter((name: string) => name.startsWith('Thing'))).toEqual([
      'ThingVariant1',
      'ThingVariant2',
    ]);
    expect(trip.definitions.routes.getThing.responses['200'].body).toMatchObject({
      discriminator: { property: 'kind', mapping: { link: 'ThingVariant1', memo: 'ThingVariant2' } },
    });
    expect(trip.problems).toEqual([]);
    expect(
      trip.verdicts([
        { at: 'x', kind: 'link', url: 'u' },
        { at: 'x', kind: 'memo', text: 't' },
        { at: 'x', kind: 'link', text: 't' },
        { kind: 'memo', text: 't' },
      ]),
    ).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('still approximates a member that is not an object, with its report line', async () => {
    const trip = await roundTrip(`    Thing:
      type: object
      properties: { id: { type: integer } }
      oneOf: [{ type: string }, { required: [id] }]`);
    expect(trip.lines.some((line) => line.includes("oneOf beside the schema's own type or properties"))).toBe(true);
  });
});
