// Who a change breaks, in one table. The rules follow the direction data travels:
//
//   request:  clients write, servers read      response: servers write, clients read
//
// - A writer breaks when the values it may produce are no longer all accepted (a value set narrowed,
//   a constraint tightened, a member now required, something it sends removed).
// - A reader breaks when its generated type widens (a member may now be missing or null, a new enum
//   value or status can arrive), since code written against the old type does not handle it.
// - A relaxed constraint breaks nobody: the generated types stay the same.
// - Servers validate requests strictly (unknown members are rejected); clients read responses
//   tolerantly (unknown members are ignored), so a new optional member breaks nobody.
// Breaking means "code that worked against the base stops working or compiling against the working tree".
import type { ChangeKind, Direction, Impact } from './types.js';

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

export const RULES: Readonly<Record<ChangeKind, Rule>> = {
  'record-added': fixed(NONE),
  // The exported type and schema disappear: code on either side that names them stops compiling.
  'record-removed': fixed(BOTH),
  'field-added-optional': fixed(NONE),
  'field-added-required': WRITER,
  // Clients that send it are rejected, clients that read it lose it; servers' code reads or writes it.
  'field-removed': fixed(BOTH),
  'became-required': WRITER,
  'became-optional': READER,
  'read-only-added': { request: CLIENTS, response: NONE },
  'read-only-removed': { request: SERVERS, response: NONE },
  'default-added': fixed(NONE),
  // A client that leaves the value out no longer gets one filled in; the server now sees it missing.
  'default-removed': { request: BOTH, response: NONE },
  // A client that leaves the value out gets different behaviour.
  'default-changed': { request: CLIENTS, response: NONE },
  'relation-changed': fixed(BOTH),
  'resource-type-changed': fixed(BOTH),

  'type-changed': fixed(BOTH),
  'type-narrowed': WRITER,
  'type-widened': READER,
  'constraint-tightened': WRITER,
  'constraint-relaxed': fixed(NONE),
  'enum-value-added': READER,
  // Clients that send it are rejected and clients that read it compare against a value that is gone;
  // a server that still produces it sends what the contract no longer allows.
  'enum-value-removed': { request: CLIENTS, response: BOTH },
  'coercion-added': fixed(NONE),
  'coercion-removed': { request: CLIENTS, response: NONE },

  'route-added': fixed(NONE),
  'route-removed': fixed(CLIENTS),
  // Same method and path under a new name: the wire is unchanged, so deployed clients keep working; the
  // handler interface member is renamed, so server code stops compiling. (The generated client's method is
  // renamed too: a source change for TypeScript callers when they regenerate, said in the change's text.)
  'route-renamed': fixed(SERVERS),
  'method-changed': fixed(BOTH),
  'path-changed': fixed(BOTH),
  'served-path-added': fixed(NONE),
  'served-path-removed': fixed(CLIENTS),
  'parameter-added-optional': fixed(NONE),
  'parameter-added-required': WRITER,
  'parameter-removed': fixed(BOTH),
  'parameter-style-changed': fixed(BOTH),
  'body-added': WRITER,
  'body-added-optional': fixed(NONE),
  'body-removed': fixed(BOTH),
  'body-format-added': fixed(NONE),
  'body-format-removed': fixed(CLIENTS),
  'body-query-alternative-added': fixed(NONE),
  'body-query-alternative-removed': fixed(CLIENTS),
  'body-query-alternative-changed': fixed(BOTH),
  // A status the client has no case for.
  'response-added': fixed(CLIENTS),
  'response-removed': fixed(BOTH),
  'response-envelope-changed': fixed(BOTH),
  'response-total-added': fixed(SERVERS),
  'response-total-removed': fixed(CLIENTS),
  'response-selector-changed': fixed(BOTH),
  'route-errors-changed': fixed(NONE),
  'action-changed': fixed(SERVERS),

  'auth-changed': fixed(BOTH),
  'auth-scheme-added': fixed(NONE),
  'auth-scheme-removed': fixed(BOTH),
  'auth-scheme-changed': fixed(BOTH),

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

  'docs-changed': fixed([I, I]),
  // Anything the comparison does not know yet is assumed to break both sides.
  'other-changed': fixed(BOTH),
};

const RANK: Readonly<Record<Impact, number>> = { info: 0, 'non-breaking': 1, breaking: 2 };

function worst(a: Impact, b: Impact): Impact {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * The impact of a change on clients and servers. Directional rules apply to every direction the
 * changed element travels (see usage.ts); an element that travels nowhere breaks nobody.
 */
export function classify(kind: ChangeKind, directions: readonly Direction[]): { client: Impact; server: Impact } {
  const rule = RULES[kind];
  if ('fixed' in rule) return { client: rule.fixed[0], server: rule.fixed[1] };
  let client: Impact = 'non-breaking';
  let server: Impact = 'non-breaking';
  for (const direction of directions) {
    const [c, s] = rule[direction];
    client = worst(client, c);
    server = worst(server, s);
  }
  return { client, server };
}

export function isBreaking(change: { readonly client: Impact; readonly server: Impact }): boolean {
  return change.client === 'breaking' || change.server === 'breaking';
}

/** Higher for worse: breaking for both sides, then for one, then non-breaking, then docs only. */
export function impactRank(change: { readonly client: Impact; readonly server: Impact }): number {
  return RANK[change.client] + RANK[change.server];
}
