// The IR of one interface → the plain metadata tables the runtime reads (see runtime/core/interface-meta.ts).
import type {
  AuthSchemeIr,
  MultipartIr,
  FileIr,
  ModuleIr,
  ParameterIr,
  RecordIr,
  ResponseIr,
  RouteIr,
  TypeIr,
} from '../../ir/types.js';
import { tokenUrl } from '../../ir/types.js';
import { handlerHeaders } from '../../ir/responses.js';
import { recordModule, recordName } from '../../ir/symbols.js';
import { pick } from '../shared/pick.js';
import { moduleWire } from '../wire/index.js';
import { localUnionOf, type Json } from './union-meta.js';

/** A record of this module named by a type, and whether the type is a list of it. */
function localRecordOf(module: ModuleIr, type: TypeIr | undefined): { record: string; list: boolean } | undefined {
  if (!type) return undefined;
  if (type.kind === 'list') {
    const item = localRecordOf(module, type.items);
    return item && !item.list ? { record: item.record, list: true } : undefined;
  }
  if (type.kind === 'record' && recordModule(type.record) === module.name)
    return { record: recordName(type.record), list: false };
  return undefined;
}

export function buildInterfaceMeta(module: ModuleIr): Json {
  const iface = module.interface;
  if (!iface) throw new Error(`${module.name} has no interface`);
  const paths = resourcePaths(module);
  return {
    name: module.name,
    title: iface.title,
    basePath: iface.basePath,
    style: iface.style,
    errorStyle: iface.errorStyle,
    ...(iface.bodyLimitBytes !== undefined ? { bodyLimitBytes: iface.bodyLimitBytes } : {}),
    errors: Object.fromEntries(
      module.errors.map((error) => [
        error.name,
        dropUndefined(pick(error, 'kind', 'status', 'code', 'title', 'message')),
      ]),
    ),
    auth: Object.fromEntries(module.auth.map((scheme) => [scheme.name, authMeta(module, scheme)])),
    records: Object.fromEntries(
      module.records.map((record) => [record.name, recordMeta(module, record, paths.get(record.name))]),
    ),
  };
}

function authMeta(module: ModuleIr, scheme: AuthSchemeIr): Json {
  switch (scheme.type) {
    case 'oauth2': {
      const password = scheme.grants.find((grant) => grant.grant === 'password');
      const clientCredentials = scheme.grants.find((grant) => grant.grant === 'client_credentials');
      return dropUndefined({
        type: 'oauth2',
        tokenPath: tokenUrl(module, scheme),
        grants: scheme.grants.map((grant) => grant.grant),
        clientAuthRealm: scheme.clientAuthentication.realm,
        passwordClientId: password?.clientId,
        clientCredentialsClientId: clientCredentials?.clientId,
        clientCredentialsScopes:
          clientCredentials && clientCredentials.scopes.length > 0 ? clientCredentials.scopes : undefined,
        scopes: password?.scopes ?? [],
        accessTokenLifetime: scheme.accessTokenLifetime,
        refreshTokenLifetime: scheme.refreshTokenLifetime,
      });
    }
    case 'bearer':
      return dropUndefined({
        type: 'bearer',
        jwt:
          scheme.jwt &&
          dropUndefined({
            ...pick(scheme.jwt, 'issuer', 'audience', 'jwksUrl'),
            algorithms: scheme.jwt.algorithms.length > 0 ? scheme.jwt.algorithms : undefined,
          }),
      });
    case 'apiKey':
      return dropUndefined({
        type: 'apiKey',
        in: scheme.in,
        name: scheme.keyName,
        ...pick(scheme, 'unknownKeyError', 'session'),
      });
    case 'basic':
      return { type: 'basic', realm: scheme.realm };
    case 'digest':
      return dropUndefined({ type: 'digest', ...pick(scheme, 'realm', 'algorithms', 'nonceLifetime', 'privileges') });
  }
}

function recordMeta(module: ModuleIr, record: RecordIr, resourcePath: string | undefined): Json {
  const relations: Json = {};
  const nested: Json = {};
  const unions: Json = {};
  for (const field of record.fields) {
    if (field.relation && recordModule(field.relation.record) === module.name) {
      relations[field.name] = dropUndefined({
        kind: field.relation.kind,
        record: recordName(field.relation.record),
        foreignKey: field.relation.foreignKey,
      });
    }
    const local = localRecordOf(module, field.type);
    if (local) nested[field.name] = local.record;
    const union = localUnionOf(module, field.type);
    if (union) unions[field.name] = union;
  }
  // json:api ids are strings on the wire; a client turns those of number ids back into numbers.
  const idField = record.fields.find((field) => field.name === 'id');
  const idType = idField?.type.kind === 'scalar' ? idField.type.scalar : undefined;
  const numericId = moduleWire(module)?.emit.stringIds === true && (idType === 'integer' || idType === 'number');
  return dropUndefined({
    type: record.resourceType,
    apiAlias: record.apiAlias,
    resourcePath,
    relations,
    nested,
    unions: Object.keys(unions).length > 0 ? unions : undefined,
    numericId: numericId || undefined,
  });
}

/**
 * Per record name, where its records live: named by its get-one route (the first GET …/{param}
 * responding with that record). One pass over the routes, not one per record.
 */
function resourcePaths(module: ModuleIr): Map<string, string> {
  const paths = new Map<string, string>();
  for (const candidate of module.routes) {
    if (candidate.method !== 'GET' || candidate.pathParams.length !== 1) continue;
    if (!/\/\{[^}]+\}$/.test(candidate.fullPath)) continue;
    const sent = localRecordOf(module, candidate.responses.find((response) => response.status === 200)?.body);
    if (sent && !sent.list && !paths.has(sent.record))
      paths.set(sent.record, candidate.fullPath.replace(/\/\{[^}]+\}$/, ''));
  }
  return paths;
}

export function buildRouteMeta(module: ModuleIr, route: RouteIr): Json {
  const resource = route.responses.map((response) => localRecordOf(module, response.body)).find(Boolean)?.record;
  return dropUndefined({
    name: route.name,
    method: route.method,
    path: route.fullPath,
    paths: route.servedPaths,
    auth: route.auth,
    privilege: route.privilege,
    scopes: route.scopes.length > 0 ? route.scopes : undefined,
    resource,
    pathParams: route.pathParams.map((param) => param.name),
    // Path parameters and headers written as JSON text; query parameters not written as plain name=value, and
    // deepObject lists that may also be written name[k]=v.
    pathStyles: byName(route.pathParams, 'style', (style) => style === 'json'),
    query: route.query.map((param) => param.name),
    queryStyles: byName(route.query, 'style', (style) => style !== 'form'),
    queryShortForms: byName(route.query, 'shortForm', (shortForm) => shortForm !== undefined),
    headers: route.headers.map((param) => param.name),
    headerStyles: byName(route.headers, 'style', (style) => style === 'json'),
    idempotencyKey: route.idempotencyKey,
    body: route.body
      ? dropUndefined({
          required: route.bodyRequired,
          formats: route.bodyFormats,
          queryAlternative: route.bodyQueryAlternative && pick(route.bodyQueryAlternative, 'member', 'style'),
        })
      : undefined,
    upload: route.upload && { ...fileMeta(route.upload), ...streamedBodyOptional(route) },
    multipart: route.multipart && { ...multipartMeta(route.multipart), ...streamedBodyOptional(route) },
    responses: route.responses.map((response) => responseMeta(module, response)),
    errors: route.errors,
  });
}

/** `optional: true` on an upload or a multipart form the route may be called without. */
function streamedBodyOptional(route: RouteIr): { optional?: true } {
  return route.bodyRequired ? {} : { optional: true };
}

/** The `key` of each parameter whose `key` is kept, by name; none when none is. */
function byName<K extends 'style' | 'shortForm'>(
  params: readonly ParameterIr[],
  key: K,
  keep: (value: ParameterIr[K]) => boolean,
): Json | undefined {
  const kept = params.filter((param) => keep(param[key]));
  return kept.length > 0 ? Object.fromEntries(kept.map((param) => [param.name, param[key]])) : undefined;
}

function responseMeta(module: ModuleIr, response: ResponseIr): Json {
  const local = localRecordOf(module, response.body);
  return dropUndefined({
    status: response.status,
    key: response.key === String(response.status) ? undefined : response.key,
    hasBody: response.body !== undefined,
    record: local?.record,
    union: localUnionOf(module, response.body),
    list: local?.list ?? response.body?.kind === 'list',
    envelope: response.envelope,
    total: response.total,
    when: response.when,
    location: response.headers.some((header) => header.name === 'location'),
    headers: handlerHeadersMeta(response),
    file: response.file && fileMeta(response.file),
    events: response.events && response.events.events.map((event) => event.name),
  });
}

/** The headers a handler sets on a plain response (not a file or event stream): all declared but Location. */
function handlerHeadersMeta(response: ResponseIr): Json | undefined {
  const headers = handlerHeaders(response);
  return headers.length > 0
    ? Object.fromEntries(headers.map((header) => [header.name, headerMeta(header)]))
    : undefined;
}

/** What a client parses a header's text as (text unless said): a number, a boolean, a comma-separated list. */
function headerMeta(header: ParameterIr): Json {
  const list = header.type.kind === 'list';
  const value = header.type.kind === 'list' ? header.type.items : header.type;
  const scalar = value.kind === 'scalar' ? value.scalar : undefined;
  const type = scalar === 'integer' || scalar === 'number' ? 'number' : scalar === 'boolean' ? 'boolean' : undefined;
  return dropUndefined({ required: header.required, type, list: list || undefined });
}

function multipartMeta(multipart: MultipartIr): Json {
  return {
    files: Object.fromEntries(
      multipart.files.map((part) => [part.name, { ...fileMeta(part), required: part.required }]),
    ),
    fields: Object.fromEntries(
      multipart.fields.map((part) => [
        part.name,
        dropUndefined({ values: part.values && [...part.values], maxLength: part.maxLength, required: part.required }),
      ]),
    ),
    maxParts: multipart.maxParts,
    maxFieldBytes: multipart.maxFieldBytes,
  };
}

function fileMeta(file: FileIr): Json {
  return dropUndefined({ mediaTypes: [...file.mediaTypes], maxBytes: file.maxBytes });
}

/** The same object without its undefined members (a plain loop: this runs for every route and response). */
function dropUndefined(value: Json): Json {
  const defined: Json = {};
  for (const key of Object.keys(value)) if (value[key] !== undefined) defined[key] = value[key];
  return defined;
}
