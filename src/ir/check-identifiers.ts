// The identifiers that definition names become in generated code, checked once for the whole IR:
// each must be usable where it goes (SVC214), and no two may meet in one generated file (SVC204).
// The names come from the symbol table the emitters use (symbols.ts);
// test/reliability/names.test.ts compiles the output of awkward names.
import type { Diagnostic } from '../definitions/diagnostics.js';
import { camelCase, isReservedWord } from './names.js';
import { interfaceSymbols, symbols, type RoutePart } from './symbols.js';
import type { Ir, ModuleIr, RecordKey, SourceLocation, TypeIr } from './types.js';
import { requestParameters } from './route-parameters.js';

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
  'DigestCredentials',
  'DigestOptions',
  'FastifyPluginAsync',
  'FastifyRequest',
  'HandlerContext',
  'InterfaceMeta',
  'JwtBearerOptions',
  'ListResult',
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
  'decodeDocument',
  'digestClientAuth',
  'digestScheme',
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

function at(location: SourceLocation, code: Diagnostic['code'], message: string): Diagnostic {
  return { ...location, code, message };
}

export function checkIdentifiers(ir: Ir): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const module of ir.modules) {
    checkRouteNames(module, found);
    checkAuthNames(module, found);
    checkParameterNames(module, found);
    const reported = new Set<string>();
    checkFile(module, found, reported, 'types');
    checkFile(module, found, reported, 'schemas');
  }
  return found;
}

/**
 * What is wrong with a definition file's name as the name of its output folder and the prefix of
 * its generated identifiers (reported by the IR builder, at the file's `name:`).
 */
export function fileNameProblems(name: string, hasInterface: boolean): { code: Diagnostic['code']; message: string }[] {
  const problems: { code: Diagnostic['code']; message: string }[] = [];
  if (name === RUNTIME_FOLDER)
    problems.push({
      code: 'SVC214',
      message: `file name "${name}" is the output folder of svcgen's runtime (expected another name)`,
    });
  if (name.length > MAX_FILE_NAME_LENGTH) {
    problems.push({
      code: 'SVC214',
      message: `file name is ${name.length} characters long (expected at most ${MAX_FILE_NAME_LENGTH}: it names a folder of the output)`,
    });
  }
  if (hasInterface) {
    const clash = interfaceSymbols(name).find((identifier) => INTERFACE_FILE_IMPORTS.includes(identifier));
    if (clash)
      problems.push({
        code: 'SVC214',
        message: `file name "${name}" makes the identifier ${clash}, which the generated server or client imports (expected another name)`,
      });
  }
  return problems;
}

function checkRouteNames(module: ModuleIr, found: Diagnostic[]): void {
  for (const route of module.routes) {
    const problem = routeNameProblem(route.name);
    if (problem) found.push(at(route.location, 'SVC214', `route name "${route.name}" ${problem}`));
  }
}

/** Handlers and client methods are named after the route: what keeps a name from serving there. */
function routeNameProblem(name: string): string | undefined {
  const method = camelCase(name);
  if (isReservedWord(name))
    return `is a reserved or contextual word of TypeScript (expected another name, e.g. "${name}Item": handlers and client methods are named after the route)`;
  if (method !== name)
    return `is not a camelCase identifier (expected "${method.replace(/_$/, '')}": handlers and client methods are named after the route, as written)`;
  if (OBJECT_MEMBERS.has(name))
    return 'is a member of every JavaScript object (expected another name: a missing handler of that name would go unnoticed)';
  if (CLIENT_MEMBERS.has(name)) return 'is a member of the generated client class (expected another name)';
  return undefined;
}

function checkAuthNames(module: ModuleIr, found: Diagnostic[]): void {
  for (const scheme of module.auth) {
    if (!PROPERTY_NAME.test(scheme.name)) {
      found.push(
        at(
          scheme.location,
          'SVC214',
          `auth scheme name "${scheme.name}" is not usable as a property name of the generated auth options (expected letters, digits and "_", e.g. "${camelCase(scheme.name).replace(/_$/, '')}")`,
        ),
      );
    }
  }
}

/** Header names are compared without case (and lower-cased in the IR): two may become one. */
function checkParameterNames(module: ModuleIr, found: Diagnostic[]): void {
  for (const route of module.routes) {
    const groups = [
      { what: 'query parameter', params: route.query },
      { what: 'header', params: route.headers },
      ...route.responses.map((response) => ({
        what: `header of response ${response.status}`,
        params: response.headers,
      })),
    ];
    for (const { what, params } of groups) {
      const seen = new Set<string>();
      for (const param of params) {
        if (seen.has(param.name)) {
          found.push(
            at(
              param.location,
              'SVC204',
              `${what} "${param.name}" is declared twice (expected each name once; header names are compared without case)`,
            ),
          );
        }
        seen.add(param.name);
      }
    }
  }
}

/** Top-level names of one generated file: who took each, and where. */
class FileNames {
  private readonly taken = new Map<string, { readonly what: string; readonly owned: boolean; readonly kind: string }>();

  constructor(
    private readonly file: string,
    private readonly found: Diagnostic[],
    given: Readonly<Record<string, readonly string[]>>,
    /** Pairs reported already (in another file of the module): one diagnostic per pair. */
    private readonly reported: Set<string>,
  ) {
    for (const [source, names] of Object.entries(given))
      for (const name of names) this.taken.set(name, { what: source, owned: false, kind: 'given' });
  }

  /** `kind` "record" or "route": two of the same kind are reported by the IR builder already. */
  claim(identifier: string, what: string, location: SourceLocation, kind = 'import'): void {
    const holder = this.taken.get(identifier);
    if (!holder) {
      this.taken.set(identifier, { what, owned: true, kind });
      return;
    }
    if (holder.kind === kind && kind !== 'import') return;
    const pair = `${what}\u0000${holder.what}`;
    if (this.reported.has(pair)) return;
    this.reported.add(pair);
    if (holder.owned) {
      this.found.push(
        at(
          location,
          'SVC204',
          `${what} and ${holder.what} both become ${identifier} in ${this.file} (expected distinct names)`,
        ),
      );
    } else {
      this.found.push(
        at(
          location,
          'SVC214',
          `${what} becomes ${identifier}, which ${this.file} takes from ${holder.what} (expected another name)`,
        ),
      );
    }
  }
}

/** The top-level names of types.ts or schemas.ts: imported records, then the module's records and routes. */
function checkFile(module: ModuleIr, found: Diagnostic[], reported: Set<string>, file: 'types' | 'schemas'): void {
  const [given, recordName, routeName] =
    file === 'types'
      ? [{ TypeScript: TYPES_FILE_GLOBALS }, symbols.recordType, symbols.routeType]
      : [{ "zod and svcgen's runtime": SCHEMAS_FILE_IMPORTS }, symbols.recordSchema, symbols.routeSchema];
  const names = new FileNames(`${module.name}/${file}.ts`, found, given, reported);
  claimImports(module, names, recordName);
  for (const record of module.records)
    names.claim(recordName(record.key), `record "${record.name}"`, record.location, 'record');
  for (const route of module.routes) {
    for (const [part, present] of routeParts(route))
      if (present) names.claim(routeName(route.name, part), `route "${route.name}"`, route.location, 'route');
  }
}

function routeParts(route: ModuleIr['routes'][number]): [RoutePart, boolean][] {
  return [
    ['PathParams', route.pathParams.length > 0],
    ['Query', route.query.length > 0],
    ['Headers', route.headers.length > 0],
    ['Cookies', route.cookies.length > 0],
    ['Body', route.body !== undefined],
    ['Responses', true],
  ];
}

/** Records of other files that this file's types name: each is imported under its own name. */
function claimImports(module: ModuleIr, names: FileNames, identifierOf: (key: RecordKey) => string): void {
  for (const [key, location] of referencedElsewhere(module))
    names.claim(identifierOf(key), `record "${key}" (imported)`, location);
}

/** Each record of another file that a module refers to, with the first place that does. */
function referencedElsewhere(module: ModuleIr): Map<RecordKey, SourceLocation> {
  const references = new Map<RecordKey, SourceLocation>();
  const visit = (type: TypeIr | undefined, location: SourceLocation) => {
    if (!type) return;
    if (type.kind === 'record' && !type.record.startsWith(`${module.name}.`) && !references.has(type.record))
      references.set(type.record, location);
    if (type.kind === 'list') visit(type.items, location);
    if (type.kind === 'map') visit(type.values, location);
  };
  for (const record of module.records) for (const field of record.fields) visit(field.type, field.location);
  for (const route of module.routes) {
    for (const param of requestParameters(route)) visit(param.type, param.location);
    visit(route.body, route.location);
    for (const response of route.responses) visit(response.body, response.location);
  }
  return references;
}
