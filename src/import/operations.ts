// Operations to routes: method, path, name, parameters, body, responses and auth.
import { pascalCase } from '../ir/names.js';
import { HTTP_METHODS } from '../runtime/core/vocabulary.js';
import type { ParameterDefinition, RouteDefinition } from '../definitions/schema.js';
import { isMapping } from '../definitions/schema-values.js';
import { bodyKeys, contentType, requestBody } from './bodies.js';
import { noteAt, type ImportContext } from './context.js';
import { multipartOf } from './files.js';
import { placeholderName, routeName, type NameRegistry } from './naming.js';
import { collectParameters, importParameter } from './parameters.js';
import type { Place } from './refs.js';
import { importResponses } from './responses.js';
import { childPointer } from './report.js';
import { routeAuth, type ImportedAuth } from './security.js';
import { templateProblem } from '../ir/path-template.js';
import { operationTags } from './tags.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SUPPORTED: ReadonlySet<string> = new Set(HTTP_METHODS.map((method) => method.toLowerCase()));
const PATH = /^\/[A-Za-z0-9_\-.~:/{}]*$/;

export function importOperations(context: ImportContext, auth: ImportedAuth, names: NameRegistry) {
  const routes: Record<string, RouteDefinition> = {};
  const paths = context.root.paths;
  if (!isMapping(paths)) return routes;
  const seen = new Set<string>();
  for (const path of Object.keys(paths)) {
    const pathAt = { file: context.file, pointer: childPointer('/paths', path) };
    const item = context.refs.deref<Record<string, unknown>>(paths[path], pathAt);
    if (!item || !isMapping(item.value)) continue;
    for (const method of METHODS) {
      const operation = item.value[method];
      if (!isMapping(operation)) continue;
      const at = { file: item.file, pointer: childPointer(item.pointer, method) };
      context.report.operation(() => {
        if (!SUPPORTED.has(method))
          return void noteAt(
            context,
            at,
            'dropped',
            `${method.toUpperCase()} operation: svcgen routes are ${HTTP_METHODS.join(', ')}`,
          );
        if (!PATH.test(path))
          return void noteAt(context, at, 'dropped', `path ${path}: only letters, digits, "_-.~:/" and {placeholders}`);
        const problem = templateProblem(renamedPlaceholders(path));
        if (problem !== undefined)
          return void noteAt(context, at, 'dropped', `path ${path}: the router cannot serve ${problem}`);
        const shape = `${method} ${path.replace(/\{[^}]*\}/g, '{}')}`;
        if (seen.has(shape))
          return void noteAt(
            context,
            at,
            'dropped',
            `${method.toUpperCase()} ${path}: serves the same requests as an earlier operation`,
          );
        const route = importOperation(
          context,
          auth,
          { ...item, value: item.value },
          { ...at, value: operation },
          method,
          path,
          names,
        );
        if (!route) return undefined;
        seen.add(shape);
        routes[route.name] = route.definition;
        return route;
      });
    }
  }
  return routes;
}

function importOperation(
  context: ImportContext,
  auth: ImportedAuth,
  pathItem: { file: string; pointer: string; value: Record<string, unknown> },
  operation: { file: string; pointer: string; value: Record<string, unknown> },
  method: string,
  path: string,
  names: NameRegistry,
) {
  const op = operation.value;
  const wanted = routeName(op.operationId, method, path);
  const name = names.claim(wanted, 'op');
  if (typeof op.operationId === 'string' && name !== op.operationId)
    noteAt(
      context,
      { ...operation, pointer: childPointer(operation.pointer, 'operationId') },
      'renamed',
      `operationId ${op.operationId}: not a usable route name, named ${name}`,
    );
  const HTTP = method.toUpperCase() as RouteDefinition['method'];
  const route: RouteDefinition = { method: HTTP, path, responses: {} };
  if (typeof op.summary === 'string') route.summary = op.summary;
  if (typeof op.description === 'string') route.description = op.description;
  const tags = operationTags(context, op.tags, { ...operation, pointer: childPointer(operation.pointer, 'tags') });
  if (tags.length > 0) route.tags = tags;
  if (op.deprecated === true) route.deprecated = true;
  Object.assign(route, routeAuth(context, auth, op, operation));
  const groups = { path: 'pathParams', query: 'query', header: 'headers', cookie: 'cookies' } as const;
  const placeholders = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => placeholderName(match[1]!) ?? match[1]!);
  if (new Set(placeholders).size < placeholders.length)
    return void noteAt(context, operation, 'dropped', `path ${path}: two placeholders get the same name`);
  route.path = renamedPlaceholders(path);
  let formFields: Record<string, unknown> | undefined;
  let swaggerBody: unknown;
  for (const { parameter, at } of collectParameters(context, pathItem, operation)) {
    if (parameter.in === 'body') swaggerBody = { parameter, at };
    if (parameter.in === 'formData') (formFields ??= {})[parameter.name as string] = { parameter, at };
    const imported = importParameter(context, parameter, at, name);
    if (!imported) continue;
    if (imported.location === 'path' && !placeholders.includes(imported.name)) {
      noteAt(context, at, 'dropped', `path parameter ${imported.name}: the path has no {${imported.name}}`);
      continue;
    }
    const group = groups[imported.location];
    ((route[group] as Record<string, ParameterDefinition> | undefined) ??= {})[imported.name] = imported.definition;
  }
  for (const placeholder of placeholders) {
    if (route.pathParams?.[placeholder]) continue;
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(placeholder)) {
      noteAt(
        context,
        operation,
        'dropped',
        `placeholder {${placeholder}}: svcgen names placeholders with letters, digits and "_"`,
      );
      return undefined;
    }
    noteAt(
      context,
      operation,
      'approximated',
      `placeholder {${placeholder}} without a parameter: imported as a string`,
    );
    (route.pathParams ??= {})[placeholder] = { type: 'string' };
  }
  if (context.version === '2.0') Object.assign(route, swaggerBodyKeys(context, swaggerBody, formFields, name, HTTP));
  else if (op.requestBody !== undefined)
    Object.assign(
      route,
      requestBody(
        context,
        op.requestBody,
        { ...operation, pointer: childPointer(operation.pointer, 'requestBody') },
        name,
        HTTP,
      ),
    );
  route.responses = importResponses(
    context,
    op.responses,
    { ...operation, pointer: childPointer(operation.pointer, 'responses') },
    name,
  );
  if (HTTP === 'HEAD') withoutContent(context, route, operation);
  // A handler that returns responds with 2xx; a route whose document lists only failures (or only `default`) gets an
  // empty 204 so that the generated contract declares what its server sends.
  if (!Object.keys(route.responses).some((status) => status.startsWith('2'))) {
    noteAt(context, operation, 'approximated', 'no success response svcgen can list: imported with an empty 204');
    route.responses['204'] = { envelope: 'none' };
  }
  return { name, definition: inReadingOrder(route) };
}

/**
 * A HEAD response carries no content (RFC 9110 section 9.3.2): a body a document gives one describes the GET's
 * response, so it is left out (exact on the wire); a request body on a HEAD is one no server reads, and is dropped.
 */
function withoutContent(
  context: ImportContext,
  route: RouteDefinition,
  operation: { file: string; pointer: string; value: Record<string, unknown> },
): void {
  const requestKeys = (['body', 'bodyRequired', 'bodyFormats', 'upload', 'multipart'] as const).filter(
    (key) => route[key] !== undefined,
  );
  if (requestKeys.length > 0) {
    for (const key of requestKeys) delete route[key];
    noteAt(context, operation, 'dropped', 'request body of a HEAD operation: a HEAD request carries no content');
  }
  for (const response of Object.values(route.responses)) {
    if (!response) continue;
    delete response.body;
    delete response.file;
    delete response.events;
    delete response.total;
  }
}

/** The route's keys in the order a reader expects them, whatever order they were filled in. */
const ROUTE_KEYS = [
  'summary',
  'description',
  'tags',
  'deprecated',
  'method',
  'path',
  'auth',
  'scopes',
  'pathParams',
  'query',
  'headers',
  'cookies',
  'body',
  'bodyRequired',
  'bodyFormats',
  'upload',
  'multipart',
  'responses',
] as const;

function inReadingOrder(route: RouteDefinition): RouteDefinition {
  const entries = ROUTE_KEYS.filter((key) => route[key] !== undefined).map((key) => [key, route[key]]);
  return Object.fromEntries(entries) as RouteDefinition;
}

/** Swagger 2.0: the in: body parameter, or the formData parameters as one form record. */
function swaggerBodyKeys(
  context: ImportContext,
  body: unknown,
  form: Record<string, unknown> | undefined,
  route: string,
  method: string,
): Partial<RouteDefinition> {
  if (method === 'GET' && (body || form)) return {};
  if (isMapping(body)) {
    const { parameter, at } = body as { parameter: Record<string, unknown>; at: { file: string; pointer: string } };
    const found = contentType(
      context,
      { 'application/json': { schema: parameter.schema } },
      at,
      `${pascalCase(route)}Request`,
    );
    return found ? bodyKeys(context, found, parameter.required === true, at, parameter.description) : {};
  }
  if (form) {
    const multipart = swaggerMultipart(context, form);
    if (multipart) return multipart;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    let at = { file: context.file, pointer: '' };
    for (const [key, entry] of Object.entries(form)) {
      const { parameter, at: where } = entry as {
        parameter: Record<string, unknown>;
        at: { file: string; pointer: string };
      };
      at = where;
      const { name: _n, in: _i, required: isRequired, description: _d, collectionFormat: _c, ...schema } = parameter;
      if (schema.type === 'file')
        noteAt(context, where, 'approximated', 'a file upload: no file bodies yet, approximated as a string');
      properties[key] = schema.type === 'file' ? { type: 'string' } : schema;
      if (isRequired === true) required.push(key);
    }
    const type = context.schemas.typeOf({ type: 'object', properties, required }, at, `${pascalCase(route)}Request`);
    return bodyKeys(context, { type, json: false, form: true }, required.length > 0, at, undefined);
  }
  return {};
}

/**
 * Swagger 2.0 formData parameters with a `type: file` among them: a multipart form, when every part fits one; the
 * form is required when one of its parts is, as a url-encoded form is.
 */
function swaggerMultipart(context: ImportContext, form: Record<string, unknown>): Partial<RouteDefinition> | undefined {
  const entries = Object.entries(form) as [string, { parameter: Record<string, unknown>; at: Place }][];
  if (!entries.some(([, { parameter }]) => parameter.type === 'file')) return undefined;
  const properties = Object.fromEntries(
    entries.map(([key, { parameter }]) => {
      const { name: _n, in: _i, required: _r, collectionFormat: _c, ...schema } = parameter;
      return [key, schema];
    }),
  );
  const required = entries.filter(([, { parameter }]) => parameter.required === true).map(([key]) => key);
  const [, first] = entries[0]!;
  const multipart = multipartOf(context, { type: 'object', properties, required }, undefined, first.at);
  if (!multipart) return undefined;
  return required.length > 0 ? { multipart } : { multipart, bodyRequired: false };
}

/** The path with each placeholder under the name svcgen gives it (`{user-id}` -> `{userId}`). */
function renamedPlaceholders(path: string): string {
  return path.replace(/\{([^}]*)\}/g, (_whole, inner: string) => `{${placeholderName(inner) ?? inner}}`);
}
