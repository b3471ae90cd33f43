// Shapes met in vendors' documents (Jira, DigitalOcean, Figma), cut down to a few lines each: what each
// becomes, and where the report places what it could not carry over.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-vendor-');
});
afterEach(async () => removeDir(dir));

/** Imports a 3.1 document of these component schemas, whose GET /thing answers `Thing`. */
async function run(schemas: string, file = 'api.yaml') {
  const text =
    `openapi: 3.1.0\ninfo: { title: Shapes, version: '1', description: ${'words '.repeat(50)} }\ncomponents:\n  schemas:\n${schemas}\n` +
    `paths:\n  /thing:\n    get:\n      responses:\n        '200':\n          description: ok\n` +
    `          content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }\n`;
  const path = join(dir, file);
  await writeFile(path, file.endsWith('.json') ? JSON.stringify(parse(text)) : text);
  const result = importDocument({ file: path, definitionsDir: join(dir, 'definitions'), name: 'shapes' });
  const notes = result.lines.slice(0, -1).map((line) => line.replace(`${path}:`, ''));
  return { definitions: parse(await readFile(result.path, 'utf8')), notes };
}

describe('vendor shapes', () => {
  it('reads a one-member allOf beside readOnly as its member (Jira)', async () => {
    const { definitions, notes } = await run(`
    Transition: { type: object, properties: { id: { type: string } } }
    Thing:
      type: object
      properties:
        transition: { allOf: [{ $ref: '#/components/schemas/Transition' }], readOnly: true }`);
    expect(notes).toEqual([]);
    expect(definitions.records.Thing.fields.transition).toEqual({
      type: 'record',
      record: 'Transition',
      required: false,
      readOnly: true,
    });
  });

  it('merges allOf members that only name required members or describe (DigitalOcean)', async () => {
    const { definitions, notes } = await run(`
    Thing:
      allOf:
        - { type: object, properties: { total: { type: integer }, next: { type: string } } }
        - { required: [total, extra] }
        - { description: the page }
        - { readOnly: true }`);
    expect(notes).toEqual([]);
    expect(definitions.records.Thing.fields).toEqual({
      total: { type: 'integer' },
      next: { type: 'string', required: false },
      extra: { type: 'json' },
    });
  });

  it('keeps a union of records that holds itself through a record, whichever comes first (Figma)', async () => {
    // `ANode` sorts first, so its union is being worked out when `Frame`'s children come back to it.
    const { definitions, notes } = await run(`
    ANode: { oneOf: [{ $ref: '#/components/schemas/Frame' }, { $ref: '#/components/schemas/Text' }] }
    Frame:
      allOf:
        - { type: object, properties: { type: { type: string, enum: [FRAME] } } }
        - $ref: '#/components/schemas/Traits'
    Text: { type: object, properties: { text: { type: string } } }
    Traits:
      type: object
      properties: { children: { type: array, items: { $ref: '#/components/schemas/ANode' } } }
    Thing: { $ref: '#/components/schemas/ANode' }`);
    expect(notes).toEqual([]);
    const union = {
      type: 'union',
      exclusive: true,
      variants: [
        { type: 'record', record: 'Frame' },
        { type: 'record', record: 'Text' },
      ],
    };
    // Named once, as the document names it: each use (the records' children, Thing's) refers to it.
    expect(definitions.types).toEqual({ ANode: union });
    const named = { type: 'shapes.ANode' };
    expect(definitions.records.Frame.fields.children).toEqual({ type: 'list', items: named, required: false });
    expect(definitions.records.Traits.fields.children).toEqual({ type: 'list', items: named, required: false });
  });

  it('still reports a schema that holds itself through no record', async () => {
    const { notes } = await run(`
    Thing: { type: array, items: { $ref: '#/components/schemas/Thing' } }`);
    expect(notes).toEqual(['6:27: approximated: a recursive schema that is not an object: json']);
  });

  it('places a note about a property merged from an allOf member at that property', async () => {
    const { notes } = await run(`
    Base:
      type: object
      properties:
        size: { type: number, multipleOf: 0.5 }
    Thing:
      allOf: [{ $ref: '#/components/schemas/Base' }, { type: object, properties: { name: { type: string } } }]`);
    expect(notes).toEqual(['9:9: approximated: multipleOf: no such constraint, left out']);
  });

  it('reports a required writeOnly member, which svcgen would require in responses too', async () => {
    const { notes } = await run(`
    Thing:
      type: object
      required: [name, password]
      properties:
        name: { type: string }
        password: { type: string, writeOnly: true }
        hint: { type: string, writeOnly: true }`);
    expect(notes).toEqual([
      '11:9: approximated: writeOnly and required: svcgen has no write-only fields; required in responses too',
    ]);
  });

  it('names the JSON pointer of a place far into a line (a minified document)', async () => {
    const { notes } = await run(
      `
    Thing: { type: object, properties: { size: { type: number, multipleOf: 0.5 } } }`,
      'api.json',
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^1:\d{3} \(#\/components\/schemas\/Thing\/properties\/size\): approximated: multipleOf: no such constraint, left out$/,
    );
  });
});

describe('vendor shapes, continued', () => {
  it('keeps a required name no property describes, as any value (Figma)', async () => {
    const { definitions, notes } = await run(`
    Thing: { type: object, required: [team_id], properties: { name: { type: string } } }`);
    expect(notes).toEqual([]);
    expect(definitions.records.Thing.fields).toEqual({
      name: { type: 'string', required: false },
      team_id: { type: 'json' },
    });
  });

  it('keeps the narrower of two allOf members that describe one property, reports two that differ', async () => {
    const { definitions, notes } = await run(`
    Layer: { type: object, properties: { type: { type: string }, size: { type: integer } } }
    Thing:
      allOf:
        - { type: object, properties: { type: { type: string, enum: [DOCUMENT] }, size: { type: string } } }
        - $ref: '#/components/schemas/Layer'`);
    expect(definitions.records.Thing.fields.type).toEqual({ type: 'enum', values: ['DOCUMENT'], required: false });
    expect(notes).toEqual([
      "6:66: approximated: property size: allOf members describe it differently; this member's schema is used",
    ]);
  });

  it('reports minProperties and maxProperties, which no record or map says (Figma, Jira)', async () => {
    const { notes } = await run(`
    Thing: { type: object, minProperties: 1, properties: { keys: { type: object, maxProperties: 10 } } }`);
    expect(notes).toEqual([
      '6:5: approximated: minProperties: no such constraint, left out',
      '6:60: approximated: maxProperties: no such constraint, left out',
    ]);
  });

  it('reports a schema that allows only null', async () => {
    const { notes } = await run(`
    Thing: { type: object, properties: { err: { type: 'null' } } }`);
    expect(notes).toEqual(['6:42: approximated: type null alone: no type says only null, approximated as json']);
  });
  it('merges an allOf beside its own required names, as a oneOf member (DigitalOcean load balancers)', async () => {
    const { definitions, notes } = await run(`
    Thing:
      oneOf:
        - allOf: [{ type: object, properties: { droplet_ids: { type: array, items: { type: integer } } } }]
          required: [droplet_ids]
        - allOf: [{ type: object, properties: { tag: { type: string } } }]
          required: [tag]`);
    expect(notes).toEqual([]);
    expect(definitions.records.ThingVariant1.fields.droplet_ids).toEqual({ type: 'list', items: { type: 'integer' } });
    expect(definitions.records.ThingVariant2.fields.tag).toEqual({ type: 'string' });
  });

  it('takes a oneOf with a member imported as json as json: an exclusive union of it refuses every value', async () => {
    const { definitions, notes } = await run(`
    Thing:
      type: object
      properties:
        size:
          oneOf: [{ not: { type: string } }, { type: string }]`);
    expect(definitions.records.Thing.fields.size).toEqual({ type: 'json', required: false });
    expect(notes).toEqual([
      '10:19: approximated: not: not representable, approximated as json',
      '9:9: approximated: oneOf with a member imported as json: approximated as json',
    ]);
  });
  it("keeps a oneOf's discriminator where every member requires a one-value tag, a record in the making too (Figma)", async () => {
    const { definitions, notes } = await run(`
    ANode:
      oneOf: [{ $ref: '#/components/schemas/Frame' }, { $ref: '#/components/schemas/Text' }]
      discriminator: { propertyName: type }
    Frame:
      allOf:
        - { type: object, required: [type], properties: { type: { type: string, enum: [FRAME] } } }
        - $ref: '#/components/schemas/Layer'
    Text: { type: object, required: [type], properties: { type: { type: string, enum: [TEXT] } } }
    Layer:
      type: object
      properties:
        type: { type: string }
        children: { type: array, items: { $ref: '#/components/schemas/ANode' } }
    Thing: { $ref: '#/components/schemas/ANode' }`);
    expect(notes).toEqual([]);
    const tagged = {
      type: 'union',
      variants: [
        { type: 'record', record: 'Frame' },
        { type: 'record', record: 'Text' },
      ],
      discriminator: { property: 'type', mapping: { FRAME: 'Frame', TEXT: 'Text' } },
    };
    expect(definitions.types).toEqual({ ANode: tagged });
    const named = { type: 'shapes.ANode' };
    expect(definitions.records.Frame.fields.children).toEqual({ type: 'list', items: named, required: false });
    expect(definitions.records.Layer.fields.children).toEqual({ type: 'list', items: named, required: false });
  });

  it('leaves a discriminator out where a member does not require its tag', async () => {
    const { definitions } = await run(`
    Frame: { type: object, properties: { type: { type: string, enum: [FRAME] } } }
    Text: { type: object, required: [type], properties: { type: { type: string, enum: [TEXT] } } }
    Thing:
      oneOf: [{ $ref: '#/components/schemas/Frame' }, { $ref: '#/components/schemas/Text' }]
      discriminator: { propertyName: type }`);
    expect(definitions.routes.getThing.responses['200'].body).toEqual({ type: 'shapes.Thing' });
    expect(definitions.types.Thing).toEqual({
      type: 'union',
      exclusive: true,
      variants: [
        { type: 'record', record: 'Frame' },
        { type: 'record', record: 'Text' },
      ],
    });
  });
});

describe('Swagger 2.0 vendor extensions', () => {
  it('reads x-nullable as nullable (Docker, Azure)', async () => {
    const path = join(dir, 'docker.yaml');
    await writeFile(
      path,
      `swagger: '2.0'\ninfo: { title: Docker, version: '1' }\npaths: {}\ndefinitions:\n` +
        `  Descriptor: { type: object, properties: { digest: { type: string } } }\n` +
        `  Summary:\n    type: object\n    properties:\n` +
        `      Manifest: { $ref: '#/definitions/Descriptor', x-nullable: true }\n` +
        `      Size: { type: integer, x-nullable: true }\n      Id: { type: string, x-nullable: false }\n`,
    );
    const result = importDocument({ file: path, definitionsDir: join(dir, 'definitions'), name: 'docker' });
    const definitions = parse(await readFile(result.path, 'utf8'));
    expect(definitions.records.Summary.fields).toEqual({
      Manifest: { type: 'record', record: 'Descriptor', nullable: true, required: false },
      Size: { type: 'integer', nullable: true, required: false },
      Id: { type: 'string', required: false },
    });
  });
});
