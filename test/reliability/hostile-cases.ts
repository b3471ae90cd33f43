// The hostile-definitions corpus: the literal files of test/fixtures/hostile/ (expected codes in the
// file name: "svc002-…yaml", "svc204+svc214-…", "ok-…"; a folder is a whole definitions folder) and
// the cases built here from small builders (encodings, sizes, depths, wrong types, references).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { common, deleteAt, edited, setAt, shop, yamlText, type Json, type JsonObject } from './definition-builders.js';
import { ROOT } from './harness.js';

export interface HostileCase {
  readonly id: string;
  /** The files of the definitions folder. */
  readonly definitions: Readonly<Record<string, string | Uint8Array>>;
  /** Files beside the definitions folder (svcgen.config.yaml, a templates folder). */
  readonly extra?: Readonly<Record<string, string | Uint8Array>>;
  /** Every code the run must report (and no other), or "ok" when the input is in fact valid. */
  readonly expect: readonly string[] | 'ok';
  /** Where the first diagnostic must point: "file:line:col" (file relative to the run's folder). */
  readonly at?: string;
}

export const FIXTURES = join(ROOT, 'test', 'fixtures', 'hostile');

/** test/fixtures/hostile/*: a .yaml file is a one-file definitions folder, a folder is a whole one. */
export function fixtureCases(): HostileCase[] {
  return readdirSync(FIXTURES)
    .sort()
    .filter((name) => name.endsWith('.yaml') || statSync(join(FIXTURES, name)).isDirectory())
    .map((name) => {
      const prefix = name.split('-')[0] as string;
      const expect = prefix === 'ok' ? ('ok' as const) : prefix.split('+').map((code) => code.toUpperCase());
      const path = join(FIXTURES, name);
      const definitions: Record<string, Uint8Array> = {};
      if (name.endsWith('.yaml')) {
        definitions[name] = readFileSync(path);
      } else {
        for (const file of readdirSync(path).sort()) definitions[file] = readFileSync(join(path, file));
      }
      return { id: `fixture ${name}`, definitions, expect };
    });
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));
const one = (
  id: string,
  doc: JsonObject | string | Uint8Array,
  expect: HostileCase['expect'],
  at?: string,
): HostileCase => ({
  id,
  definitions: { 'shop.yaml': typeof doc === 'string' || doc instanceof Uint8Array ? doc : yamlText(doc) },
  expect,
  ...(at ? { at: `definitions/shop.yaml:${at}` } : {}),
});

function encodingCases(): HostileCase[] {
  const valid = yamlText(shop());
  return [
    one(
      'latin-1 byte in a description',
      bytes('name: shop\nrecords:\n  product:\n    description: caf', [0xe9], '\n    fields: {}\n'),
      ['SVC001'],
      '4:21',
    ),
    one('truncated UTF-8 sequence at the end', bytes('name: shop\n# ', [0xe2, 0x82]), ['SVC001'], '2:3'),
    one('overlong UTF-8 encoding of "/"', bytes('name: shop\nx: ', [0xc0, 0xaf], '\n'), ['SVC001'], '2:4'),
    one(
      'UTF-16 LE with its byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name: shop\n', 'utf16le')]),
      ['SVC001'],
      '1:1',
    ),
    one(
      'UTF-8 surrogate half (CESU-8)',
      bytes('name: shop\ndescription: ', [0xed, 0xa0, 0x80], '\n'),
      ['SVC001'],
      '2:14',
    ),
    one(
      'UTF-8 byte-order mark, then an unknown key on line 2',
      bytes([0xef, 0xbb, 0xbf], 'name: shop\nrecordz: {}\n'),
      ['SVC101'],
      '2:1',
    ),
    one('UTF-8 byte-order mark on a valid file', bytes([0xef, 0xbb, 0xbf], valid), 'ok'),
    one(
      'NUL byte in a value',
      bytes('name: shop\nrecords:\n  product:\n    description: a', [0x00], 'b\n    fields: {}\n'),
      ['SVC002'],
      '4:19',
    ),
    one('NUL byte in a key', bytes('name: shop\nrec', [0x00], 'ords: {}\n'), ['SVC002'], '2:4'),
    one('escape sequence (ESC) in a key', bytes('name: shop\n"\\e[31mred": 1\n'), ['SVC101'], '2:1'),
    one('raw C1 control character', bytes('name: shop\ndescription: x', [0xc2, 0x85], 'y\n'), ['SVC101']),
    one('newline inside a quoted unknown key', 'name: shop\n"re\\ncords": {}\n', ['SVC101'], '2:1'),
    one('CRLF line endings on a valid file', valid.replace(/\n/g, '\r\n'), 'ok'),
    one(
      'CRLF line endings, misspelt type on line 5',
      'name: shop\r\nrecords:\r\n  product:\r\n    fields:\r\n      id: { type: integr }\r\n',
      ['SVC104'],
      '5:19',
    ),
    one('CR-only line endings', 'name: shop\rrecords:\r  product:\r    fields: {}\r', ['SVC002']),
    one(
      'lone surrogate escape in a record name',
      'name: shop\nrecords:\n  "a\\ud800": { fields: {} }\n',
      ['SVC002'],
      '3:14',
    ),
    one(
      'right-to-left override in a route name',
      'name: shop\ninterface: { title: S, basePath: /api, style: success-envelope, errorStyle: success-false }\nroutes:\n  "get\u202eProduct": { method: GET, path: /p, responses: { "200": {} } }\n',
      ['SVC106'],
      '4:3',
    ),
  ];
}

const MIB = 1024 * 1024;

function recordsText(count: number, width: number, extra = ''): string {
  const lines = ['name: big', 'records:'];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      `  r${index}:`,
      `    description: ${'x'.repeat(width)}`,
      '    fields:',
      `      id: { type: integer }`,
      `      next: { ${extra}type: record, record: r${index + 1}, nullable: true }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function sizeCases(): HostileCase[] {
  // Just under 4 MiB: thousands of valid records chained by nullable links; the last link names a
  // record that does not exist, so the whole file is parsed, checked and built before failing.
  const count = 12_000;
  const width = Math.floor((4 * MIB - 1000 - recordsText(count, 0).length) / count);
  const underLimit = recordsText(count, width);
  const manyProblems = recordsText(4_000, 10, 'colour: red, ');
  return [
    one('5 MiB file', `name: shop\ndescription: ${'a'.repeat(5 * MIB)}\n`, ['SVC003'], '1:1'),
    one(
      '4 MiB + 1 byte',
      `name: shop\ndescription: ${'a'.repeat(4 * MIB + 1 - 'name: shop\ndescription: \n'.length)}\n`,
      ['SVC003'],
      '1:1',
    ),
    {
      id: `${underLimit.length} bytes: ${count} records, the last link unknown`,
      definitions: { 'big.yaml': underLimit },
      expect: ['SVC201'],
    },
    { id: '4,000 records, each with an unknown key', definitions: { 'big.yaml': manyProblems }, expect: ['SVC101'] },
    one(
      'record name of 5,000 characters (explicit key), misspelt type inside',
      `name: shop\nrecords:\n  ? ${'r'.repeat(5000)}\n  : fields: { id: { type: integr } }\n`,
      ['SVC104'],
    ),
    one(
      'record name of 2,000 characters as a plain key',
      `name: shop\nrecords:\n  ${'r'.repeat(2000)}: { fields: {} }\n`,
      ['SVC002'],
    ),
    one('one 3 MiB key', `name: shop\n${'k'.repeat(3 * MIB)}: 1\n`, ['SVC002']),
    one(
      '4 MiB of one-character list items',
      `name: shop\ndescription: [${'1,'.repeat(2 * MIB - 20)}]\n`,
      ['SVC003'],
      '1:1',
    ),
    one(
      'a mapping of 40,000 keys, the last one repeated',
      `name: shop\nrecords:\n  p:\n    fields:\n${Array.from({ length: 40_000 }, (_, index) => `      f${index}: { type: string }`).join('\n')}\n      f0: { type: string }\n`,
      ['SVC002'],
    ),
    one(
      '200,000 list items in a default',
      `name: shop\nrecords:\n  p:\n    fields:\n      tags: { type: list, items: { type: string }, default: [${Array.from({ length: 200_000 }, () => '1').join(', ')}] }\n`,
      ['SVC207'],
    ),
  ];
}

function depthCases(): HostileCase[] {
  const n = 10_000;
  return [
    one('10,000 nested flow sequences', `name: shop\ndescription: ${'['.repeat(n)}${']'.repeat(n)}\n`, ['SVC003']),
    one('10,000 nested flow mappings', `name: shop\ndescription: ${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`, ['SVC003']),
    one('10,000 nested compact block sequences', `name: shop\ndescription:\n  ${'- '.repeat(n)}x\n`, ['SVC003']),
    one('10,000 unclosed flow sequences', `name: shop\ndescription: ${'['.repeat(n)}\n`, ['SVC002', 'SVC003']),
    one('10,000 nested explicit keys', `name: shop\ndescription:\n  ${'? '.repeat(n)}x\n`, ['SVC002', 'SVC003']),
    one('500 nested explicit keys', `name: shop\ndescription:\n  ${'? '.repeat(500)}x\n`, ['SVC002']),
    one(
      '70 nested block mappings (over the limit of 64)',
      `name: shop\ndescription:\n${Array.from({ length: 70 }, (_, index) => `${'  '.repeat(index + 1)}k${index}:`).join('\n')} end\n`,
      ['SVC003'],
    ),
    one(
      'types nested 30 lists deep (within the limit)',
      edited(shop(), (doc) => {
        let type: JsonObject = { type: 'string' };
        for (let index = 0; index < 30; index += 1) type = { type: 'list', items: type };
        setAt(doc, ['records', 'product', 'fields', 'deep'], { ...type, required: false });
        setAt(doc, ['records', 'product', 'fields', 'bad'], { type: 'strin' });
      }),
      ['SVC104'],
    ),
    one(
      '99 aliases of one 100,000-item list',
      `name: shop\nrecords:\n  p:\n    fields:\n      blob:\n        type: json\n        default:\n          base: &b [${Array.from({ length: 100_000 }, (_, index) => index % 10).join(', ')}]\n          copies: [${Array.from({ length: 99 }, () => '*b').join(', ')}]\n`,
      ['SVC004'],
    ),
    one(
      '2,000 aliases of one 1,000-item list',
      `name: shop\nrecords:\n  p:\n    fields:\n      blob:\n        type: json\n        default:\n          base: &b [${Array.from({ length: 1000 }, (_, index) => index).join(', ')}]\n          copies: [${Array.from({ length: 2000 }, () => '*b').join(', ')}]\n`,
      ['SVC004'],
    ),
  ];
}

/** One value put where the schema wants another kind, at many places of the valid interface. */
function wrongTypeCases(): HostileCase[] {
  const slots: [string, Json, string][] = [
    ['name', 42, 'SVC103'],
    ['name', ['shop'], 'SVC103'],
    ['interface', 'Shop API', 'SVC103'],
    ['interface.title', { text: 'Shop' }, 'SVC103'],
    ['interface.basePath', true, 'SVC103'],
    ['interface.style', 7, 'SVC105'],
    ['interface.limits.bodyBytes', '64k', 'SVC103'],
    ['interface.limits.bodyBytes', -1, 'SVC106'],
    ['auth', ['apiKey'], 'SVC103'],
    ['auth.apiKey.name', null, 'SVC103'],
    ['auth.digest.algorithms', 'SHA-256', 'SVC103'],
    ['auth.digest.nonceLifetime', 1.5, 'SVC103'],
    ['errors.notFound.status', '404', 'SVC103'],
    ['errors.notFound.status', 200, 'SVC106'],
    ['records', 'product', 'SVC103'],
    ['records.product.fields', ['id', 'name'], 'SVC103'],
    ['records.product.fields.id', 'integer', 'SVC103'],
    ['records.product.fields.id.type', ['integer'], 'SVC104'],
    ['records.product.fields.id.required', 'yes', 'SVC103'],
    ['records.product.fields.tags.items', 'string', 'SVC103'],
    ['records.product.fields.kind.values', 'simple', 'SVC103'],
    ['records.product.fields.kind.values', [], 'SVC106'],
    ['records.product.fields.name.minLength', -3, 'SVC106'],
    ['records.product.fields.price.minimum', '0', 'SVC103'],
    ['routes.getProduct.method', ['GET'], 'SVC105'],
    ['routes.getProduct.path', 17, 'SVC103'],
    ['routes.getProduct.responses', ['200'], 'SVC103'],
    ['routes.getProduct.responses.200.body', 'product', 'SVC103'],
    ['routes.getProduct.errors', 'notFound', 'SVC103'],
    ['routes.getProduct.pathParams.id.type', 1, 'SVC104'],
    ['routes.getProduct.query.expand.style', 'csv', 'SVC105'],
    ['routes.createProduct.body.omit', 'id', 'SVC103'],
  ];
  return slots.map(([path, value, code]) =>
    one(
      `wrong type: ${path} = ${JSON.stringify(value)}`,
      edited(shop(), (doc) => setAt(doc, path.split('.'), value)),
      [code],
    ),
  );
}

function referenceCases(): HostileCase[] {
  const cases: [string, (doc: JsonObject) => void, string][] = [
    [
      'unknown record in a response',
      (doc) => setAt(doc, ['routes', 'getProduct', 'responses', '200', 'body', 'record'], 'prodcut'),
      'SVC201',
    ],
    ['unknown auth scheme', (doc) => setAt(doc, ['routes', 'getProduct', 'auth'], 'oauth'), 'SVC202'],
    ['unknown error', (doc) => setAt(doc, ['routes', 'getProduct', 'errors'], ['notFound', 'gone']), 'SVC211'],
    ['unknown privilege', (doc) => setAt(doc, ['routes', 'getProduct', 'privilege'], 'admin'), 'SVC210'],
    [
      'unknown field in omit',
      (doc) => setAt(doc, ['routes', 'createProduct', 'body', 'omit'], ['identifier']),
      'SVC209',
    ],
    [
      'unknown field in pick',
      (doc) =>
        setAt(doc, ['routes', 'createProduct', 'body'], {
          type: 'record',
          record: 'product',
          pick: ['name', 'colour'],
        }),
      'SVC209',
    ],
    [
      'unknown foreign key',
      (doc) =>
        setAt(doc, ['records', 'product', 'fields', 'maker', 'relation'], {
          kind: 'to-one',
          record: 'maker',
          foreignKey: 'makerId',
        }),
      'SVC209',
    ],
    [
      'unknown inverse',
      (doc) =>
        setAt(doc, ['records', 'maker', 'fields', 'products'], {
          type: 'list',
          items: { type: 'record', record: 'product' },
          relation: { kind: 'to-many', record: 'product', inverse: 'makerId' },
        }),
      'SVC209',
    ],
    ['undeclared path parameter', (doc) => deleteAt(doc, ['routes', 'getProduct', 'pathParams']), 'SVC205'],
    [
      'unused path parameter',
      (doc) => setAt(doc, ['routes', 'getProduct', 'pathParams', 'sku'], { type: 'string' }),
      'SVC206',
    ],
    [
      'default not among enum values',
      (doc) => setAt(doc, ['records', 'product', 'fields', 'kind', 'default'], 'kit'),
      'SVC207',
    ],
    [
      'required cycle through two records',
      (doc) => {
        setAt(doc, ['records', 'maker', 'fields', 'flagship'], { type: 'record', record: 'product' });
        setAt(doc, ['records', 'product', 'fields', 'maker'], { type: 'record', record: 'maker' });
      },
      'SVC208',
    ],
    ['list without items', (doc) => deleteAt(doc, ['records', 'product', 'fields', 'tags', 'items']), 'SVC212'],
    ['coerce on a boolean', (doc) => setAt(doc, ['routes', 'getProduct', 'query', 'expand', 'coerce'], true), 'SVC213'],
    [
      'duplicate route (same method and path)',
      (doc) => setAt(doc, ['routes', 'fetchProduct'], (doc.routes as JsonObject).getProduct as Json),
      'SVC203',
    ],
    ['routes in a file without an interface', (doc) => deleteAt(doc, ['interface']), 'SVC102'],
    ['privilege on a route without auth', (doc) => deleteAt(doc, ['routes', 'getProduct', 'auth']), 'SVC210'],
    [
      'records renamed so that two become the same type',
      (doc) => setAt(doc, ['records', 'Product'], (doc.records as JsonObject).maker as Json),
      'SVC204',
    ],
  ];
  return [
    ...cases.map(([id, edit, code]) => one(id, edited(shop(), edit), [code])),
    {
      id: 'unknown record of another file',
      definitions: {
        'common.yaml': yamlText(common()),
        'shop.yaml': yamlText(
          edited(shop(), (doc) =>
            setAt(doc, ['records', 'product', 'fields', 'price'], { type: 'record', record: 'common.cash' }),
          ),
        ),
      },
      expect: ['SVC201'],
    },
    {
      id: 'record of a file that does not exist',
      definitions: {
        'shop.yaml': yamlText(
          edited(shop(), (doc) =>
            setAt(doc, ['records', 'product', 'fields', 'price'], { type: 'record', record: 'billing.money' }),
          ),
        ),
      },
      expect: ['SVC201'],
    },
    {
      id: 'required cycle across two files',
      definitions: {
        'common.yaml': yamlText(
          edited(common(), (doc) =>
            setAt(doc, ['records', 'money', 'fields', 'product'], { type: 'record', record: 'shop.product' }),
          ),
        ),
        'shop.yaml': yamlText(
          edited(shop(), (doc) =>
            setAt(doc, ['records', 'product', 'fields', 'price'], { type: 'record', record: 'common.money' }),
          ),
        ),
      },
      expect: ['SVC208'],
    },
    {
      id: 'two files with the same name',
      definitions: { 'a.yaml': yamlText(common()), 'b.yaml': yamlText(common()) },
      expect: ['SVC204'],
    },
    {
      id: 'a definitions folder with no yaml file',
      definitions: { 'README.md': '# nothing\n', 'shop.yml.bak': yamlText(shop()) },
      expect: ['SVC006'],
    },
  ];
}

function configAndTemplateCases(): HostileCase[] {
  const valid = { 'shop.yaml': yamlText(shop()) };
  const withTemplates = (templates: Record<string, string>): Record<string, string> => ({
    'svcgen.config.yaml': 'templates: tpl\n',
    ...Object.fromEntries(Object.entries(templates).map(([name, text]) => [`tpl/${name}`, text])),
  });
  return [
    {
      id: 'template partial that includes itself',
      definitions: valid,
      extra: withTemplates({ 'docs-route.md.hbs': '## {{name}}\n{{> docs-route}}\n' }),
      expect: ['SVC401'],
    },
    {
      id: 'two template partials that include each other',
      definitions: valid,
      extra: withTemplates({ 'docs-route.md.hbs': '{{> docs-record}}\n', 'docs-record.md.hbs': '{{> docs-route}}\n' }),
      expect: ['SVC401'],
    },
    {
      id: 'template with a syntax error',
      definitions: valid,
      extra: withTemplates({ 'docs-interface.md.hbs': '# {{title\n' }),
      expect: ['SVC401'],
    },
    {
      id: 'template naming an unknown partial',
      definitions: valid,
      extra: withTemplates({ 'docs-interface.md.hbs': '# x\n{{> nowhere}}\n' }),
      expect: ['SVC401'],
    },
    {
      id: 'config file that is an alias bomb',
      definitions: valid,
      extra: {
        'svcgen.config.yaml': `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${'*a, '.repeat(9)}*a]\nc: &c [${'*b, '.repeat(9)}*b]\nd: [${'*c, '.repeat(9)}*c]\n`,
      },
      expect: ['SVC301'],
    },
    {
      id: 'config file that is a list',
      definitions: valid,
      extra: { 'svcgen.config.yaml': '- definitions\n- generated\n' },
      expect: ['SVC301'],
    },
    {
      id: 'config file with invalid UTF-8',
      definitions: valid,
      extra: { 'svcgen.config.yaml': bytes('output: gen', [0xff], '\n') },
      expect: ['SVC301'],
    },
  ];
}

export function builtCases(): HostileCase[] {
  return [
    ...encodingCases(),
    ...sizeCases(),
    ...depthCases(),
    ...wrongTypeCases(),
    ...referenceCases(),
    ...configAndTemplateCases(),
  ];
}

export function allCases(): HostileCase[] {
  return [...fixtureCases(), ...builtCases()];
}

export { utf8 };
