// The wire styles as the emitters see them, one module each: how an interface style's responses and an
// error style's bodies are described in OpenAPI and the docs, and what a generated server and client
// import for it. What the runtime and the emitters both read (Accept, negotiation, includes, counted
// lists) is the runtime's style module (runtime/wire/wire-styles.ts, runtime/wire/wire-error-styles.ts), looked up by
// interfaceWire and errorWire here too.
import type { InterfaceIr, ModuleIr, ResponseIr, TypeIr } from '../../ir/types.js';
import { ERROR_WIRES, type ErrorHeading, type ErrorWire } from '../../runtime/wire/wire-error-styles.js';
import type { ErrorStyle, InterfaceStyle } from '../../runtime/core/vocabulary.js';
import { WIRE_STYLES, type WireStyle } from '../../runtime/wire/wire-styles.js';
import type { Components } from '../openapi/components.js';
import type { SchemaContext } from '../openapi/json-schema.js';
import type { Content, ReferenceObject } from '../openapi/types.js';
import { apiAliasEmitterWire } from './api-alias.js';
import { errorsArrayEmitterWire } from './errors-array.js';
import { jsonApiEmitterWire } from './jsonapi.js';
import { successEnvelopeEmitterWire } from './success-envelope.js';
import { successFalseEmitterWire } from './success-false.js';

/** A style leaves out what it does not have: no OpenAPI note, nothing handed in, lists not paged, ids as they are. */
export interface EmitterWire {
  /** The docs page's line on how responses look. */
  readonly docs: string;
  /** The OpenAPI info description's paragraph on the responses' representations. */
  readonly openApiNote?: string;
  /** What a generated server (and mock) hands the runtime as `jsonApi` to render the style's documents. */
  readonly serverHandIn?: HandedIn;
  /** What a generated client hands the runtime as `jsonApi` to read them. */
  readonly clientHandIn?: HandedIn;
  /** Whether a generated client's list response is a Page that fetches the pages after it. */
  readonly pagesLists?: boolean;
  /** Whether ids travel as strings, which a client turns back into numbers where the record's id is one. */
  readonly stringIds?: boolean;
  /** The OpenAPI content of an enveloped success response; undefined for none. */
  envelopedContent(body: TypeIr | undefined, response: ResponseIr, ctx: SchemaContext): Content | undefined;
}

export interface ErrorEmitterWire {
  /** The docs page's line on how error bodies look. */
  readonly docs: string;
  /** The members every error body has (its schema's `required`): a value without one of them is no error body. */
  readonly requiredMembers: readonly string[];
  /** The interface's error body as an OpenAPI component. */
  bodySchema(components: Components): ReferenceObject;
  /** An example body: `heading` as the runtime fills it in, `detail` the message. */
  example(heading: ErrorHeading, detail: string): unknown;
}

/** A value of a runtime module, e.g. renderJsonApi of runtime/wire/jsonapi/jsonapi.ts. */
export interface HandedIn {
  readonly module: string;
  readonly value: string;
}

const EMITTER_WIRES: Readonly<Record<InterfaceStyle, EmitterWire>> = {
  jsonapi: jsonApiEmitterWire,
  'success-envelope': successEnvelopeEmitterWire,
  'api-alias': apiAliasEmitterWire,
};

const ERROR_EMITTER_WIRES: Readonly<Record<ErrorStyle, ErrorEmitterWire>> = {
  'errors-array': errorsArrayEmitterWire,
  'success-false': successFalseEmitterWire,
};

/** An interface style's modules: the runtime's and the emitters'. */
export function interfaceWire(iface: InterfaceIr): { runtime: WireStyle; emit: EmitterWire } {
  return { runtime: WIRE_STYLES[iface.style], emit: EMITTER_WIRES[iface.style] };
}

/** An error style's modules: the runtime's and the emitters'. */
export function errorWire(iface: InterfaceIr): { runtime: ErrorWire; emit: ErrorEmitterWire } {
  return { runtime: ERROR_WIRES[iface.errorStyle], emit: ERROR_EMITTER_WIRES[iface.errorStyle] };
}

/** The interface style's modules of a module, undefined for a module without an interface. */
export function moduleWire(module: ModuleIr): { runtime: WireStyle; emit: EmitterWire } | undefined {
  return module.interface && interfaceWire(module.interface);
}
