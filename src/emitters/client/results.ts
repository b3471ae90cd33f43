// What a client method resolves to: the decoded body of the route's success responses, with the status and
// declared headers beside it where they declare headers. Split in
// two: the shape (plain data read from the route, what a remembered method is keyed by) and the
// type made from it.
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { handlerHeaders, isSuccess } from '../../ir/responses.js';
import { indexed, typeLiteral, typeRef, union, type TypeNode } from '../shared/code/ast.js';
import { routeResponseType } from '../server/handler-types.js';
import { moduleWire } from '../wire/index.js';

export interface ClientResult {
  readonly type: TypeNode;
  /** Only of a json:api list, which resolves to a Page that can fetch the following pages. */
  readonly itemType?: TypeNode;
}

/** The success responses with a body (by status), and how the first one is decoded. */
export type ResultShape = {
  /** Their keys: statuses such as 200, or 2XX. */
  readonly keys: string[];
  readonly paged: boolean;
  readonly total: boolean;
  /** A success without a body resolves to undefined. */
  readonly orUndefined: boolean;
  /** The keys of the success responses that declare headers: the call then resolves to `{ status, body, headers }`. */
  readonly headers: string[];
  /** A success response declares no headers (its headers are `{}`). */
  readonly someWithoutHeaders: boolean;
};

export function resultShape(module: ModuleIr, route: RouteIr): ResultShape {
  const successes = route.responses.filter(isSuccess);
  const withBody = successes.filter((response) => response.body);
  const main = withBody[0];
  const isList = main?.body?.kind === 'list' && main.envelope;
  return {
    keys: withBody.map((response) => response.key),
    paged: Boolean(isList && moduleWire(module)?.emit.pagesLists),
    total: main?.total === true,
    orUndefined: successes.length > withBody.length,
    headers: successes.filter((response) => handlerHeaders(response).length > 0).map((response) => response.key),
    someWithoutHeaders: successes.some((response) => handlerHeaders(response).length === 0),
  };
}

/** How a list route pages: by an integer `page` query parameter, or by an integer `offset` (records to skip). */
export type Paging = 'page' | 'offset';

/** The paging of a counted list (a json:api page or a list with its total) whose query names it; else undefined. */
export function pagingOf(module: ModuleIr, route: RouteIr): Paging | undefined {
  const shape = resultShape(module, route);
  if (route.method !== 'GET' || !(shape.paged || shape.total)) return undefined;
  return (['page', 'offset'] as const).find((name) => {
    const param = route.query.find((query) => query.name === name);
    return param?.type.kind === 'scalar' && param.type.scalar === 'integer';
  });
}

/** Whether a call resolves to `{ status, body, headers }`: a success declares headers (a json:api page has its own). */
export function resolvesWithHeaders(shape: ResultShape): boolean {
  return shape.headers.length > 0 && !shape.paged;
}

export function clientResult(routeName: string, shape: ResultShape): ClientResult {
  const body = bodyResult(routeName, shape);
  if (!resolvesWithHeaders(shape)) return body;
  const headers = shape.headers.map((key) => routeResponseType(routeName, 'ResponseHeaders', key));
  const members = [
    { name: 'status', type: typeRef('number') },
    ...(shape.keys.length > 0 ? [{ name: 'body', type: body.type, optional: shape.orUndefined }] : []),
    {
      name: 'headers',
      type: union([
        ...headers,
        ...(shape.someWithoutHeaders ? [typeRef('Record', [typeRef('string'), typeRef('never')])] : []),
      ]),
    },
  ];
  return { type: typeLiteral(members) };
}

/** The decoded body a call resolves to, or with the status and headers beside it (clientResult). */
function bodyResult(routeName: string, shape: ResultShape): ClientResult {
  if (shape.keys.length === 0) return { type: typeRef('void') };
  const bodies = shape.keys.map((key) => routeResponseType(routeName, 'Responses', key));
  const first = bodies[0] as TypeNode;
  if (shape.paged) {
    const itemType = indexed(first, typeRef('number'));
    return { type: typeRef('Page', [itemType]), itemType };
  }
  if (shape.total)
    return {
      type: typeLiteral([
        { name: 'items', type: first },
        { name: 'total', type: typeRef('number') },
      ]),
    };
  return { type: union([...bodies, ...(shape.orUndefined ? [typeRef('undefined')] : [])]) };
}
