// The error responses of a route: one per status among the catalog errors it lists and those the
// runtime sends on its own (runtime-errors.ts; only for statuses the list leaves out), with the
// interface's error body and one example per error. Routes with the same errors share one response
// under components/responses. At a status the route responds with itself (an imported 4xx response),
// the runtime's errors go in that response beside the route's own body (beside-own.ts).
import { pascalCase } from '../../ir/names.js';
import type { ErrorIr, InterfaceIr, ModuleIr, RouteIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { DEFAULT_ERRORS } from '../../runtime/core/error-bodies.js';
import { runtimeErrors } from './runtime-errors.js';
import { authHeadersName, authResponseHeaders } from './security.js';
import { errorWire, interfaceWire } from '../wire/index.js';
import {
  JSON_API_MEDIA,
  JSON_MEDIA,
  originMark,
  sortedObject,
  type Content,
  type ExampleObject,
  type ReferenceObject,
} from './types.js';

/** A route's errors by status. */
export interface RouteErrors {
  /** The catalog entries it lists, and those the runtime sends on its own at the other statuses. */
  readonly byStatus: ReadonlyMap<number, readonly ErrorIr[]>;
  /** What the runtime sends on its own at a status the route responds with itself (and lists no entry of). */
  readonly besideOwn: ReadonlyMap<number, readonly ErrorIr[]>;
}

export function routeErrors(module: ModuleIr, route: RouteIr): RouteErrors {
  const byStatus = new Map<number, ErrorIr[]>();
  for (const name of route.errors) {
    const error = module.errors.find((candidate) => candidate.name === name);
    if (!error) continue; // the IR builder reports unknown names (SVC211)
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  }
  const listed = new Set(byStatus.keys());
  const own = new Set(route.responses.map((response) => response.status));
  const besideOwn = new Map<number, ErrorIr[]>();
  for (const error of runtimeErrors(module, route)) {
    if (listed.has(error.status)) continue;
    const into = own.has(error.status) ? besideOwn : byStatus;
    const same = into.get(error.status) ?? [];
    if (!same.includes(error)) into.set(error.status, [...same, error]);
  }
  return { byStatus, besideOwn };
}

export function errorResponses(
  module: ModuleIr,
  route: RouteIr,
  byStatus: RouteErrors['byStatus'],
  components: Components,
): [string, ReferenceObject][] {
  const iface = module.interface as InterfaceIr;
  return [...byStatus.entries()].map(([status, errors]) => {
    const names = errors.map((error) => error.name);
    const headers = authResponseHeaders(module, route, status);
    // Owned by what it holds: routes whose auth adds no header (or the same ones) share one response.
    const added = Object.keys(headers).length > 0 ? JSON.stringify(headers) : '';
    const qualifier = authHeadersName(module, route, status);
    const name = {
      owner: `${names.join(',')} ${added}`,
      preferred: names.map(pascalCase).join('Or'),
      ...(qualifier !== undefined && { qualifier }),
    };
    const ref = components.define('responses', name, () => ({
      description: errorDescription(errors),
      ...originMark(errors.every((error) => error.origin === 'convention') ? 'convention' : 'spec'),
      ...(added && { headers }),
      content: errorContent(iface, errors, components),
    }));
    return [String(status), ref];
  });
}

export function errorDescription(errors: readonly ErrorIr[]): string {
  const line = (error: ErrorIr) => error.description ?? error.title ?? error.message ?? error.name;
  const [only] = errors;
  if (errors.length === 1 && only) return `${line(only)} (${only.kind})`;
  return errors.map((error) => `- ${error.name}: ${line(error)}`).join('\n');
}

export function errorContent(iface: InterfaceIr, errors: readonly ErrorIr[], components: Components): Content {
  const wire = errorWire(iface);
  const schema = wire.emit.bodySchema(components);
  const examples = sortedObject(
    errors.map((error) => [
      error.name,
      components.define('examples', { owner: error.name, preferred: pascalCase(error.name) }, () =>
        errorExample(iface, error),
      ),
    ]),
  );
  const document = interfaceWire(iface).runtime.negotiated && wire.runtime.jsonApiDocument;
  const media = document ? [JSON_API_MEDIA, JSON_MEDIA] : [JSON_MEDIA];
  return Object.fromEntries(media.map((type) => [type, { schema, examples }]));
}

/**
 * What the common placeholders of error messages stand for in an example: mocks send examples
 * as they are, so an example shows a message as a client would get it, never "{reason}".
 */
const PLACEHOLDER_EXAMPLES: Readonly<Record<string, string>> = {
  reason: 'the query parameter "limit" must be at least 1',
  name: 'limit',
  id: '42',
  entity: 'record',
  resource: 'record',
  method: 'PUT',
  accept: 'text/html',
  type: 'text/plain',
  limit: '1048576',
  role: 'reader',
  privilege: 'delete',
  violation: '/name: must not be empty',
  field: 'name',
  value: 'x',
};

function errorExample(iface: InterfaceIr, error: ErrorIr): ExampleObject {
  // The message with each {placeholder} filled in with an example value.
  const fallback = DEFAULT_ERRORS[error.kind];
  const detail = (error.message ?? error.title ?? fallback.message).replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_whole, name: string) => PLACEHOLDER_EXAMPLES[name] ?? 'example',
  );
  // As the runtime fills them in (error-bodies.ts) where the catalog entry leaves them out.
  const heading = { status: error.status, code: error.code ?? fallback.code, title: error.title ?? fallback.title };
  const value = errorWire(iface).emit.example(heading, detail);
  return {
    summary: error.name,
    ...(error.message?.includes('{') && {
      description: `The message as the definitions write it: ${error.message} (words in braces stand for the values of the failing request).`,
    }),
    value,
    ...originMark(error.origin),
  };
}
