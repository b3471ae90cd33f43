// A route's inputs, in the order every generated file lists them: the name a handler's and a
// client's input gives each, the route part its type and schema are named by (ir/symbols.ts), and
// where the IR keeps it, which is also its key in the server's route schemas table.
import type { RoutePart } from '../../ir/symbols.js';
import { PARAMETER_GROUPS } from '../../ir/route-parameters.js';
import type { RecordKey, RouteIr, TypeIr } from '../../ir/types.js';
import { readsFromFormText } from '../../ir/wire-shapes.js';

export interface RouteInput {
  readonly input: 'params' | 'query' | 'headers' | 'cookies' | 'body';
  readonly part: RoutePart;
  readonly key: 'pathParams' | 'query' | 'headers' | 'cookies' | 'body';
}

const ROUTE_INPUTS: readonly RouteInput[] = [...PARAMETER_GROUPS, { input: 'body', part: 'Body', key: 'body' }];

/** Whether the route's body is streamed to the handler (a file upload or a multipart form): it has no schema. */
export function streamedBody(route: RouteIr): boolean {
  return route.upload !== undefined || route.multipart !== undefined;
}

/** The inputs a route has: its groups of parameters that are not empty, and its body (a file upload too). */
export function routeInputs(route: RouteIr): RouteInput[] {
  return ROUTE_INPUTS.filter(({ key }) =>
    key === 'body' ? streamedBody(route) || route.body !== undefined : route[key].length > 0,
  );
}

/**
 * Whether the route reads a form body by a schema of its own (formBody): a member of its record is a number or a
 * boolean, which a form sends as text and the server reads as a query parameter's text.
 */
export function hasFormBodySchema(
  route: RouteIr,
  records: ReadonlyMap<RecordKey, { readonly fields: readonly { readonly type: TypeIr }[] }>,
): boolean {
  const body = route.body;
  if (!route.bodyFormats.includes('form') || body?.kind !== 'record') return false;
  return (records.get(body.record)?.fields ?? []).some((field) => readsFromFormText(field.type));
}
