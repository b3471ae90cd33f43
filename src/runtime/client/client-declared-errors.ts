// An ApiClientError read as the response its route declares at an error status (an imported 404 or 422 with a
// Problem body, a `4XX`, `default`). The response is the one the server's respond() sends for the status: the one
// keyed with it, else its class's, else default's; its body is read by that response's schema, so the type an error
// narrows to is what was checked, never a cast over what the service happened to send.
import type { z } from 'zod';
import type { RouteMeta } from '../core/interface-meta.js';
import { declaredResponse, keyOf, type ClassStatuses, type Digit, type StatusClass } from '../core/response-status.js';
import { readTolerantly } from '../core/tolerant-read.js';
import { ApiClientError } from './client-errors.js';

/**
 * What may name a route's error response (`Responses`: those of its declared responses, by key): a key itself
 * (`404`, `'4XX'`, `'default'`) or a status one of them covers (any under default).
 */
export type DeclaredErrorStatus<Responses> =
  | Extract<keyof Responses, number | string>
  | (keyof Responses extends infer Key
      ? Key extends number
        ? Key
        : Key extends `${infer Class extends StatusClass}XX`
          ? ClassStatuses<Class>
          : number
      : never);

/** The key of the response that covers `Status`, as respond() picks it: its own, else its class's, else default. */
type KeyFor<Responses, Status> = Status extends keyof Responses
  ? Status
  : `${Status & number}` extends `${infer Class extends StatusClass}${Digit}${Digit}`
    ? `${Class}XX` extends keyof Responses
      ? `${Class}XX`
      : 'default' & keyof Responses
    : 'default' & keyof Responses;

/** An ApiClientError that is the response `Status` names, with that response's body (and status, when exact). */
export type DeclaredError<Responses, Status> = ApiClientError & {
  readonly status: Status extends number ? Status : number;
  readonly body: Responses[KeyFor<Responses, Status>];
};

/** What a generated client's isDeclaredError knows of one route: its interface, its responses and their schemas. */
export interface DeclaringRoute {
  readonly interfaceName: string;
  readonly route: RouteMeta;
  readonly schemas: Readonly<Record<number | string, z.ZodType>> | undefined;
}

/**
 * Whether `error` is the route's declared response at `status` (a status: the error's own; a key such as `4XX` or
 * `default`: the one the error's status falls under) and its body fits that response's schema, members it does not
 * declare aside (as a success body's). The body is read from a copy: a question leaves the error as it came.
 */
export function declaredErrorMatches(declaring: DeclaringRoute, error: unknown, status: number | string): boolean {
  const { interfaceName, route, schemas } = declaring;
  if (!(error instanceof ApiClientError) || error.interfaceName !== interfaceName || error.route !== route.name)
    return false;
  const response = declaredResponse(route.responses, error.status);
  if (!response || response.file || response.events) return false;
  const key = keyOf(response);
  if (typeof status === 'number' ? status !== error.status : status !== key) return false;
  const schema = schemas?.[key];
  return schema ? readTolerantly(schema, structuredClone(error.body)).ok : error.body === undefined;
}
