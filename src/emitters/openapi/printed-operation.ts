// Operations and components printed as JSON text with holes where a $ref names a component, with
// the calls for components they made: what the document is assembled from, and what is
// remembered between runs (route by route, component by component).
import { jsonParts } from '../shared/json.js';
import { ComponentRef, type ComponentCall, type Components, type SectionName } from './components.js';

/** Indent of an operation in paths/<path>/<method>, and of a component in components/<section>/<name>. */
export const OPERATION_INDENT = 6;
export const COMPONENT_INDENT = 6;

/** Printed text split by holes: [text, hole, text, …, text]; a hole is "<section> <owner>". */
export type JsonParts = readonly string[];

/** A call for a component as remembered: what its name is made from. */
export type ComponentRequest = readonly [
  section: SectionName,
  owner: string,
  preferred: string,
  qualifier: string | null,
];

export type PrintedOperation = { readonly operation: JsonParts; readonly calls: readonly ComponentRequest[] };
export type PrintedComponent = { readonly text: JsonParts; readonly calls: readonly ComponentRequest[] };

/** A call made in this run, which can build its component. */
export interface LiveCall {
  readonly components: Components;
  readonly call: ComponentCall;
}

/** Calls as the document walks them; `live` (the same calls, in order) when their caller was built in this run. */
export interface Calls {
  readonly requests: readonly ComponentRequest[];
  readonly live?: readonly LiveCall[];
}

/** A component printed, with its calls. */
export type BuiltComponent = { readonly printed: PrintedComponent; readonly calls: Calls };

/** Prints an operation (an OperationObject or, in tests, any object); its calls are live. */
export function printOperation(operation: object, components: Components): { printed: PrintedOperation; calls: Calls } {
  const calls = liveCalls(components, components.operationCalls());
  return { printed: { operation: jsonParts(operation, OPERATION_INDENT, holeOf), calls: calls.requests }, calls };
}

export function liveCalls(components: Components, calls: readonly ComponentCall[]): Calls {
  return { requests: calls.map(requestOf), live: calls.map((call) => ({ components, call })) };
}

/** Builds and prints the component a live call asks for; its own calls are live too. */
export function buildComponent(live: LiveCall): BuiltComponent {
  const { value, calls } = live.components.build(live.call);
  const own = liveCalls(live.components, calls);
  return { printed: { text: jsonParts(value, COMPONENT_INDENT, holeOf), calls: own.requests }, calls: own };
}

function requestOf({ section, name }: ComponentCall): ComponentRequest {
  return [section, name.owner, name.preferred, name.qualifier ?? null];
}

function holeOf(value: object): string | undefined {
  return value instanceof ComponentRef ? `${value.section} ${value.owner}` : undefined;
}
