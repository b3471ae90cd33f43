// A status a route responds with itself that the runtime also sends on its own: an imported 400 or 401
// with an RFC 7807 body, say, while a request that fails validation or lacks credentials gets the
// interface's error body. The route's response then describes both bodies, so that a validator or a
// client generated from the document reads either: a media type only one of them has is listed beside
// the other's; in a media type both have, the schema is oneOf the two where no body can fit both, else
// anyOf, since oneOf refuses a body that fits both. The type alone tells them apart only for a scalar, a
// list or a closed record that lacks a member every error body has (and unions of those).
import { inView, type ErrorIr, type InterfaceIr, type ResponseIr, type TypeIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { errorContent, errorDescription } from './errors.js';
import { errorWire } from '../wire/index.js';
import { paragraphs, type Content, type ResponseObject, type Schema } from './types.js';

/** The route's own response with what the runtime sends on its own at its status (`errors`) added. */
export function withRuntimeErrors(
  iface: InterfaceIr,
  response: ResponseIr,
  own: ResponseObject,
  errors: readonly ErrorIr[],
  components: Components,
): ResponseObject {
  const runtime = errorContent(iface, errors, components);
  const exclusive = excludesErrorBody(response, errorWire(iface).emit.requiredMembers, components);
  const content: Content = { ...own.content };
  for (const [media, error] of Object.entries(runtime)) {
    const mine = content[media];
    // A media type without a schema takes any body, the error body among them.
    if (mine !== undefined && mine.schema === undefined) continue;
    const pair = mine?.schema && [mine.schema, error.schema as Schema];
    content[media] = pair
      ? {
          ...mine,
          schema: exclusive ? { oneOf: pair } : { anyOf: pair },
          examples: { ...mine.examples, ...error.examples },
        }
      : error;
  }
  const note = `The server also sends ${response.status} on its own, not from the handler, with the interface's error body:`;
  const why = errorDescription(errors);
  return {
    ...own,
    description: paragraphs(own.description, `${note}${errors.length > 1 ? '\n' : ' '}${why}`) as string,
    content,
  };
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
      if (record.additionalFields !== undefined) return false;
      const names = new Set(record.fields.filter((field) => inView(type, field.name)).map((field) => field.name));
      return members.some((member) => !names.has(member));
    }
  }
}
