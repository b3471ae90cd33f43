// Who a change breaks, in one table. The rules follow the direction data travels:
//
//   request:  clients write, servers read      response: servers write, clients read
//
// What "breaking" means is exact, and test/diff/verdicts.test.ts executes every rule against code
// generated from a base and a head definition:
// - Breaking for clients: a client generated from the base (validateResponses on) fails against a
//   server generated from the head. This is the HTTP contract; a deployed client that keeps working is
//   not broken. A TypeScript caller who regenerates may still edit code (a renamed method, a type that
//   is gone): the change's text says so where it happens.
// - Breaking for servers: the base server's implementation no longer type-checks against the head's
//   handler interface and types, or a client generated from the head fails against the base server on
//   a route the base serves (a server not yet upgraded must serve clients that already are).
//
// What follows from the generated code:
// - Servers check requests strictly (an unknown body member is a 400) and ignore unknown query and
//   header parameters and cookies; clients drop unknown response members. So a member added to a
//   request body, even an optional one, breaks servers (the base server refuses it from newer
//   clients); one added to a response breaks nobody.
// - Both sides validate against their own constraints, so a relaxed constraint breaks the reader
//   exactly as a widened type does (a base reader refuses the longer string).
// - The writer breaks when its values are no longer all accepted; the reader breaks when values it
//   refuses may now arrive, or its generated type widens.
// - A handler's code breaks when a member it reads or a type it names is gone, or when the interface
//   gains or loses a handler (the handlers object is checked member by member).
// - A value a deployed client no longer receives (a removed optional member, enum value or record)
//   does not break it.
// - Where no generated code can show a rule (a changed default, an alias the generated client does not
//   use), verdicts.test.ts says so per rule, and the verdict is the one for callers that do notice.
import type { Direction, Impact } from './types.js';

type Pair = readonly [client: Impact, server: Impact];
type Rule = { readonly request: Pair; readonly response: Pair } | { readonly fixed: Pair };

const B = 'breaking';
const N = 'non-breaking';
const I = 'info';

const NONE: Pair = [N, N];
const BOTH: Pair = [B, B];
const CLIENTS: Pair = [B, N];
const SERVERS: Pair = [N, B];

/** Writer breaks: clients in requests, servers in responses. */
const WRITER: Rule = { request: CLIENTS, response: SERVERS };
/** Reader breaks: servers in requests, clients in responses. */
const READER: Rule = { request: SERVERS, response: CLIENTS };
const fixed = (pair: Pair): Rule => ({ fixed: pair });

/** Every kind of change, with who it breaks: the keys are ChangeKind. */
export const RULES = {
  // records and fields
  'record-added': fixed(NONE),
  // Clients never see a type on the wire; server code that names it stops compiling.
  'record-removed': fixed(SERVERS),
  // A named type is its definition on the wire (changes of what it allows are judged where it is used); code that
  // names its TypeScript type stops compiling when it is removed or renamed.
  'named-type-added': fixed(NONE),
  'named-type-removed': fixed(SERVERS),
  // The base server refuses a body member it does not know; clients drop one from a response.
  'field-added-optional': { request: SERVERS, response: NONE },
  'field-added-required': { request: BOTH, response: SERVERS },
  // Clients that send it are rejected; servers' code reads or writes it. A deployed client that reads an
  // optional member it no longer gets still works; one that requires it does not.
  'field-removed': { request: BOTH, response: SERVERS },
  'required-field-removed': fixed(BOTH),
  'became-required': WRITER,
  'became-optional': READER,
  // readOnly documents the member; schemas and types stay the same (omit it from a body to forbid it).
  'read-only-added': fixed(NONE),
  'read-only-removed': fixed(NONE),
  'default-added': fixed(NONE),
  // The server now sees the member missing. (Had the member no other reason to be optional, it became
  // required: reported as became-required instead, which breaks clients.)
  'default-removed': { request: SERVERS, response: NONE },
  // A client that leaves the value out gets different behaviour: a break in meaning, nothing fails.
  'default-changed': { request: CLIENTS, response: NONE },
  'relation-changed': fixed(BOTH),
  // Clients do not check the type name (apiAlias is dropped, the json:api type is not compared); a newer
  // client checks the apiAlias the base server does not send.
  'resource-type-changed': fixed(SERVERS),
  // An open record keeps members it does not name. Opened: a newer client sends members a base server refuses
  // (responses: base clients drop them). Closed: a base client's extra members are refused, and handler code that
  // writes them no longer compiles.
  'record-opened': { request: SERVERS, response: NONE },
  'record-closed': { request: CLIENTS, response: SERVERS },
  // `additionalFields: ignore` added or removed on a closed record: generated clients send only named members and
  // read responses that hold only those, and handler types are the same, so no generated code fails either way.
  'record-ignores-others': { request: NONE, response: NONE },

  // types and constraints
  'type-changed': fixed(BOTH),
  'type-narrowed': WRITER,
  'type-widened': READER,
  'constraint-tightened': WRITER,
  'constraint-relaxed': READER,
  'enum-value-added': READER,
  // Clients that send it are rejected; a server that still produces it no longer compiles, and newer
  // clients refuse it.
  'enum-value-removed': { request: CLIENTS, response: SERVERS },
  // A reader refuses a variant it does not know (a client validating responses, a server reading bodies), as an
  // enum value; a writer still sending a removed one is refused, and code returning one no longer compiles.
  'union-variant-added': READER,
  'union-variant-removed': { request: CLIENTS, response: SERVERS },
  // Values name other variants: each side refuses the other's, and handler code returns the old names.
  'union-discriminator-changed': fixed(BOTH),
  'coercion-added': fixed(NONE),
  'coercion-removed': { request: CLIENTS, response: NONE },

  // routes
  // The handler interface gains or loses a member: server code stops compiling until it follows.
  'route-added': fixed(SERVERS),
  'route-removed': fixed(BOTH),
  // Same method and path under a new name: the wire is unchanged, so deployed clients keep working; the
  // handler interface member is renamed, so server code stops compiling. (The generated client's method is
  // renamed too: a source change for TypeScript callers when they regenerate, said in the change's text.)
  'route-renamed': fixed(SERVERS),
  // The handler stays as it is; callers must move.
  'method-changed': fixed(CLIENTS),
  'path-changed': fixed(CLIENTS),
  // Same literal text, a placeholder under another name: the wire is unchanged, the handler reads the value under
  // the new name (the client's parameter is renamed too: a source change for TypeScript callers, said in the text).
  'path-placeholder-renamed': fixed(SERVERS),
  'served-path-added': fixed(NONE),
  'served-path-removed': fixed(CLIENTS),
  'parameter-added-optional': fixed(NONE),
  'parameter-added-required': WRITER,
  // Servers ignore query parameters, headers and cookies they do not know, and a removed path parameter
  // always changes the path (reported as path-changed); handler code that reads it stops compiling.
  'parameter-removed': fixed(SERVERS),
  'parameter-style-changed': fixed(BOTH),
  'body-added': WRITER,
  'body-added-optional': fixed(NONE),
  // A body sent to a route without one is ignored; a response body that is gone is missed by clients.
  'body-removed': { request: SERVERS, response: BOTH },
  'body-format-added': fixed(NONE),
  'body-format-removed': fixed(CLIENTS),
  // Files (upload: and file:). A body that becomes a file, or stops being one, fails both ways: the other
  // side sends or expects another media type, and handlers read or return another thing.
  'upload-added': fixed(BOTH),
  'upload-removed': fixed(BOTH),
  // The base server responds to the new media type with 415; a client that sends a removed one gets 415.
  'upload-media-type-added': fixed(SERVERS),
  'upload-media-type-removed': fixed(CLIENTS),
  // A limit is a constraint of the reader (the server): lowered, a base client's file may be refused.
  'upload-limit-lowered': fixed(CLIENTS),
  'upload-limit-raised': fixed(SERVERS),
  // A multipart form: a part the other side does not know is a 400, a required one it does not send a 422.
  'multipart-added': fixed(BOTH),
  'multipart-removed': fixed(BOTH),
  'multipart-part-added-required': fixed(BOTH),
  'multipart-part-added-optional': fixed(SERVERS),
  'multipart-part-removed': fixed(BOTH),
  // A part's presence, limit, media types and text values are reported with the kinds above (became-required,
  // upload-limit-lowered, upload-media-type-added, constraint-tightened, enum-value-added, … as request changes);
  // the form's own limits (parts, fieldBytes) as body-limit-lowered and body-limit-raised.
  'file-response-added': fixed(BOTH),
  'file-response-removed': fixed(BOTH),
  // Clients refuse a file of a media type they do not know; a handler's result names one of the declared ones.
  'file-response-media-type-added': fixed(CLIENTS),
  'file-response-media-type-removed': fixed(SERVERS),
  // Event streams (events: in a response). A response that becomes or stops being a stream fails both ways: the
  // other side sends or expects JSON, and handlers return another thing.
  'event-stream-added': fixed(BOTH),
  'event-stream-removed': fixed(BOTH),
  // Clients skip an event they do not know (a newer server's); a handler writes only the events it knows.
  'event-added': fixed(NONE),
  // Handler code that still writes the removed event no longer compiles; clients simply no longer get it.
  'event-removed': fixed(SERVERS),
  'body-query-alternative-added': fixed(NONE),
  'body-query-alternative-removed': fixed(CLIENTS),
  'body-query-alternative-changed': fixed(BOTH),
  // Clients read any 2xx response by its body; handlers return the body, not the status.
  'response-added': fixed(NONE),
  'response-removed': fixed(NONE),
  // A response at an error status is a handler's answer (respond(404, body)): the handler names the status, so
  // code that still answers with it no longer compiles once no response takes it. Clients throw for it as before.
  'error-response-removed': fixed(SERVERS),
  'response-envelope-changed': fixed(BOTH),
  // A success's headers are set by the handler's result: declared or gone, it becomes { body, headers } or the body.
  // The wire is the same, so deployed clients keep working; the regenerated client's result changes as well (said).
  'result-shape-changed': fixed(SERVERS),
  // The response's shape changes between a list and {items, total}: both sides' code and checks see it.
  'response-total-added': fixed(BOTH),
  'response-total-removed': fixed(BOTH),
  'response-selector-changed': fixed(BOTH),
  'route-errors-changed': fixed(NONE),
  // An idempotency key makes the client retry a POST or PATCH and the server answer a repeat with the first response.
  // A server that does not read the client's key applies the retry again: nothing fails, the request is applied
  // twice (a break in meaning, as a changed default is). Added: newer clients against a base server; removed: base
  // clients against a newer one.
  'idempotency-key-added': fixed(SERVERS),
  'idempotency-key-removed': fixed(CLIENTS),
  'idempotency-key-renamed': fixed(BOTH),
  // A GET, HEAD, OPTIONS, PUT or DELETE is retried with or without a key (RFC 9110 9.2.2), and applied again it
  // has the same effect: whether the server reads a key changes no outcome, only which answer a retry gets.
  'idempotent-route-key-changed': fixed(NONE),
  'action-changed': fixed(SERVERS),

  // auth
  'auth-changed': fixed(BOTH),
  'auth-scheme-added': fixed(NONE),
  'auth-scheme-removed': fixed(BOTH),
  'auth-scheme-changed': fixed(BOTH),

  // interface and error catalog
  'interface-added': fixed(NONE),
  'interface-removed': fixed(BOTH),
  'interface-changed': fixed(BOTH),
  'version-added': fixed(NONE),
  'version-removed': fixed(CLIENTS),
  'body-limit-lowered': fixed(CLIENTS),
  'body-limit-raised': fixed(NONE),
  'error-added': fixed(NONE),
  'error-removed': fixed(NONE),
  // Clients match on status and code.
  'error-status-changed': fixed(CLIENTS),
  'error-text-changed': fixed(NONE),

  // Tags group routes in OpenAPI and docs; deprecation warns callers. Both are marks: the wire and the handlers stay.
  'tags-changed': fixed(NONE),
  'became-deprecated': fixed(NONE),
  'deprecation-removed': fixed(NONE),

  // anything else
  'docs-changed': fixed([I, I]),
  // No generated client or server reads an example; mocks send it, so tests that assert on mock data see it.
  'example-changed': fixed(NONE),
  // Anything the comparison does not know yet is assumed to break both sides.
  'other-changed': fixed(BOTH),
} satisfies Readonly<Record<string, Rule>>;

export type ChangeKind = keyof typeof RULES;

const RANK: Readonly<Record<Impact, number>> = { info: 0, 'non-breaking': 1, breaking: 2 };

/**
 * The impact of a change on clients and servers. Directional rules (made of breaking and non-breaking
 * only) apply to every direction the changed element travels (see usage.ts); an element that travels
 * nowhere breaks nobody.
 */
export function classify(kind: ChangeKind, directions: readonly Direction[]): { client: Impact; server: Impact } {
  const rule: Rule = RULES[kind];
  if ('fixed' in rule) return { client: rule.fixed[0], server: rule.fixed[1] };
  const worst = (side: 0 | 1): Impact => (directions.some((direction) => rule[direction][side] === B) ? B : N);
  return { client: worst(0), server: worst(1) };
}

export function isBreaking(change: { readonly client: Impact; readonly server: Impact }): boolean {
  return change.client === 'breaking' || change.server === 'breaking';
}

/** Higher for worse: breaking for both sides, then for one, then non-breaking, then docs only. */
export function impactRank(change: { readonly client: Impact; readonly server: Impact }): number {
  return RANK[change.client] + RANK[change.server];
}
