// A handler's answer at a status its route declares beside its success responses (an imported 404 with a Problem
// body, a `4XX`, `default`): `return respond(404, problem)`. It goes out as that response, with its own body and
// headers, judged and stripped by its declaration as a success result is; a status the route does not declare is a
// breach (a 500). A plain result stays the route's success response (responses.ts).
import type { ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import { ResponseBreach } from '../core/response-check.js';
import { declaredResponse, type ClassStatuses, type StatusClass } from '../core/response-status.js';

/** Marks an answer: a symbol of the global registry, so that a second copy of the runtime reads it too. */
export const DECLARED_ANSWER: unique symbol = Symbol.for('svcgen.declaredAnswer');

/** What respond makes: a status, the body and the headers of the response the route declares for it. */
export interface DeclaredAnswer<Status extends number = number, Body = unknown, Headers = unknown> {
  readonly [DECLARED_ANSWER]: true;
  readonly status: Status;
  readonly body: Body;
  readonly headers: Headers;
}

/**
 * The answer a handler returns to send the response its route declares for `status`. Overloads, so that a body or
 * headers left out are undefined to tsc too, not taken from what the handler's type expects.
 */
export function respond<Status extends number>(status: Status): DeclaredAnswer<Status, undefined, undefined>;
export function respond<Status extends number, Body>(
  status: Status,
  body: Body,
): DeclaredAnswer<Status, Body, undefined>;
export function respond<Status extends number, Body, Headers>(
  status: Status,
  body: Body,
  headers: Headers,
): DeclaredAnswer<Status, Body, Headers>;
export function respond(status: number, body?: unknown, headers?: unknown): DeclaredAnswer {
  return { [DECLARED_ANSWER]: true, status, body, headers };
}

/**
 * The statuses a response key stands for, as the runtime picks the response (response-status.ts): its own; of a
 * class (`4XX`), each of the hundred no key of its own names; of default, any (the type cannot leave out the others).
 */
type StatusesOf<Key, Keys> = Key extends number
  ? Key
  : Key extends `${infer Class extends StatusClass}XX`
    ? Exclude<ClassStatuses<Class>, Keys>
    : number;

/** The headers a response takes: may be left out when none is required. */
type HeadersOf<Key, Headers> = Key extends keyof Headers
  ? object extends Headers[Key]
    ? Headers[Key] | undefined
    : Headers[Key]
  : undefined;

/**
 * What a handler may return besides its success result: an answer at each of `Keys` (the keys of `Responses`, the
 * route's `types.<Route>Responses`, that are not successes), with that response's body and headers.
 */
export type DeclaredAnswers<Responses, Keys extends keyof Responses, Headers = object> = {
  [Key in Keys]: DeclaredAnswer<StatusesOf<Key, keyof Responses>, Responses[Key], HeadersOf<Key, Headers>>;
}[Keys];

/** Whether a route declares a response besides its successes, so that its handler's result may be an answer. */
export function answersBeyondSuccess(route: RouteMeta): boolean {
  return route.responses.some((response) => response.status < 200 || response.status >= 300);
}

export function isDeclaredAnswer(result: unknown): result is DeclaredAnswer {
  return typeof result === 'object' && result !== null && (result as DeclaredAnswer)[DECLARED_ANSWER] === true;
}

/**
 * The response the route declares for the answer's status (its own, else its class's, else default), carrying the
 * answer's status in place of the one its metadata names (a class's first, default's 0); none is a breach.
 */
export function answeredResponse(route: RouteMeta, answer: DeclaredAnswer): ResponseMeta {
  const { status } = answer;
  const response =
    Number.isInteger(status) && status >= 100 && status <= 599 && declaredResponse(route.responses, status);
  if (!response || response.file || response.events)
    throw new ResponseBreach(route.name, status, [
      `respond(${status}): the route declares no response for this status that a handler's answer sends`,
    ]);
  return response.status === status ? response : { ...response, status };
}
