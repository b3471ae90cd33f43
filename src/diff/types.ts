// What `svcgen diff` reports: one Change per difference between the base IR and the working tree's.
import type { SourceLocation } from '../ir/types.js';
import type { ChangeKind } from './classify.js';

/** How a change affects one side: it stops existing code from working, it does not, or it only touches docs. */
export type Impact = 'breaking' | 'non-breaking' | 'info';

/** Which way data flows where a change is: written by clients (request) or by servers (response). */
export type Direction = 'request' | 'response';

/** The kinds of change are the keys of the table that says who each one breaks. */
export type { ChangeKind } from './classify.js';

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
