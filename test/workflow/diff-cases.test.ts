// The classification table: each case is one small change to the base definition, and the change
// (or changes) `diff()` must report, with who it breaks (test/diff/verdicts.test.ts shows, on generated
// code, that each rule's verdict is what happens). B = breaking, N = non-breaking, I = info (docs).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diff } from '../../src/diff/diff.js';
import type { ChangeKind, Impact } from '../../src/diff/types.js';
import { BASE_DEFINITION, editedDefinition, removeDir, tempDir, writeText, type Doc } from './helpers.js';

const B: Impact = 'breaking';
const N: Impact = 'non-breaking';
const I: Impact = 'info';

interface Case {
  readonly name: string;
  readonly edit: (doc: Doc) => void;
  /** [kind, client, server] of every change expected, in any order. */
  readonly want: readonly (readonly [ChangeKind, Impact, Impact])[];
}

const CASES: readonly Case[] = [
  // fields: direction decides who breaks
  {
    name: 'field removed from a record used both ways',
    edit: (d) => delete d.records.item.fields.name,
    want: [['required-field-removed', B, B]],
  },
  {
    name: 'required field removed from a response-only record',
    edit: (d) => delete d.records.receipt.fields.paidAt,
    want: [['required-field-removed', B, B]],
  },
  {
    name: 'optional field added',
    edit: (d) => (d.records.item.fields.color = { type: 'string', required: false }),
    want: [['field-added-optional', N, B]],
  },
  {
    name: 'required field added to a request body',
    edit: (d) => (d.records.itemQuery.fields.page = { type: 'integer' }),
    want: [['field-added-required', B, B]],
  },
  {
    name: 'required field added to a response',
    edit: (d) => (d.records.receipt.fields.tax = { type: 'number' }),
    want: [['field-added-required', N, B]],
  },
  {
    name: 'required field added to a record used both ways',
    edit: (d) => (d.records.item.fields.sku = { type: 'string' }),
    want: [['field-added-required', B, B]],
  },
  {
    name: 'required field with a default added to a request',
    edit: (d) => (d.records.itemQuery.fields.page = { type: 'integer', default: 1 }),
    want: [['field-added-optional', N, B]],
  },
  {
    name: 'field added to an unused record counts both ways',
    edit: (d) => (d.records.legacy.fields.kind = { type: 'string' }),
    want: [['field-added-required', B, B]],
  },
  {
    name: 'optional → required in a request',
    edit: (d) => (d.records.itemQuery.fields.text.required = true),
    want: [['became-required', B, N]],
  },
  {
    name: 'required → optional in a response',
    edit: (d) => (d.records.receipt.fields.total.required = false),
    want: [['became-optional', B, N]],
  },
  {
    name: 'required → optional, field in requests and responses',
    edit: (d) => (d.records.item.fields.price.required = false),
    want: [['became-optional', B, B]],
  },
  {
    name: 'optional → required, field in requests and responses',
    edit: (d) => (d.records.item.fields.note.required = true),
    want: [['became-required', B, B]],
  },
  // enums
  {
    name: 'enum value removed (request and response)',
    edit: (d) => (d.records.item.fields.status.values = ['live']),
    want: [['enum-value-removed', B, B]],
  },
  {
    name: 'enum value removed in a request',
    edit: (d) => (d.records.itemQuery.fields.status.values = ['live']),
    want: [['enum-value-removed', B, N]],
  },
  {
    name: 'enum value added in a request',
    edit: (d) => d.records.itemQuery.fields.status.values.push('sold'),
    want: [['enum-value-added', N, B]],
  },
  {
    name: 'enum value added in a response',
    edit: (d) => d.records.receipt.fields.method.values.push('voucher'),
    want: [['enum-value-added', B, N]],
  },
  // types
  {
    name: 'number → integer in a response (narrowed)',
    edit: (d) => (d.records.receipt.fields.total.type = 'integer'),
    want: [['type-narrowed', N, B]],
  },
  {
    name: 'integer → number in a request (widened)',
    edit: (d) => (d.records.itemQuery.fields.minPrice.type = 'number'),
    want: [['type-widened', N, B]],
  },
  {
    name: 'integer → number, field in requests and responses',
    edit: (d) => (d.records.item.fields.price.type = 'number'),
    want: [['type-widened', B, B]],
  },
  {
    name: 'number → string (incompatible)',
    edit: (d) => (d.records.receipt.fields.total.type = 'string'),
    want: [['type-changed', B, B]],
  },
  {
    name: 'nullable → non-null in a request',
    edit: (d) => delete d.records.itemQuery.fields.owner.nullable,
    want: [['type-narrowed', B, N]],
  },
  {
    name: 'non-null → nullable in a response',
    edit: (d) => (d.records.receipt.fields.currency.nullable = true),
    want: [['type-widened', B, N]],
  },
  {
    name: 'string → enum in a request',
    edit: (d) => Object.assign(d.records.itemQuery.fields.text, { type: 'enum', values: ['a', 'b'] }),
    want: [['type-narrowed', B, N]],
  },
  // constraints
  {
    name: 'new maxLength in a request',
    edit: (d) => (d.records.itemQuery.fields.text.maxLength = 20),
    want: [['constraint-tightened', B, N]],
  },
  {
    name: 'maxLength lowered, record used both ways',
    edit: (d) => (d.records.item.fields.name.maxLength = 50),
    want: [['constraint-tightened', B, B]],
  },
  {
    name: 'new minimum in a response',
    edit: (d) => (d.records.receipt.fields.total.minimum = 0),
    want: [['constraint-tightened', N, B]],
  },
  {
    name: 'maxLength raised (relaxed)',
    edit: (d) => (d.records.item.fields.name.maxLength = 200),
    want: [['constraint-relaxed', B, B]],
  },
  {
    name: 'minimum removed (relaxed)',
    edit: (d) => delete d.records.item.fields.price.minimum,
    want: [['constraint-relaxed', B, B]],
  },
  {
    name: 'format added in a request',
    edit: (d) => (d.records.itemQuery.fields.text.format = 'email'),
    want: [['constraint-tightened', B, N]],
  },
  // defaults and read-only
  {
    name: 'default changed on a query parameter',
    edit: (d) => (d.routes.searchItems.query.limit.default = 50),
    want: [['default-changed', B, N]],
  },
  {
    name: 'default added to an optional field',
    edit: (d) => (d.records.itemQuery.fields.text.default = ''),
    want: [['default-added', N, N]],
  },
  {
    name: 'field became read-only',
    edit: (d) => (d.records.item.fields.name.readOnly = true),
    want: [['read-only-added', N, N]],
  },
  // parameters
  {
    name: 'new required query parameter',
    edit: (d) => (d.routes.searchItems.query.page = { type: 'integer', required: true }),
    want: [['parameter-added-required', B, N]],
  },
  {
    name: 'new optional query parameter',
    edit: (d) => (d.routes.searchItems.query.sort = { type: 'string' }),
    want: [['parameter-added-optional', N, N]],
  },
  {
    name: 'query parameter removed',
    edit: (d) => delete d.routes.searchItems.query.limit,
    want: [['parameter-removed', N, B]],
  },
  {
    name: 'query parameter maximum lowered',
    edit: (d) => (d.routes.searchItems.query.limit.maximum = 50),
    want: [['constraint-tightened', B, N]],
  },
  {
    name: 'query parameter maximum made exclusive',
    edit: (d) => {
      const limit = d.routes.searchItems.query.limit;
      limit.exclusiveMaximum = limit.maximum;
      delete limit.maximum;
    },
    want: [['constraint-tightened', B, N]],
  },
  {
    name: 'query parameter exclusive maximum raised past the inclusive one',
    edit: (d) => (d.routes.searchItems.query.limit.exclusiveMaximum = 1000),
    want: [],
  },
  {
    name: 'query parameter accepts digits (coerce)',
    edit: (d) => (d.routes.searchItems.query.limit.coerce = true),
    want: [['coercion-added', N, N]],
  },
  // routes
  { name: 'route removed', edit: (d) => delete d.routes.pay, want: [['route-removed', B, B]] },
  {
    name: 'route renamed, same method and path',
    edit: (d) => ((d.routes.findItem = d.routes.getItem), delete d.routes.getItem),
    want: [['route-renamed', N, B]],
  },
  {
    name: 'route renamed and its method changed: removed and added',
    edit: (d) => ((d.routes.findItem = { ...d.routes.getItem, method: 'POST' }), delete d.routes.getItem),
    want: [
      ['route-added', N, B],
      ['route-removed', B, B],
    ],
  },
  {
    name: 'route added',
    edit: (d) =>
      (d.routes.listItems = {
        method: 'GET',
        path: '/items',
        responses: { '200': { body: { type: 'list', items: { type: 'record', record: 'item' } } } },
      }),
    want: [['route-added', N, B]],
  },
  { name: 'method changed', edit: (d) => (d.routes.createItem.method = 'PUT'), want: [['method-changed', B, N]] },
  { name: 'path changed', edit: (d) => (d.routes.searchItems.path = '/items/find'), want: [['path-changed', B, N]] },
  {
    name: 'request body optional',
    edit: (d) => (d.routes.createItem.bodyRequired = false),
    want: [['became-optional', N, B]],
  },
  {
    name: 'request body view drops a field (omit)',
    edit: (d) => d.routes.createItem.body.omit.push('note'),
    want: [['field-removed', B, B]],
  },
  {
    name: 'request body view becomes partial',
    edit: (d) => (d.routes.createItem.body.partial = true),
    want: [['became-optional', N, B]],
  },
  {
    name: 'response status added',
    edit: (d) => (d.routes.getItem.responses['203'] = { body: { type: 'record', record: 'item' } }),
    want: [['response-added', N, N]],
  },
  {
    name: 'response removed',
    edit: (d) => (d.routes.createItem.responses = { '200': d.routes.createItem.responses['201'] }),
    want: [
      ['response-added', N, N],
      ['response-removed', N, N],
    ],
  },
  {
    name: 'error added to a route',
    edit: (d) => d.routes.createItem.errors.push('notFound'),
    want: [['route-errors-changed', N, N]],
  },
  // tags and deprecation: marks, not contract
  {
    name: 'route tagged, its tag declared with a description',
    edit: (d) => {
      d.interface.tags = { items: { description: 'Things for sale' } };
      d.routes.getItem.tags = ['items'];
    },
    want: [
      ['tags-changed', N, N],
      ['tags-changed', N, N],
    ],
  },
  {
    name: 'route became deprecated',
    edit: (d) => (d.routes.getItem.deprecated = true),
    want: [['became-deprecated', N, N]],
  },
  {
    name: 'field of a record used both ways became deprecated',
    edit: (d) => (d.records.item.fields.name.deprecated = true),
    want: [['became-deprecated', N, N]],
  },
  // auth
  {
    name: 'route auth scheme changed',
    edit: (d) => (d.routes.getItem.auth = 'digest'),
    want: [['auth-changed', B, B]],
  },
  { name: 'route auth removed', edit: (d) => (d.routes.getItem.auth = 'none'), want: [['auth-changed', B, B]] },
  {
    name: 'auth scheme parameter changed',
    edit: (d) => (d.auth.digest.nonceLifetime = 600),
    want: [['auth-scheme-changed', B, B]],
  },
  {
    name: 'auth scheme header changed',
    edit: (d) => (d.auth.key.name = 'x-key'),
    want: [['auth-scheme-changed', B, B]],
  },
  {
    name: 'auth scheme added',
    edit: (d) => (d.auth.other = { type: 'apiKey', in: 'header', name: 'x-other' }),
    want: [['auth-scheme-added', N, N]],
  },
  // records, interface, errors
  { name: 'unused record removed', edit: (d) => delete d.records.legacy, want: [['record-removed', N, B]] },
  {
    name: 'record added',
    edit: (d) => (d.records.coupon = { fields: { code: { type: 'string' } } }),
    want: [['record-added', N, N]],
  },
  { name: 'version removed', edit: (d) => (d.interface.versions = ['v2']), want: [['version-removed', B, N]] },
  {
    name: 'base path changed',
    edit: (d) => (d.interface.basePath = '/shop'),
    want: [
      ['interface-changed', B, B],
      ['path-changed', B, N],
      ['path-changed', B, N],
      ['path-changed', B, N],
      ['path-changed', B, N],
    ],
  },
  {
    name: 'body limit lowered',
    edit: (d) => (d.interface.limits.bodyBytes = 1024),
    want: [['body-limit-lowered', B, N]],
  },
  {
    name: 'error status changed',
    edit: (d) => (d.errors.notFound.status = 410),
    want: [['error-status-changed', B, N]],
  },
  // docs only
  {
    name: 'record description changed',
    edit: (d) => (d.records.item.description = 'A thing for sale.'),
    want: [['docs-changed', I, I]],
  },
  {
    name: 'field description added',
    edit: (d) => (d.records.item.fields.price.description = 'In cents.'),
    want: [['docs-changed', I, I]],
  },
  {
    name: 'route summary added',
    edit: (d) => (d.routes.getItem.summary = 'Reads an item'),
    want: [['docs-changed', I, I]],
  },
  // examples: shown and sent by mocks, read by no client or server
  {
    name: 'field example added',
    edit: (d) => (d.records.item.fields.price.example = 1250),
    want: [['example-changed', N, N]],
  },
  {
    name: 'record example added',
    edit: (d) => (d.records.item.example = { id: 7, name: 'Teapot', price: 1250, status: 'live' }),
    want: [['example-changed', N, N]],
  },
];

let root: string;
beforeAll(async () => {
  root = await tempDir('svcgen-diff-cases-');
  await writeText(join(root, 'base', 'shop.yaml'), BASE_DEFINITION);
});
afterAll(async () => {
  await removeDir(root);
});

describe('diff classification', () => {
  it('has at least 25 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  it('finds no change between the base and itself', async () => {
    const result = await diff({ base: join(root, 'base'), definitionsDir: join(root, 'base'), cwd: root });
    expect(result.ok && result.changes).toEqual([]);
  });

  it.each(CASES.map((testCase, index) => ({ ...testCase, index })))('$name', async ({ edit, want, index }) => {
    const head = join(root, `case-${index}`);
    await writeText(join(head, 'shop.yaml'), editedDefinition(edit));
    const result = await diff({ base: join(root, 'base'), definitionsDir: head, cwd: root });
    if (!result.ok)
      throw new Error(
        `${result.message}\n${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`,
      );
    const got = result.changes.map((change) => [change.kind, change.client, change.server]);
    expect(sortRows(got)).toEqual(sortRows(want.map((row) => [...row])));
  });

  it('reports a renamed named type as removed (breaking code that names it) and added', async () => {
    const named = (name: string) =>
      editedDefinition((d) => {
        d.types = { [name]: { type: 'string', maxLength: 8 } };
        d.records.legacy.fields.code = { type: `shop.${name}` };
      });
    await writeText(join(root, 'named-base', 'shop.yaml'), named('code'));
    await writeText(join(root, 'named-head', 'shop.yaml'), named('sku'));
    const result = await diff({ base: join(root, 'named-base'), definitionsDir: join(root, 'named-head'), cwd: root });
    expect(
      result.ok && result.changes.map(({ kind, subject, client, server }) => [kind, subject, client, server]),
    ).toEqual([
      ['named-type-removed', 'type shop.code', N, B],
      ['named-type-added', 'type shop.sku', N, N],
    ]);
    expect(result.ok && result.changes[0]!.description).toContain('TypeScript type Code no longer compiles');
  });

  it('judges anyOf → oneOf a narrowing only where a value may match two variants', async () => {
    const union = (exclusive: boolean, second: string) =>
      editedDefinition((d) => {
        d.records.itemQuery.fields.ref = {
          type: 'union',
          exclusive,
          variants: [{ type: 'string' }, { type: second }],
        };
      });
    const kinds = async (second: string) => {
      await writeText(join(root, `union-${second}-base`, 'shop.yaml'), union(false, second));
      await writeText(join(root, `union-${second}-head`, 'shop.yaml'), union(true, second));
      const result = await diff({
        base: join(root, `union-${second}-base`),
        definitionsDir: join(root, `union-${second}-head`),
        cwd: root,
      });
      return result.ok && result.changes.map(({ kind, client, server }) => [kind, client, server]);
    };
    // A value is a string or a number, never both; a date is also a string.
    expect(await kinds('integer')).toEqual([]);
    expect(await kinds('date')).toEqual([['type-narrowed', B, N]]);
  });

  it("reports a tag's new description as docs, a route's new first tag as a tags change", async () => {
    const tagged = (description: string, tags: string[]) =>
      editedDefinition((d) => {
        d.interface.tags = { items: { description }, sale: {} };
        d.routes.getItem.tags = tags;
      });
    await writeText(join(root, 'tagged-base', 'shop.yaml'), tagged('Things', ['items', 'sale']));
    await writeText(join(root, 'tagged-head', 'shop.yaml'), tagged('Things for sale', ['sale', 'items']));
    const result = await diff({
      base: join(root, 'tagged-base'),
      definitionsDir: join(root, 'tagged-head'),
      cwd: root,
    });
    expect(result.ok && result.changes.map(({ kind, subject, description }) => [kind, subject, description])).toEqual([
      ['tags-changed', 'route shop.getItem', 'tags items, sale → sale, items'],
      ['docs-changed', 'interface shop', 'tag descriptions changed'],
    ]);
  });
});

function sortRows(rows: string[][]): string[][] {
  return [...rows].sort((a, b) => (a.join() < b.join() ? -1 : a.join() > b.join() ? 1 : 0));
}
