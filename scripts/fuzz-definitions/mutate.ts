// Mutations of definition documents: one to three edits per mutant, drawn from a seeded generator,
// aimed at what broke generators before: field types, odd names (constructor, spaces, dashes),
// defaults, constraints and formats, path templates, styles of every kind of parameter, statuses,
// response headers, body query alternatives, enums, auth and token paths, totals, and deleted or
// duplicated keys.
import { FORMAT_WORDS } from '../../src/ir/formats.js';
import { BODY_FORMATS, PARAMETER_STYLES } from '../../src/runtime/core/vocabulary.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** mulberry32: small, seedable, good enough to pick mutations. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

const ODD_NAMES = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'item-id',
  'x_y',
  'a b',
  '名前',
  'delete',
  'Class',
  'x.y',
  '$x',
  '',
  'A',
  'z9',
  // JSON member names real APIs use: fields may have them (docs/definitions.md, "Field names").
  '+1',
  '_links',
  '@odata.type',
];
const TYPES = ['string', 'integer', 'number', 'boolean', 'date', 'date-time', 'enum', 'record', 'list', 'map', 'json'];
const DEFAULTS: Json[] = [{}, [], null, 0, 1, -1, 1.5, '', 'x', true, false, '2024-01-31', { a: 1 }, ['x']];
const PATHS = [
  '/a/{id}',
  '/{item-id}',
  '/{from}-{to}',
  '/{x}{y}',
  '/a/{id}/b',
  '/',
  '/a//b',
  '/a/{id}.json',
  '/{a_b}/c',
  '/x-y/{id}',
];
const TEXTS = [
  'plain',
  'with \ud800 lone surrogate',
  'a */ comment',
  '`${x}`',
  '{param}',
  'ünïcödé',
  '\u2028line',
  '',
  ' ',
];
const SEGMENTS = ['*', 'v1', 'v 2', 'a-b', '{x}', ':id', 'products', ''];
const HEADERS = [
  'X Trace',
  'x-ok',
  'Content-Type',
  'constructor',
  'X:Y',
  'Authorization',
  'Accept',
  'x~y',
  'X-Api-Key',
];
const STATUSES = ['101', '200', '201', '202', '204', '299', '302', '304', '400', '404', '409', '500', '599'];
/**
 * Patterns a backtracking engine can spend seconds on, each with the longest maxLength under which it
 * is still fine (a polynomial one: 1000 for a square, 100 for a cube; 0 for an exponential one): a
 * mutant holding one past that must get SVC108.
 */
const CATASTROPHIC: Readonly<Record<string, number>> = {
  '^(a+)+$': 0,
  '^([a-zA-Z0-9]+\\s?)*$': 0,
  '(a|a)*$': 0,
  '(\\w+\\s?)*$': 0,
  '^(\\d+)*$': 0,
  '(x+x+)+y': 0,
  '.*.*=.*': 100,
  '(a|ab)*c': 1000,
  '\\d+$': 1000,
  '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$': 1000,
};
const PATTERNS = [
  '^[a-z\\-]+$',
  '^\\p{L}+$',
  '(?<word>a+)',
  'a{',
  '[',
  '^a$',
  '\\d+',
  '^[^/~]*$',
  '.*',
  '^\\w{2,3}$',
  '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  '^\\+[1-9]\\d{1,14}$',
  // Text without the u flag, errors with it (SVC106), and what to write instead.
  ']',
  '^\\-$',
  '^a\\{2\\}$',
  '^(?=.*\\d)[a-z\\d]{4,8}$',
  '^(x|y)-\\1$',
  '\\bid\\b',
  ...Object.keys(CATASTROPHIC),
];
const CONSTRAINTS: readonly [string, Json][] = [
  ['minLength', 2],
  ['maxLength', 3],
  ['maxLength', 0],
  ['minimum', 5],
  ['maximum', -1],
  ['minItems', 2],
  ['maxItems', 0],
  ...FORMAT_WORDS.map((format): [string, Json] => ['format', format]),
  ['format', 'nope'],
  ['const', 'v1'],
  ['const', 3],
];

/** A path of mapping keys and list indexes inside a document. */
type Path = readonly (string | number)[];

function entries(
  value: Json,
  path: Path = [],
  found: { path: Path; value: Json }[] = [],
): { path: Path; value: Json }[] {
  found.push({ path, value });
  if (Array.isArray(value)) value.forEach((item, index) => entries(item, [...path, index], found));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) entries(item, [...path, key], found);
  return found;
}

function parentOf(doc: Json, path: Path): { [key: string]: Json } | Json[] | undefined {
  let node: Json = doc;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, Json>)[key] as Json;
  }
  return node !== null && typeof node === 'object' ? node : undefined;
}

function setAt(doc: Json, path: Path, value: Json): void {
  const parent = parentOf(doc, path);
  if (parent) (parent as Record<string | number, Json>)[path[path.length - 1] as string] = value;
}

const isObject = (value: Json): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
/** Type-like mappings: fields, parameters, bodies, items. */
const typeNodes = (doc: Json) =>
  entries(doc).filter(
    (entry) =>
      isObject(entry.value) &&
      typeof entry.value['type'] === 'string' &&
      !['oauth2', 'bearer', 'apiKey', 'basic', 'digest'].includes(entry.value['type']),
  );
const under = (doc: Json, key: string) =>
  entries(doc).filter((entry) => entry.path[entry.path.length - 2] === key && isObject(entry.value));
const routes = (doc: Json) =>
  entries(doc).filter((entry) => entry.path.length === 2 && entry.path[0] === 'routes' && isObject(entry.value));

type Mutation = (doc: Json, rng: Rng) => string | undefined;

const MUTATIONS: Record<string, Mutation> = {
  fieldType(doc, rng) {
    const target = pick(rng, typeNodes(doc));
    if (!target || !isObject(target.value)) return undefined;
    const type = pick(rng, TYPES);
    target.value['type'] = type;
    if (type === 'enum' && rng() < 0.8) target.value['values'] = ['a', 'b'];
    if ((type === 'list' || type === 'map') && rng() < 0.8)
      target.value['items'] = { type: pick(rng, ['string', 'integer', 'json']) };
    return `type of ${target.path.join('.')} → ${type}`;
  },
  rename(doc, rng) {
    const groups = ['records', 'fields', 'routes', 'query', 'headers', 'pathParams', 'errors', 'auth'];
    const candidates = entries(doc).filter((entry) => groups.includes(String(entry.path[entry.path.length - 2])));
    const target = pick(rng, candidates);
    if (!target) return undefined;
    const parent = parentOf(doc, target.path) as JsonObject;
    const name = pick(rng, ODD_NAMES);
    const old = String(target.path[target.path.length - 1]);
    const rebuilt = Object.fromEntries(Object.entries(parent).map(([key, value]) => [key === old ? name : key, value]));
    for (const key of Object.keys(parent)) delete parent[key];
    Object.assign(parent, rebuilt);
    return `rename ${target.path.join('.')} → ${JSON.stringify(name)}`;
  },
  addOddMember(doc, rng) {
    const group = pick(rng, [
      ...under(doc, 'records').map((entry) => ({ path: [...entry.path, 'fields'] })),
      ...routes(doc).map((entry) => ({ path: [...entry.path, 'query'] })),
    ]);
    if (!group) return undefined;
    const name = pick(rng, ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty']);
    const existing = (parentOf(doc, [...group.path, 'x']) ?? {}) as JsonObject;
    const required = rng() < 0.3;
    // A computed key: `__proto__` becomes an own member (as YAML reads it), not the object's prototype.
    setAt(doc, group.path, { ...existing, [name]: { type: pick(rng, ['string', 'integer']), required } });
    return `${required ? 'required' : 'optional'} member ${JSON.stringify(name)} in ${group.path.join('.')}`;
  },
  setDefault(doc, rng) {
    const target = pick(
      rng,
      typeNodes(doc).filter((entry) =>
        ['fields', 'query', 'headers', 'pathParams'].includes(String(entry.path[entry.path.length - 2])),
      ),
    );
    if (!target || !isObject(target.value)) return undefined;
    target.value['default'] = pick(rng, DEFAULTS);
    if (rng() < 0.5) target.value['required'] = false;
    return `default of ${target.path.join('.')} → ${JSON.stringify(target.value['default'])}`;
  },
  pathTemplate(doc, rng) {
    const route = pick(rng, routes(doc));
    if (!route || !isObject(route.value)) return undefined;
    const path = pick(rng, PATHS);
    route.value['path'] = path;
    const names = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] as string);
    if (names.length > 0)
      route.value['pathParams'] = Object.fromEntries(
        names.map((name) => [name, { type: pick(rng, ['string', 'integer']) }]),
      );
    else delete route.value['pathParams'];
    return `path of ${route.path.join('.')} → ${path}`;
  },
  style(doc, rng) {
    const target = pick(rng, under(doc, 'query'));
    if (!target || !isObject(target.value)) return undefined;
    target.value['style'] = pick(rng, PARAMETER_STYLES);
    return `style of ${target.path.join('.')} → ${String(target.value['style'])}`;
  },
  auth(doc, rng) {
    const route = pick(rng, routes(doc));
    const schemes = isObject(doc) && isObject(doc['auth'] ?? null) ? Object.keys(doc['auth'] as JsonObject) : [];
    if (!route || !isObject(route.value)) return undefined;
    route.value['auth'] = pick(rng, [...schemes, 'none', 'unknownScheme']);
    if (rng() < 0.3) route.value['privilege'] = pick(rng, ['read', 'write', 'nope']);
    return `auth of ${route.path.join('.')} → ${String(route.value['auth'])}`;
  },
  total(doc, rng) {
    const target = pick(rng, under(doc, 'responses'));
    if (!target || !isObject(target.value)) return undefined;
    target.value['total'] = true;
    if (rng() < 0.3 && isObject(target.value['body'] ?? null)) (target.value['body'] as JsonObject)['nullable'] = true;
    return `total on ${target.path.join('.')}`;
  },
  deleteKey(doc, rng) {
    const target = pick(
      rng,
      entries(doc).filter((entry) => entry.path.length > 0 && typeof entry.path[entry.path.length - 1] === 'string'),
    );
    if (!target) return undefined;
    delete (parentOf(doc, target.path) as JsonObject)[target.path[target.path.length - 1] as string];
    return `delete ${target.path.join('.')}`;
  },
  duplicateKey(doc, rng) {
    const target = pick(
      rng,
      entries(doc).filter((entry) =>
        ['records', 'routes', 'fields', 'query', 'errors'].includes(String(entry.path[entry.path.length - 2])),
      ),
    );
    if (!target) return undefined;
    const parent = parentOf(doc, target.path) as JsonObject;
    const copy = `${String(target.path[target.path.length - 1])}${pick(rng, ['Copy', '-copy', '_2', ''])}`;
    parent[copy] = structuredClone(target.value);
    return `duplicate ${target.path.join('.')} as ${copy}`;
  },
  segments(doc, rng) {
    if (!isObject(doc) || !isObject(doc['interface'] ?? null)) return undefined;
    const iface = doc['interface'] as JsonObject;
    if (rng() < 0.5) {
      iface['versions'] = [pick(rng, SEGMENTS), 'v1'];
      const route = pick(rng, routes(doc));
      if (route && isObject(route.value)) route.value['version'] = 'v1';
      return `versions → ${JSON.stringify(iface['versions'])}`;
    }
    const route = pick(rng, routes(doc));
    const first = route && isObject(route.value) ? (String(route.value['path']).split('/')[1] ?? 'a') : 'a';
    iface['segmentAliases'] = { [first]: [pick(rng, SEGMENTS)] };
    return `segmentAliases → ${JSON.stringify(iface['segmentAliases'])}`;
  },
  pattern(doc, rng) {
    const target = pick(rng, typeNodes(doc));
    if (!target || !isObject(target.value)) return undefined;
    const pattern = pick(rng, PATTERNS);
    const maxLength = pick(rng, [undefined, 64, 254, 1000, 5000]);
    Object.assign(target.value, { type: 'string', pattern }, maxLength === undefined ? {} : { maxLength });
    for (const key of ['format', 'default', 'record', 'items', 'values']) delete target.value[key];
    return `string with pattern ${JSON.stringify(pattern)}${maxLength === undefined ? '' : ` and maxLength ${maxLength}`} at ${target.path.join('.')}`;
  },
  versionedTwin(doc, rng) {
    // Two routes with one method and path, told apart only by their version: distinct unless both
    // versions are in `versions` (then each answers under both: SVC203).
    if (!isObject(doc) || !isObject(doc['interface'] ?? null)) return undefined;
    const route = pick(rng, routes(doc));
    if (!route || !isObject(route.value)) return undefined;
    const iface = doc['interface'] as JsonObject;
    iface['versions'] = pick(rng, [['v1', 'v2'], ['v1'], ['v2', 'v3']]);
    const name = String(route.path[1]);
    route.value['version'] = 'v1';
    (doc['routes'] as JsonObject)[`${name}V2`] = { ...structuredClone(route.value), version: 'v2' };
    return `versioned twin ${name}V2 of ${name} (v1, v2; versions ${JSON.stringify(iface['versions'])})`;
  },
  header(doc, rng) {
    const route = pick(rng, routes(doc));
    if (!route || !isObject(route.value)) return undefined;
    const name = pick(rng, HEADERS);
    route.value['headers'] = { [name]: { type: pick(rng, ['string', 'integer']), required: rng() < 0.5 } };
    return `header ${JSON.stringify(name)} on ${route.path.join('.')}`;
  },
  formBody(doc, rng) {
    const route = pick(
      rng,
      routes(doc).filter((entry) => isObject(entry.value) && entry.value['body'] !== undefined),
    );
    if (!route || !isObject(route.value)) return undefined;
    route.value['bodyFormats'] = pick(rng, [['form'], [...BODY_FORMATS]]);
    return `form body on ${route.path.join('.')}`;
  },
  text(doc, rng) {
    const target = pick(
      rng,
      entries(doc).filter((entry) =>
        ['description', 'summary', 'title', 'message', 'realm'].includes(String(entry.path[entry.path.length - 1])),
      ),
    );
    if (!target) return undefined;
    const text = pick(rng, TEXTS);
    setAt(doc, target.path, text);
    return `text of ${target.path.join('.')} → ${JSON.stringify(text)}`;
  },
  tokenPath(doc, rng) {
    const scheme = entries(doc).find((entry) => isObject(entry.value) && entry.value['type'] === 'oauth2');
    if (!scheme || !isObject(scheme.value)) return undefined;
    const route = pick(rng, routes(doc));
    const routePath = route && isObject(route.value) ? String(route.value['path']) : '/x';
    scheme.value['tokenPath'] = pick(rng, ['/oauth/{param}', '/token', 'token', '/a b', '/oauth/token', routePath]);
    return `tokenPath → ${String(scheme.value['tokenPath'])}`;
  },
  constraint(doc, rng) {
    const target = pick(rng, typeNodes(doc));
    if (!target || !isObject(target.value)) return undefined;
    const [key, value] = rng() < 0.3 ? ['pattern', pick(rng, PATTERNS)] : pick(rng, CONSTRAINTS);
    target.value[key] = value;
    if (rng() < 0.4)
      target.value['default'] = pick(rng, [
        ...DEFAULTS,
        'https://example.test/',
        'a@example.test',
        'EUR',
        'abc',
        '2024-02-30',
      ]);
    return `${key} of ${target.path.join('.')} → ${JSON.stringify(value)}${target.value['default'] === undefined ? '' : ` (default ${JSON.stringify(target.value['default'])})`}`;
  },
  status(doc, rng) {
    const target = pick(rng, under(doc, 'responses'));
    if (!target || !isObject(target.value)) return undefined;
    const parent = parentOf(doc, target.path) as JsonObject;
    const status = pick(rng, STATUSES);
    delete parent[String(target.path[target.path.length - 1])];
    parent[status] = target.value;
    if (rng() < 0.3) target.value['body'] = { type: pick(rng, ['string', 'integer']) };
    return `status of ${target.path.join('.')} → ${status}`;
  },
  responseHeader(doc, rng) {
    const target = pick(rng, under(doc, 'responses'));
    if (!target || !isObject(target.value)) return undefined;
    const name = pick(rng, [...HEADERS, 'location', 'set-cookie']);
    target.value['headers'] = {
      [name]: {
        type: pick(rng, ['string', 'integer']),
        ...(rng() < 0.3 && { format: 'uri' }),
        ...(rng() < 0.2 && { style: pick(rng, ['json', 'deepObject']) }),
      },
    };
    return `response header ${JSON.stringify(name)} on ${target.path.join('.')}`;
  },
  parameterStyle(doc, rng) {
    const target = pick(rng, [...under(doc, 'pathParams'), ...under(doc, 'headers')]);
    if (!target || !isObject(target.value)) return undefined;
    target.value['style'] = pick(rng, PARAMETER_STYLES);
    if (rng() < 0.5) Object.assign(target.value, { type: 'record', record: pick(rng, ['maker', 'product', 'money']) });
    return `style of ${target.path.join('.')} → ${String(target.value['style'])}`;
  },
  queryAlternative(doc, rng) {
    const route = pick(
      rng,
      routes(doc).filter((entry) => isObject(entry.value) && isObject(entry.value['body'] ?? null)),
    );
    if (!route || !isObject(route.value)) return undefined;
    const body = route.value['body'] as JsonObject;
    const record =
      isObject(doc) && isObject(doc['records'] ?? null)
        ? (doc['records'] as JsonObject)[String(body['record'])]
        : undefined;
    const fields =
      isObject(record ?? null) && isObject((record as JsonObject)['fields'] ?? null)
        ? Object.keys((record as JsonObject)['fields'] as JsonObject)
        : ['nope'];
    const member = pick(rng, fields);
    route.value['bodyQueryAlternative'] = { member, style: pick(rng, ['json', 'deepObject']) };
    if (rng() < 0.5) route.value['method'] = 'GET';
    if (rng() < 0.5) route.value['bodyRequired'] = false;
    if (rng() < 0.3)
      route.value['query'] = {
        ...(isObject(route.value['query'] ?? null) ? (route.value['query'] as JsonObject) : {}),
        [member]: { type: 'string', required: false },
      };
    return `bodyQueryAlternative ${member} on ${route.path.join('.')}`;
  },
  enumValues(doc, rng) {
    const target = pick(rng, typeNodes(doc));
    if (!target || !isObject(target.value)) return undefined;
    const values = pick(rng, [
      ['a', 'a'],
      ['', 'x'],
      ['a b', 'a/b', 'a~b'],
      [1, 2],
      ['null'],
      ['constructor', '__proto__'],
    ] as Json[]);
    Object.assign(target.value, {
      type: 'enum',
      values,
      ...(rng() < 0.5 && { nullable: true }),
      ...(rng() < 0.3 && { default: null, required: false }),
    });
    return `enum ${JSON.stringify(values)} at ${target.path.join('.')}`;
  },
};

/** Applies one to three mutations to one of the documents (in place); the descriptions of those applied. */
export function mutate(documents: Record<string, Json>, rng: Rng): string[] {
  const files = Object.keys(documents);
  const applied: string[] = [];
  const count = 1 + Math.floor(rng() * 3);
  for (let attempt = 0; applied.length < count && attempt < 10; attempt += 1) {
    const file = pick(rng, files);
    const name = pick(rng, Object.keys(MUTATIONS));
    const described = (MUTATIONS[name] as Mutation)(documents[file] as Json, rng);
    if (described) applied.push(`${file}: ${described}`);
  }
  return applied;
}

/** The catastrophic patterns a mutant's documents hold (after every mutation), past their maxLength. */
export function catastrophicPatternsIn(documents: Record<string, Json>): string[] {
  return entries(documents as Json)
    .filter(({ value }) => isObject(value) && typeof value['pattern'] === 'string')
    .map(({ value }) => value as JsonObject)
    .filter((type) => {
      const fineUpTo = CATASTROPHIC[type['pattern'] as string];
      const maxLength = type['maxLength'];
      return fineUpTo !== undefined && !(typeof maxLength === 'number' && maxLength <= fineUpTo);
    })
    .map((type) => type['pattern'] as string);
}
