// A response a route declares itself at an error status (an imported 400, 404 or `default` with an RFC 7807
// body, say) goes out with its own body when its handler answers with it (`respond(404, problem)`,
// runtime/server/respond.ts), but an error the handler throws goes out in the interface's error body, as does what
// the runtime sends on its own at that status (a request that fails validation or lacks credentials). The route's
// response then describes both bodies, so that a validator or a
// client generated from the document reads either: a media type only one of them has is listed beside the other's;
// in a media type both have, the schema is oneOf the two where no body can fit both, else anyOf, since oneOf refuses
// a body that fits both. The type alone tells them apart only for a scalar, a list or a closed record that lacks a
// member every error body has (and unions of those).
import {
  inView,
  type ErrorIr,
  type InterfaceIr,
  type ModuleIr,
  type ResponseIr,
  type RouteIr,
  type TypeIr,
} from '../../ir/types.js';
import { isStatusClass, responseKeyFor } from '../../runtime/core/response-status.js';
import type { Components } from './components.js';
import { errorContent, errorDescription, type RouteErrors } from './errors.js';
import { thrownErrors } from './runtime-errors.js';
import { errorWire } from '../wire/index.js';
import { paragraphs, type Content, type ResponseObject, type Schema } from './types.js';

/** What goes out in the interface's error body under a response the route declares itself. */
export interface ErrorsBesideOwn {
  /** What the runtime sends on its own at the response's status. */
  readonly runtime: readonly ErrorIr[];
  /** What a handler throws that goes out under the response: catalog entries, default entries of the other kinds. */
  readonly thrown: readonly ErrorIr[];
  /** An unexpected error a handler throws (a 500) goes out under the response. */
  readonly unexpected: boolean;
}

/**
 * By the key of a response the route declares itself, what goes out under it in the interface's error body: the
 * runtime's errors at its status (`besideOwn`), and those a handler throws at a status for which the route has no
 * other response (the exact status, else its class, else default, as a validator picks them).
 */
export function errorsBesideOwn(
  module: ModuleIr,
  route: RouteIr,
  { byStatus, besideOwn }: RouteErrors,
): ReadonlyMap<string, ErrorsBesideOwn> {
  const own = route.responses.map((response) => response.key);
  const keys = [...own, ...[...byStatus.keys()].map(String)];
  const found = new Map<string, { runtime: ErrorIr[]; thrown: ErrorIr[]; unexpected: boolean }>();
  const under = (key: string | undefined) => {
    if (key === undefined || !own.includes(key)) return undefined;
    const entry = found.get(key) ?? { runtime: [], thrown: [], unexpected: false };
    found.set(key, entry);
    return entry;
  };
  for (const [status, errors] of besideOwn) under(responseKeyFor(own, status))?.runtime.push(...errors);
  for (const error of thrownErrors(module, route)) under(responseKeyFor(keys, error.status))?.thrown.push(error);
  const unexpected = under(responseKeyFor(keys, 500));
  if (unexpected) unexpected.unexpected = true;
  return found;
}

/** The route's own response with what goes out under it in the interface's error body (`errors`) added. */
export function withErrorBodies(
  iface: InterfaceIr,
  response: ResponseIr,
  own: ResponseObject,
  errors: ErrorsBesideOwn,
  components: Components,
): ResponseObject {
  // Examples of what a handler throws only under an exact status: under a class or default they would repeat the
  // whole catalog in every such response of every route.
  const exact = !isStatusClass(response.key) && response.key !== 'default';
  const exampled = [...new Set([...errors.runtime, ...(exact ? errors.thrown : [])])];
  const errorBodies = errorContent(iface, exampled, components);
  const exclusive = excludesErrorBody(response, errorWire(iface).emit.requiredMembers, components);
  const content: Content = { ...own.content };
  for (const [media, error] of Object.entries(errorBodies)) {
    const mine = content[media];
    // A media type without a schema takes any body, the error body among them.
    if (mine !== undefined && mine.schema === undefined) continue;
    const pair = mine?.schema && [mine.schema, error.schema as Schema];
    content[media] = pair
      ? {
          ...mine,
          schema: exclusive ? { oneOf: pair } : { anyOf: pair },
          ...withExamples({ ...mine.examples, ...error.examples }),
        }
      : { schema: error.schema as Schema, ...withExamples(error.examples) };
  }
  const description = paragraphs(own.description, runtimeSentence(response, errors), thrownSentence(response, errors));
  return { ...own, description: description as string, content };
}

const withExamples = (examples: Content[string]['examples']) =>
  examples && Object.keys(examples).length > 0 ? { examples } : {};

/** What the runtime sends on its own under the response, and when. */
function runtimeSentence(response: ResponseIr, { runtime }: ErrorsBesideOwn): string | undefined {
  if (runtime.length === 0) return undefined;
  const note = `The server also sends ${response.status} on its own, not from the handler, with the interface's error body:`;
  return `${note}${runtime.length > 1 ? '\n' : ' '}${errorDescription(runtime)}`;
}

/** Which errors a handler throws go out under the response, by name, kind and message. */
function thrownSentence({ key }: ResponseIr, { thrown, unexpected }: ErrorsBesideOwn): string | undefined {
  if (thrown.length === 0 && !unexpected) return undefined;
  const exact = !isStatusClass(key) && key !== 'default';
  const where = exact
    ? `at ${key}`
    : `at a ${isStatusClass(key) ? `${key[0]}xx ` : ''}status no other response of the route has`;
  const line = (error: ErrorIr) => {
    const about = [error.kind !== error.name && error.kind, !exact && error.status].filter(Boolean).join(', ');
    return `- ${error.name}${about ? ` (${about})` : ''}: ${error.message ?? error.title ?? error.name}`;
  };
  const sentence = `A handler sends this response's own body when it answers with it, and an error it throws ${where}`;
  // Under a class or default, the errors are the catalog's at such statuses: named once here, not in every response.
  if (!exact) {
    const other = unexpected ? ', and an unexpected error as a 500' : '';
    return `${sentence} goes out here with the interface's error body (the interface's errors at such a status${other}).`;
  }
  const lines = [
    ...thrown.map(line),
    ...(unexpected
      ? [`- any other error it throws${exact ? '' : ' (500)'}: an unexpected error, sent without its message`]
      : []),
  ];
  return `${sentence} goes out here with the interface's error body:\n${lines.join('\n')}`;
}

/** Whether no body of the response can have every member of an error body (`members`). */
function excludesErrorBody(response: ResponseIr, members: readonly string[], components: Components): boolean {
  // An envelope or a counted list is an object the interface's style makes: not told apart here.
  if (response.envelope || response.total || response.body === undefined) return false;
  return lacksAMember(response.body, members, components);
}

/** Whether no value of `type` is an object with every one of `members`. */
function lacksAMember(type: TypeIr, members: readonly string[], components: Components): boolean {
  switch (type.kind) {
    case 'scalar':
    case 'enum':
    case 'list':
      return true;
    case 'map':
    case 'json':
      return false;
    case 'union':
      return type.variants.every((variant) => lacksAMember(variant, members, components));
    case 'record': {
      const record = components.record(type.record);
      if (record.additionalFields !== undefined || record.ignoresOtherMembers) return false;
      const names = new Set(record.fields.filter((field) => inView(type, field.name)).map((field) => field.name));
      return members.some((member) => !names.has(member));
    }
  }
}
