// The routes of a page: parameters, body, responses and the errors each can respond with.
import { responseKey } from '../shared/code/ast.js';
import { PARAMETER_GROUPS } from '../../ir/route-parameters.js';
import type { ErrorIr, FileIr, MultipartIr, RouteIr } from '../../ir/types.js';
import { inline } from './markdown.js';
import type { ParameterView, ResponseView, RouteErrorView, RouteView } from './page-types.js';
import { typeText } from './type-text.js';
import type { ParameterSource, ResponseSource, RouteSource } from './view-sources.js';
import { anchor, origin, shown, text } from './view-helpers.js';

/** What a route's part of the page is made from: all of it, so it can be the part's input. */
export interface RouteInput {
  /** The module whose page it is: records of other modules are named with theirs. */
  readonly module: string;
  readonly route: RouteSource;
  /** The catalog entries of the errors the route lists, by status (see routeErrors). */
  readonly errors: readonly RouteErrorView[];
  /** Whether the module records origins (ModuleIr.recordsOrigins). */
  readonly origins: boolean;
}

/** What the page's table of routes shows of a route. */
export type RouteRow = Pick<RouteView, 'name' | 'anchor' | 'method' | 'path' | 'origin' | 'convention'>;

export function routeRow(route: RouteSource): RouteRow {
  return {
    name: route.name,
    anchor: anchor('route', route.name),
    method: route.method,
    path: route.fullPath,
    ...origin(route.origin),
  };
}

/**
 * The errors a route lists that the module's catalog `errors` has (the first of a name where there
 * are more), by status.
 */
export function routeErrors(errors: readonly ErrorIr[]): (route: RouteIr) => RouteErrorView[] {
  const catalog = new Map<string, RouteErrorView>();
  for (const { name, status, kind } of errors)
    if (!catalog.has(name)) catalog.set(name, { name, anchor: anchor('error', name), status, kind });
  return (route) => route.errors.flatMap((name) => catalog.get(name) ?? []).sort((a, b) => a.status - b.status);
}

function parameterView(module: string, param: ParameterSource, location: ParameterView['in']): ParameterView {
  const style = param.style === 'form' ? '' : param.style === 'json' ? ' (JSON text)' : ' (deepObject)';
  return {
    name: param.name,
    in: location,
    type: inline(`${typeText(param.type, module)}${style}`),
    required: location === 'path' || (param.required && param.default === undefined),
    default: shown(param.default),
    description: text(param.description),
    ...origin(param.origin),
  };
}

export function routeView({ module, route, errors, origins }: RouteInput): RouteView {
  const alternative = route.bodyQueryAlternative;
  return {
    ...routeRow(route),
    aliases: route.servedPaths.slice(1),
    summary: text(route.summary),
    description: text(route.description),
    auth: route.auth ?? null,
    privilege: route.privilege ?? null,
    scopes: route.scopes.length > 0 ? route.scopes.join(' ') : null,
    action: route.action ?? null,
    tags: [...route.tags],
    deprecated: route.deprecated,
    parameters: PARAMETER_GROUPS.flatMap((group) =>
      route[group.key].map((param) => parameterView(module, param, group.in)),
    ),
    body: route.body
      ? {
          type: inline(typeText(route.body, module)),
          required: route.bodyRequired,
          formats: route.bodyFormats.join(', '),
          alternative: alternative
            ? inline(
                `query parameter ${alternative.member} (${alternative.style === 'json' ? 'the same JSON as text' : 'deepObject'}${alternative.origin === 'convention' ? ', convention' : ''})`,
              )
            : null,
        }
      : route.upload
        ? streamedBodyView(fileText(route.upload), route.upload.mediaTypes.join(', '))
        : route.multipart
          ? streamedBodyView(multipartText(route.multipart), 'multipart/form-data')
          : null,
    responses: route.responses.map((response) => responseView(module, response)),
    errors,
    origins,
  };
}

/** A body the handler reads as a stream (a file upload or a multipart form): always required. */
function streamedBodyView(type: string, formats: string): RouteView['body'] {
  return { type: inline(type), required: true, formats, alternative: null };
}

/** A file body or response: its bytes, streamed, and the limit of an upload. */
function fileText(file: FileIr): string {
  return `file (${file.mediaTypes.join(', ')}), streamed${file.maxBytes === undefined ? '' : `, at most ${file.maxBytes} bytes`}`;
}

/** A multipart form: its parts, each a file or text, `?` when optional. */
function multipartText(multipart: MultipartIr): string {
  const files = multipart.files.map((part) => `${part.name}${part.required ? '' : '?'}: ${fileText(part)}`);
  const fields = multipart.fields.map(
    (part) => `${part.name}${part.required ? '' : '?'}: ${part.values ? part.values.join(' | ') : 'text'}`,
  );
  return `multipart form { ${[...files, ...fields].join('; ')} }`;
}

function responseView(module: string, response: ResponseSource): ResponseView {
  const description = [response.description, response.when ? `When ${response.when} is true.` : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    status: responseKey(response.key),
    body: response.file
      ? inline(fileText(response.file))
      : response.events
        ? inline(
            `event stream (text/event-stream) of ${response.events.events.map((event) => `${event.name}: ${typeText(event.type, module)}`).join(', ')}`,
          )
        : response.body
          ? inline(
              `${typeText(response.body, module)}${response.envelope ? '' : ' (no envelope)'}${response.total ? ', with total' : ''}`,
            )
          : null,
    description: description === '' ? null : inline(description),
    headers: response.headers.length > 0 ? inline(response.headers.join(', ')) : null,
    ...origin(response.origin),
  };
}
