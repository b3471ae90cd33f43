// The error styles (ERROR_STYLES of vocabulary.ts), one module each, wire-<errorStyle>.ts: the body of
// an error, and whether it is a json:api document. The runtime looks a style up here rather than
// switching over its name (src/emitters/wire/ holds its OpenAPI and docs side).
import type { Violation } from '../core/errors.js';
import type { ErrorStyle, InterfaceMeta } from '../core/interface-meta.js';
import { JSONAPI_MEDIA_TYPE, type Representation } from '../core/negotiate.js';
import { errorsArrayWire } from './error-styles/wire-errors-array.js';
import { wireStyle } from './wire-styles.js';
import { successFalseWire } from './error-styles/wire-success-false.js';

export interface ErrorWire {
  /** Whether the body is a json:api document where the interface negotiated json:api. */
  readonly jsonApiDocument: boolean;
  /** The body of an error: `heading` from its catalog entry, one problem per violation (or the message alone). */
  body(heading: ErrorHeading, message: string, violations: readonly Violation[]): unknown;
}

export interface ErrorHeading {
  readonly status: number;
  readonly code: string;
  readonly title: string;
}

export const ERROR_WIRES: Readonly<Record<ErrorStyle, ErrorWire>> = {
  'errors-array': errorsArrayWire,
  'success-false': successFalseWire,
};

/** The content type of an error response in the negotiated representation. */
export function errorContentType(meta: InterfaceMeta, representation: Representation | undefined): string {
  const document =
    wireStyle(meta).negotiated && ERROR_WIRES[meta.errorStyle].jsonApiDocument && representation === 'jsonapi';
  return document ? JSONAPI_MEDIA_TYPE : 'application/json; charset=utf-8';
}
