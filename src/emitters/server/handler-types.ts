// What a handler returns for a route: the body of its main success response, before any envelope, and the headers
// that response declares (`{ body, headers }`) where it declares any but Location; on a route that declares other
// responses (an error status, `4XX`, `default`), also an answer at one of them (`respond(404, body)`, respond.ts).
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr, ResponseIr, RouteIr } from '../../ir/types.js';
import { handlerHeaders, isSuccess } from '../../ir/responses.js';
import {
  responseKeyType,
  indexed,
  stringType,
  typeLiteral,
  typeRef,
  union,
  type TypeNode,
} from '../shared/code/ast.js';
import { moduleWire } from '../wire/index.js';

/** The success response a handler produces: the one selected by a query flag, else the first with a body or file. */
export function mainResponse(route: RouteIr): ResponseIr | undefined {
  const successes = route.responses.filter(
    (response) => isSuccess(response) && (response.body || response.file || response.events),
  );
  return successes.find((response) => response.when !== undefined) ?? successes[0];
}

/**
 * What the handler's result type is made from (plain data): the status of the main success
 * response with a body, if any, and whether it is a ListResult (items and a total).
 */
type ResultShape = {
  /** The response's key (200, 2XX). */
  readonly status: string | null;
  readonly counted: boolean;
  /** A file response's media types. */
  readonly file?: readonly string[];
  /** The response is an event stream. */
  readonly events?: boolean;
  /** The key of the response whose declared headers the handler sets (`{ body, headers }`). */
  readonly headers?: string;
  /** The keys of the route's other responses, which the handler sends by an answer (respond.ts). */
  readonly answers?: readonly string[];
  /** Whether a response of the route declares headers a handler sets (`types.<Route>ResponseHeaders`). */
  readonly answerHeaders?: boolean;
};

export function handlerResultShape(module: ModuleIr, route: RouteIr): ResultShape {
  const shape = bodyShape(module, route);
  // A response without a body is the first success the runtime selects for it.
  const main = mainResponse(route) ?? route.responses.find(isSuccess);
  const withHeaders = main && handlerHeaders(main).length > 0 ? { ...shape, headers: main.key } : shape;
  const answers = route.responses.filter((response) => !isSuccess(response) && handlerSends(response));
  if (answers.length === 0) return withHeaders;
  const answerHeaders = route.responses.some((response) => handlerHeaders(response).length > 0);
  return { ...withHeaders, answers: answers.map((response) => response.key), answerHeaders };
}

/** A response rendered from what the handler gives (a file or an event stream is written as it comes). */
function handlerSends(response: ResponseIr): boolean {
  return !response.file && !response.events;
}

function bodyShape(module: ModuleIr, route: RouteIr): ResultShape {
  const response = mainResponse(route);
  if (response?.file) return { status: response.key, counted: false, file: response.file.mediaTypes };
  if (response?.events) return { status: response.key, counted: false, events: true };
  if (!response?.body) return { status: null, counted: false };
  const isList = response.body.kind === 'list';
  return {
    status: response.key,
    counted:
      response.total || (isList && response.envelope && moduleWire(module)?.runtime.countsEnvelopedLists === true),
  };
}

export function handlerResultType(routeName: string, shape: ResultShape): TypeNode {
  const result = successResultType(routeName, shape);
  if (shape.answers === undefined) return result;
  // `DeclaredAnswers<types.<Route>Responses, 404 | 'default', types.<Route>ResponseHeaders>`
  const routeType = (part: 'Responses' | 'ResponseHeaders') => typeRef(`types.${symbols.routeType(routeName, part)}`);
  const keys = union(shape.answers.map(responseKeyType));
  const headers = shape.answerHeaders ? [routeType('ResponseHeaders')] : [];
  return union([result, typeRef('DeclaredAnswers', [routeType('Responses'), keys, ...headers])]);
}

function successResultType(routeName: string, shape: ResultShape): TypeNode {
  const body = bodyType(routeName, shape);
  if (shape.headers === undefined) return body;
  const headers = {
    name: 'headers',
    type: routeResponseType(routeName, 'ResponseHeaders', shape.headers),
  };
  return typeLiteral(shape.status === null ? [headers] : [{ name: 'body', type: body }, headers]);
}

function bodyType(routeName: string, shape: ResultShape): TypeNode {
  if (shape.status === null) return typeRef('void');
  if (shape.file) return typeRef('FileResponse', [union(shape.file.map(stringType))]);
  const body = routeResponseType(routeName, 'Responses', shape.status);
  if (shape.events) return typeRef('EventStreamResponse', [body]);
  return shape.counted ? typeRef('ListResult', [indexed(body, typeRef('number'))]) : body;
}

/** `types.<Route>Responses[200]`: a route's type of one response, as a file importing the types names it. */
export function routeResponseType(routeName: string, part: 'Responses' | 'ResponseHeaders', key: string): TypeNode {
  return indexed(typeRef(`types.${symbols.routeType(routeName, part)}`), responseKeyType(key));
}

export function hasSessions(module: ModuleIr): boolean {
  return module.auth.some((scheme) => scheme.type === 'apiKey' && scheme.session !== undefined);
}
