// The identifiers that definition names become in generated code, checked once for the whole IR:
// each must be usable where it goes (SVC214), and no two may meet in one generated file (SVC204).
// The names come from the symbol table the emitters use (symbols.ts);
// test/reliability/names.test.ts compiles the output of awkward names.
import { handlerHeaders } from './responses.js';
import type { Report } from './context.js';
import { camelCase, RESERVED_WORDS } from './names.js';
import { PARAMETER_GROUPS } from './route-parameters.js';
import { interfaceSymbols, symbols, type RoutePart } from './symbols.js';
import type { Ir, ModuleIr, RecordKey, SourceLocation, TypeIr, TypeKey } from './types.js';
import { visitTypes } from './checks.js';

/** Type names the type expressions of types.ts take from TypeScript. */
const TYPES_FILE_GLOBALS = ['Omit', 'Partial', 'Pick', 'Record'];

/** What schemas.ts imports from zod and from svcgen's runtime. */
const SCHEMAS_FILE_IMPORTS = ['booleanText', 'digitsToNumber', 'integerText', 'jsonText', 'numberText', 'z'];

/** What server.ts, client.ts and metadata.ts import from fastify, zod, svcgen's runtime and each other. */
const INTERFACE_FILE_IMPORTS = [
  'ApiKeyCredentials',
  'ApiKeyOptions',
  'ApiKeySessionOptions',
  'BasicCredentials',
  'BasicOptions',
  'BearerCredentials',
  'BearerOptions',
  'CallOptions',
  'ClientCore',
  'ClientOptions',
  'DeclaredError',
  'DeclaredErrorStatus',
  'DigestCredentials',
  'DigestOptions',
  'FastifyPluginAsync',
  'FastifyRequest',
  'HandlerContext',
  'InterfaceMeta',
  'JwtBearerOptions',
  'ListResult',
  'OAuthClientOptions',
  'OAuthCredentials',
  'OAuthOptions',
  'Page',
  'RouteMeta',
  'apiKeyClientAuth',
  'apiKeyScheme',
  'basicClientAuth',
  'basicScheme',
  'bearerClientAuth',
  'bearerScheme',
  'createInterfacePlugin',
  'declaredErrorMatches',
  'decodeDocument',
  'digestClientAuth',
  'digestScheme',
  'isDeclaredError',
  'jwtBearerScheme',
  'oauthClientAuth',
  'oauthScheme',
  'renderJsonApi',
  'responseSchemas',
  'routeSchemas',
  'schemas',
  'types',
  'z',
];

/** Members every JavaScript object has: a handler of that name would be found even when missing. */
const OBJECT_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Members of the generated client class besides the route methods. */
const CLIENT_MEMBERS = new Set(['core']);

/** The output folder of svcgen's runtime, beside one folder per definition file. */
const RUNTIME_FOLDER = 'runtime';

/** A file name names a folder of the output; file systems allow 255 bytes per path segment. */
const MAX_FILE_NAME_LENGTH = 100;

const PROPERTY_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function checkIdentifiers(ir: Ir, report: Report): void {
  for (const module of ir.modules) {
    checkRouteNames(module, report);
    checkAuthNames(module, report);
    checkHeaderNames(module, report);
    /** Pairs reported already (in the module's other file): one diagnostic per pair. */
    const reported = new Set<string>();
    checkFile(module, 'types', reported, report);
    checkFile(module, 'schemas', reported, report);
  }
}

/**
 * What is wrong with a definition file's name as the name of its output folder and the prefix of
 * its generated identifiers (reported by the IR builder as SVC214, at the file's `name:`).
 */
export function fileNameProblems(name: string, hasInterface: boolean): string[] {
  const problems: string[] = [];
  if (name === RUNTIME_FOLDER)
    problems.push(`file name "${name}" is the output folder of svcgen's runtime (expected another name)`);
  if (name.length > MAX_FILE_NAME_LENGTH) {
    problems.push(
      `file name is ${name.length} characters long (expected at most ${MAX_FILE_NAME_LENGTH}: it names a folder of the output)`,
    );
  }
  const clash = hasInterface
    ? interfaceSymbols(name).find((identifier) => INTERFACE_FILE_IMPORTS.includes(identifier))
    : undefined;
  if (clash)
    problems.push(
      `file name "${name}" makes the identifier ${clash}, which the generated server or client imports (expected another name)`,
    );
  return problems;
}

function checkRouteNames(module: ModuleIr, report: Report): void {
  for (const route of module.routes) {
    const problem = routeNameProblem(route.name);
    if (problem) report(route.location, 'SVC214', `route name "${route.name}" ${problem}`);
  }
}

/** Handlers and client methods are named after the route: what keeps a name from serving there. */
function routeNameProblem(name: string): string | undefined {
  const method = camelCase(name);
  if (RESERVED_WORDS.has(name))
    return `is a reserved or contextual word of TypeScript (expected another name, e.g. "${name}Item": handlers and client methods are named after the route)`;
  if (method !== name)
    return `is not a camelCase identifier (expected "${method.replace(/_$/, '')}": handlers and client methods are named after the route, as written)`;
  if (OBJECT_MEMBERS.has(name))
    return 'is a member of every JavaScript object (expected another name: a missing handler of that name would go unnoticed)';
  if (CLIENT_MEMBERS.has(name)) return 'is a member of the generated client class (expected another name)';
  return undefined;
}

function checkAuthNames(module: ModuleIr, report: Report): void {
  for (const scheme of module.auth) {
    if (!PROPERTY_NAME.test(scheme.name))
      report(
        scheme.location,
        'SVC214',
        `auth scheme name "${scheme.name}" is not usable as a property name of the generated auth options (expected letters, digits and "_", e.g. "${camelCase(scheme.name).replace(/_$/, '')}")`,
      );
  }
}

/**
 * Header names are compared without case (and lower-cased in the IR): two may become one. (Other
 * names are keys of one YAML mapping, never the same twice.)
 */
function checkHeaderNames(module: ModuleIr, report: Report): void {
  for (const route of module.routes) {
    const groups = [
      { what: 'header', params: route.headers },
      ...route.responses.map((response) => ({
        what: `header of response ${response.status}`,
        params: response.headers,
      })),
    ];
    for (const { what, params } of groups) {
      const seen = new Set<string>();
      for (const param of params) {
        if (seen.has(param.name))
          report(
            param.location,
            'SVC204',
            `${what} "${param.name}" is declared twice (expected each name once; header names are compared without case)`,
          );
        seen.add(param.name);
      }
    }
  }
}

/** The top-level names of types.ts or schemas.ts: imported records, then the module's records and routes. */
function checkFile(module: ModuleIr, file: 'types' | 'schemas', reported: Set<string>, report: Report): void {
  const [source, givenNames, recordName, routeName] =
    file === 'types'
      ? ['TypeScript', TYPES_FILE_GLOBALS, symbols.recordType, symbols.routeType]
      : ["zod and svcgen's runtime", SCHEMAS_FILE_IMPORTS, symbols.recordSchema, symbols.routeSchema];
  const path = `${module.name}/${file}.ts`;
  /** Who took each name, and as what: "given" (imported by every such file), "import", "record" or "route". */
  const taken = new Map<string, { what: string; kind: string }>(
    givenNames.map((name) => [name, { what: source, kind: 'given' }]),
  );
  const claim = (identifier: string, what: string, location: SourceLocation, kind = 'import') => {
    const holder = taken.get(identifier);
    if (!holder) {
      taken.set(identifier, { what, kind });
      return;
    }
    // Two records or two routes that meet are reported by the IR builder already.
    if (holder.kind === kind && (kind === 'record' || kind === 'route')) return;
    const pair = `${what}\u0000${holder.what}`;
    if (reported.has(pair)) return;
    reported.add(pair);
    if (holder.kind === 'given')
      report(
        location,
        'SVC214',
        `${what} becomes ${identifier}, which ${path} takes from ${holder.what} (expected another name)`,
      );
    else
      report(
        location,
        'SVC204',
        `${what} and ${holder.what} both become ${identifier} in ${path} (expected distinct names)`,
      );
  };
  // Records of other files that this file's types name: each is imported under its own name.
  for (const [key, location] of usedElsewhere(module, (type) => (type.kind === 'record' ? type.record : undefined)))
    claim(recordName(key), `record "${key}" (imported)`, location);
  for (const record of module.records)
    claim(recordName(record.key), `record "${record.name}"`, record.location, 'record');
  // Named types: declared by their own file's types.ts and schemas.ts, imported by the types.ts of others.
  const namedName = file === 'types' ? symbols.namedType : symbols.namedSchema;
  for (const named of module.types) claim(namedName(named.key), `type "${named.name}"`, named.location, 'type');
  if (file === 'types')
    for (const [key, location] of usedElsewhere(module, (type) => type.named))
      claim(namedName(key), `type "${key}" (imported)`, location);
  for (const route of module.routes) {
    for (const [part, present] of routeParts(route, file))
      if (present) claim(routeName(route.name, part), `route "${route.name}"`, route.location, 'route');
  }
}

/** The parts a route names in the file: its response headers have a type (types.ts) but no schema. */
function routeParts(route: ModuleIr['routes'][number], file: 'types' | 'schemas'): [RoutePart, boolean][] {
  return [
    ['ResponseHeaders', file === 'types' && route.responses.some((response) => handlerHeaders(response).length > 0)],
    ...PARAMETER_GROUPS.map(({ part, key }): [RoutePart, boolean] => [part, route[key].length > 0]),
    ['Body', route.body !== undefined],
    ['Responses', true],
  ];
}

/** Each named type or record (`keyOf`) of another file that a module refers to, with the first place that does. */
function usedElsewhere(module: ModuleIr, keyOf: (type: TypeIr) => TypeKey | RecordKey | undefined) {
  const references = new Map<string, SourceLocation>();
  visitTypes(module, false, (type, location) => {
    const key = keyOf(type);
    if (key !== undefined && !key.startsWith(`${module.name}.`) && !references.has(key)) references.set(key, location);
  });
  return references;
}
