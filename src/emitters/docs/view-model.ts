// What a docs template sees: one page per interface module, as plain data. Every key is always
// present (null or an empty list when there is nothing), so strict templates can tell a
// misspelled name from an absent value. Text is already safe for Markdown (see markdown.ts).
import type { AuthSchemeIr, ErrorIr, FieldIr, InterfaceIr, Ir, ModuleIr, Origin, ParameterIr, RecordIr, ResponseIr, RouteIr } from '../../ir/types.js';
import { referencedRecords } from '../shared/imports.js';
import { codeSpan, inline } from './markdown.js';
import { typeText } from './type-text.js';

export interface OriginView {
  /** "spec" (the interface document) or "convention" (CONVENTIONS.md, where the document says "not shown"). */
  readonly origin: Origin;
  readonly convention: boolean;
}

export interface DocsPage {
  readonly title: string;
  readonly module: string;
  readonly sourceFile: string;
  readonly description: string | null;
  readonly basePath: string;
  readonly versions: string | null;
  readonly envelope: string;
  readonly errorBody: string;
  readonly conventionSummary: string;
  readonly auth: readonly AuthView[];
  readonly routes: readonly RouteView[];
  readonly records: readonly RecordView[];
  readonly errors: readonly ErrorView[];
  readonly limits: readonly LimitView[];
}

export interface FactView extends OriginView {
  readonly label: string;
  readonly value: string;
}

export interface AuthView extends OriginView {
  readonly name: string;
  readonly type: string;
  readonly description: string | null;
  readonly facts: readonly FactView[];
}

export interface ParameterView extends OriginView {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly type: string;
  readonly required: boolean;
  readonly default: string | null;
  readonly description: string | null;
}

export interface BodyView {
  readonly type: string;
  readonly required: boolean;
  readonly formats: string;
  readonly alternative: string | null;
}

export interface ResponseView extends OriginView {
  readonly status: number;
  readonly body: string | null;
  readonly description: string | null;
  readonly headers: string | null;
}

export interface RouteErrorView {
  readonly name: string;
  /** The id of the error's row in the errors table. */
  readonly anchor: string;
  readonly status: number;
  readonly kind: string;
}

export interface RouteView extends OriginView {
  readonly name: string;
  /** An id for links to the route: "route-<name, lower case>". */
  readonly anchor: string;
  readonly method: string;
  readonly path: string;
  readonly aliases: readonly string[];
  readonly summary: string | null;
  readonly description: string | null;
  readonly auth: string | null;
  readonly privilege: string | null;
  readonly action: string | null;
  readonly parameters: readonly ParameterView[];
  readonly body: BodyView | null;
  readonly responses: readonly ResponseView[];
  readonly errors: readonly RouteErrorView[];
}

export interface FieldView extends OriginView {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly default: string | null;
  readonly description: string | null;
}

export interface RecordView extends OriginView {
  readonly name: string;
  /** An id for links to the record: "record-<name, lower case>". */
  readonly anchor: string;
  /** The definition file of a record from another module, else null. */
  readonly from: string | null;
  readonly description: string | null;
  readonly apiAlias: string | null;
  readonly fields: readonly FieldView[];
}

export interface ErrorView extends OriginView {
  readonly name: string;
  /** An id for links to the error: "error-<name, lower case>". */
  readonly anchor: string;
  readonly kind: string;
  readonly status: number;
  readonly code: string | null;
  readonly title: string | null;
  readonly message: string | null;
  readonly description: string | null;
}

export interface LimitView extends OriginView {
  readonly what: string;
  readonly value: string;
}

const ENVELOPES: Record<InterfaceIr['style'], string> = {
  jsonapi:
    'json:api documents (application/vnd.api+json) by default; with Accept: application/json, plain JSON: {total, data, aggregations} for lists and {data} for one record. Any other Accept is a 406.',
  'success-envelope': '{success: true, data} around every answer; lists add total.',
  'api-alias': 'The record itself, each object carrying its apiAlias.',
};

const ERROR_BODIES: Record<InterfaceIr['errorStyle'], string> = {
  'errors-array': '{errors: [{status, code, title, detail, source: {pointer}}]}, one entry per problem.',
  'success-false': '{success: false, message, errors?}.',
};

export function buildDocsPage(ir: Ir, module: ModuleIr): DocsPage {
  const iface = module.interface as InterfaceIr;
  const records = pageRecords(ir, module);
  return {
    title: inline(iface.title),
    module: module.name,
    sourceFile: module.sourceFile,
    description: text(iface.description),
    basePath: iface.basePath,
    versions: iface.versions.length > 0 ? iface.versions.join(', ') : null,
    envelope: inline(ENVELOPES[iface.style]),
    errorBody: inline(ERROR_BODIES[iface.errorStyle]),
    conventionSummary: conventionSummary(module),
    auth: module.auth.map((scheme) => authView(module, scheme)),
    routes: module.routes.map((route) => routeView(module, route)),
    records: records.map((record) => recordView(module, record)),
    errors: module.errors.map(errorView),
    limits: limitViews(module),
  };
}

function anchor(section: string, name: string): string {
  return `${section}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function origin(value: Origin): OriginView {
  return { origin: value, convention: value === 'convention' };
}

function text(value: string | undefined): string | null {
  return value === undefined ? null : inline(value);
}

function shown(value: unknown): string | null {
  return value === undefined ? null : inline(JSON.stringify(value));
}

/** The module's records, then the records of other modules it refers to. */
function pageRecords(ir: Ir, module: ModuleIr): RecordIr[] {
  const seen = new Set(module.records.map((record) => record.key));
  const queue = [...module.records, ...module.routes.flatMap(routeRecords(ir))];
  const foreign: RecordIr[] = [];
  while (queue.length > 0) {
    const record = queue.shift() as RecordIr;
    if (!seen.has(record.key)) {
      seen.add(record.key);
      foreign.push(record);
    }
    for (const field of record.fields) {
      for (const key of referencedRecords(field.type)) {
        const next = ir.records.get(key);
        if (next && !seen.has(key)) queue.push(next);
      }
    }
  }
  return [...module.records, ...foreign.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))];
}

function routeRecords(ir: Ir): (route: RouteIr) => RecordIr[] {
  return (route) => {
    const keys = new Set<string>();
    for (const param of [...route.pathParams, ...route.query, ...route.headers]) referencedRecords(param.type, keys);
    if (route.body) referencedRecords(route.body, keys);
    for (const response of route.responses) if (response.body) referencedRecords(response.body, keys);
    return [...keys].flatMap((key) => ir.records.get(key) ?? []);
  };
}

function conventionSummary(module: ModuleIr): string {
  const count = (items: readonly { origin: Origin }[], noun: string) => `${items.filter((item) => item.origin === 'convention').length} of ${items.length} ${noun}`;
  const fields = module.records.flatMap((record) => record.fields);
  return `From the conventions: ${[count(module.routes, 'routes'), count(module.records, 'records'), count(fields, 'record fields'), count(module.errors, 'errors'), count(module.auth, 'auth schemes')].join(', ')}; everything else is from the interface document.`;
}

function authView(module: ModuleIr, scheme: AuthSchemeIr): AuthView {
  const fact = (label: string, value: string, from: Origin = scheme.origin): FactView => ({ label, value: inline(value), ...origin(from) });
  const facts: FactView[] = [];
  let type: string;
  switch (scheme.type) {
    case 'oauth2':
      type = 'OAuth 2.0';
      facts.push(fact('Token endpoint', `POST ${`${module.interface?.basePath ?? ''}${scheme.tokenPath}`.replace(/\/+/g, '/')}`));
      for (const grant of scheme.grants) {
        const details = [grant.clientId !== undefined ? `client_id ${grant.clientId}` : undefined, grant.scopes.length > 0 ? `scopes ${grant.scopes.join(' ')}` : undefined, `refresh token ${grant.issuesRefreshToken ? 'issued' : 'not issued'}`];
        facts.push(fact(`Grant ${codeSpan(grant.grant)}`, `${grant.description ? `${grant.description} ` : ''}(${details.filter(Boolean).join(', ')})`, grant.origin));
      }
      facts.push(fact('Access token lifetime', `${scheme.accessTokenLifetime} s`));
      facts.push(fact('Refresh token lifetime', `${scheme.refreshTokenLifetime} s${scheme.rotateRefreshTokens ? ', rotated on use' : ''}`));
      break;
    case 'access-key':
      type = 'Access key header';
      facts.push(fact('Key header', scheme.header));
      if (scheme.session) {
        facts.push(fact('Session header', `${scheme.session.header} (request and every response)`));
        facts.push(fact('Session idle timeout', `${scheme.session.idleTimeout} s`));
        facts.push(fact('Session token length', `${scheme.session.tokenLength} characters`));
      }
      break;
    case 'digest':
      type = 'HTTP Digest (RFC 7616)';
      facts.push(fact('Realm', scheme.realm));
      facts.push(fact('Algorithms', scheme.algorithms.join(', ')));
      facts.push(fact('qop', scheme.qop.join(', ')));
      facts.push(fact('Nonce lifetime', `${scheme.nonceLifetime} s`));
      if (scheme.privileges) facts.push(fact('Privileges', `${scheme.privileges.names.join(', ')} on ${scheme.privileges.resource}`));
      break;
  }
  return { name: scheme.name, type, description: text(scheme.description), facts, ...origin(scheme.origin) };
}

function parameterView(module: ModuleIr, param: ParameterIr, location: ParameterView['in']): ParameterView {
  const style = param.style === 'form' ? '' : param.style === 'json' ? ' (JSON text)' : ' (deepObject)';
  return {
    name: param.name,
    in: location,
    type: inline(`${typeText(param.type, module.name)}${style}`),
    required: location === 'path' || (param.required && param.default === undefined),
    default: shown(param.default),
    description: text(param.description),
    ...origin(param.origin),
  };
}

function routeView(module: ModuleIr, route: RouteIr): RouteView {
  const alternative = route.bodyQueryAlternative;
  return {
    name: route.name,
    anchor: anchor('route', route.name),
    method: route.method,
    path: route.fullPath,
    aliases: route.servedPaths.slice(1),
    summary: text(route.summary),
    description: text(route.description),
    auth: route.auth ?? null,
    privilege: route.privilege ?? null,
    action: route.action ?? null,
    parameters: [
      ...route.pathParams.map((param) => parameterView(module, param, 'path')),
      ...route.query.map((param) => parameterView(module, param, 'query')),
      ...route.headers.map((param) => parameterView(module, param, 'header')),
    ],
    body: route.body
      ? {
          type: inline(typeText(route.body, module.name)),
          required: route.bodyRequired,
          formats: route.bodyFormats.join(', '),
          alternative: alternative ? inline(`query parameter ${alternative.member} (${alternative.style === 'json' ? 'the same JSON as text' : 'deepObject'})`) : null,
        }
      : null,
    responses: route.responses.map((response) => responseView(module, response)),
    errors: route.errors
      .flatMap((name) => {
        const error = module.errors.find((candidate) => candidate.name === name);
        return error ? [{ name, anchor: anchor('error', name), status: error.status, kind: error.kind }] : [];
      })
      .sort((a, b) => a.status - b.status),
    ...origin(route.origin),
  };
}

function responseView(module: ModuleIr, response: ResponseIr): ResponseView {
  const description = [response.description, response.when ? `When ${response.when} is true.` : undefined].filter(Boolean).join(' ');
  return {
    status: response.status,
    body: response.body ? inline(`${typeText(response.body, module.name)}${response.envelope ? '' : ' (no envelope)'}${response.total ? ', with total' : ''}`) : null,
    description: description === '' ? null : inline(description),
    headers: response.headers.length > 0 ? inline(response.headers.map((header) => header.name).join(', ')) : null,
    ...origin(response.origin),
  };
}

function recordView(module: ModuleIr, record: RecordIr): RecordView {
  return {
    name: record.name,
    anchor: anchor('record', record.file === module.name ? record.name : `${record.file}-${record.name}`),
    from: record.file === module.name ? null : `${record.file}.${record.name}`,
    description: text(record.description),
    apiAlias: record.apiAlias ?? null,
    fields: record.fields.map((field) => fieldView(module, field)),
    ...origin(record.origin),
  };
}

function fieldView(module: ModuleIr, field: FieldIr): FieldView {
  return {
    name: field.name,
    type: inline(typeText(field.type, module.name)),
    required: field.required,
    readOnly: field.readOnly,
    default: shown(field.default),
    description: text(field.description),
    ...origin(field.origin),
  };
}

function errorView(error: ErrorIr): ErrorView {
  return {
    name: error.name,
    anchor: anchor('error', error.name),
    kind: error.kind,
    status: error.status,
    code: error.code ?? null,
    title: text(error.title),
    message: text(error.message),
    description: text(error.description),
    ...origin(error.origin),
  };
}

function limitViews(module: ModuleIr): LimitView[] {
  const iface = module.interface as InterfaceIr;
  const limits: LimitView[] = [];
  if (iface.bodyLimitBytes !== undefined) {
    // The IR keeps no origin for the limits block: the interface's stands in for it.
    limits.push({ what: 'Request body size', value: `${iface.bodyLimitBytes} bytes`, ...origin(iface.origin) });
  }
  for (const scheme of module.auth) {
    if (scheme.type === 'oauth2') limits.push({ what: 'Access token lifetime', value: `${scheme.accessTokenLifetime} s`, ...origin(scheme.origin) });
    if (scheme.type === 'access-key' && scheme.session) limits.push({ what: 'Session idle timeout', value: `${scheme.session.idleTimeout} s`, ...origin(scheme.origin) });
    if (scheme.type === 'digest') limits.push({ what: 'Digest nonce lifetime', value: `${scheme.nonceLifetime} s`, ...origin(scheme.origin) });
  }
  for (const route of module.routes) {
    for (const param of route.query) {
      const c = param.type.constraints;
      const bounds = c.minimum !== undefined || c.maximum !== undefined ? `${c.minimum ?? ''}..${c.maximum ?? ''}` : undefined;
      if (bounds === undefined && param.default === undefined) continue;
      const value = [bounds, param.default !== undefined ? `default ${JSON.stringify(param.default)}` : undefined].filter(Boolean).join(', ');
      limits.push({ what: inline(`${route.name}: ${param.name}`), value: inline(value), ...origin(param.origin) });
    }
  }
  return limits;
}
