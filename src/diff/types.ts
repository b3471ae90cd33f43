// What `svcgen diff` reports: one Change per difference between the base IR and the working tree's.
import type { SourceLocation } from '../ir/types.js';

/** How a change affects one side: it stops existing code from working, it does not, or it only touches docs. */
export type Impact = 'breaking' | 'non-breaking' | 'info';

/** Which way data flows where a change is: written by clients (request) or by servers (response). */
export type Direction = 'request' | 'response';

export type ChangeKind =
  // records and fields
  | 'record-added'
  | 'record-removed'
  | 'field-added-optional'
  | 'field-added-required'
  | 'field-removed'
  | 'required-field-removed'
  | 'became-required'
  | 'became-optional'
  | 'read-only-added'
  | 'read-only-removed'
  | 'default-added'
  | 'default-removed'
  | 'default-changed'
  | 'relation-changed'
  | 'resource-type-changed'
  // types and constraints
  | 'type-changed'
  | 'type-narrowed'
  | 'type-widened'
  | 'constraint-tightened'
  | 'constraint-relaxed'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'coercion-added'
  | 'coercion-removed'
  // routes
  | 'route-added'
  | 'route-removed'
  | 'route-renamed'
  | 'method-changed'
  | 'path-changed'
  | 'served-path-added'
  | 'served-path-removed'
  | 'parameter-added-optional'
  | 'parameter-added-required'
  | 'parameter-removed'
  | 'parameter-style-changed'
  | 'body-added'
  | 'body-added-optional'
  | 'body-removed'
  | 'body-format-added'
  | 'body-format-removed'
  | 'body-query-alternative-added'
  | 'body-query-alternative-removed'
  | 'body-query-alternative-changed'
  | 'response-added'
  | 'response-removed'
  | 'response-envelope-changed'
  | 'response-total-added'
  | 'response-total-removed'
  | 'response-selector-changed'
  | 'route-errors-changed'
  | 'action-changed'
  // auth
  | 'auth-changed'
  | 'auth-scheme-added'
  | 'auth-scheme-removed'
  | 'auth-scheme-changed'
  // interface and error catalog
  | 'interface-added'
  | 'interface-removed'
  | 'interface-changed'
  | 'version-added'
  | 'version-removed'
  | 'body-limit-lowered'
  | 'body-limit-raised'
  | 'error-added'
  | 'error-removed'
  | 'error-status-changed'
  | 'error-text-changed'
  // anything else
  | 'docs-changed'
  | 'other-changed';

export interface ChangeLocation extends SourceLocation {
  /** "head" for the working tree's definitions, "base" for a removal (only the base has it). */
  readonly side: 'head' | 'base';
}

export interface Change {
  readonly kind: ChangeKind;
  /** What changed, e.g. "record price-list-api.priceList › field name". */
  readonly subject: string;
  /** What happened to it, for a reader. */
  readonly description: string;
  readonly location: ChangeLocation;
  /** Where the changed element travels; empty when direction does not matter (routes, auth, docs). */
  readonly directions: readonly Direction[];
  readonly client: Impact;
  readonly server: Impact;
}

export interface DiffSummary {
  readonly changes: number;
  readonly breakingForClients: number;
  readonly breakingForServers: number;
  /** Changes breaking for clients, servers or both. */
  readonly breaking: number;
}

export interface DiffBase {
  readonly kind: 'folder' | 'git';
  /** The folder as given, or "<ref>:<path>" for a git ref. */
  readonly label: string;
}
