// One interface module as an OpenAPI 3.1 document. Paths are each route's documented full path
// (aliases and other versions are named in the operation); components hold only what is used.
import { compareCodePoints } from '../../ir/names.js';
import type { InterfaceIr, Ir, ModuleIr } from '../../ir/types.js';
import { canonicalJson, PrintedJson, writeObject, type WriteMember } from '../shared/json.js';
import { Components } from './components.js';
import { buildNow, DocumentComponents } from './document-names.js';
import { COMPONENT_INDENT, OPERATION_INDENT, printOperation, type PrintedOperation } from './printed-operation.js';
import { DEFAULT_OPENAPI_OPTIONS, type OpenApiOptions } from './options.js';
import { PrintedRoutes } from './printed-routes.js';
import { securitySchemes, sessionComponents, tokenUrl } from './security.js';
import { tokenOperation } from './token-endpoint.js';
import { asHeader, asParameter, paragraphs, sortedObject } from './types.js';

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHOD_ORDER)[number];

/** The document as text: each route's operation and components come printed (remembered by route). */
export function openApiDocumentText(
  ir: Ir,
  module: ModuleIr,
  generatedBy: string,
  options: OpenApiOptions = DEFAULT_OPENAPI_OPTIONS,
): string {
  const iface = module.interface as InterfaceIr;
  const routes = new PrintedRoutes(ir, module, options);
  // Named and built in the order the operations call for them, as one shared registry would;
  // each operation's calls right away, so what builds them can be freed.
  const components = new DocumentComponents();
  const operations: { path: string; method: Method; printed: PrintedOperation }[] = [];
  for (const route of module.routes) {
    const { printed, calls, source } = routes.route(route);
    components.add(calls, source);
    operations.push({ path: route.fullPath, method: route.method.toLowerCase() as Method, printed });
  }
  for (const scheme of module.auth) {
    if (scheme.type !== 'oauth2') continue;
    const built = new Components([]);
    const { printed, calls } = printOperation(tokenOperation(module, scheme, built), built);
    components.add(calls, buildNow);
    operations.push({ path: tokenUrl(module, scheme), method: 'post', printed });
  }
  const session = sessionComponents(module);
  const description = infoDescription(iface, module.recordsOrigins);
  const document = {
    openapi: '3.1.0',
    // JSON has no comments: the "generated, do not edit" note is a top-level extension instead.
    'x-generated-by': generatedBy,
    info: { title: iface.title, version: apiVersion(module), ...(description !== undefined && { description }) },
    servers: [
      { url: '/', description: 'The address the document is served from; paths include the base path.' },
      // For tools that open the document from a file, where "/" names no host.
      {
        url: '{scheme}://{host}',
        description: 'Any other address of the service; paths include the base path.',
        variables: {
          scheme: { enum: ['https', 'http'], default: 'https' },
          host: { default: 'localhost:3000', description: 'Host name and port of the service.' },
        },
      },
    ],
    tags: [{ name: module.name, description: iface.description ?? iface.title }],
    paths: pathsJson(operations, components),
    components: {
      schemas: components.section('schemas', SECTION_INDENT),
      ...(components.size('responses') > 0 && { responses: components.section('responses', SECTION_INDENT) }),
      ...(components.size('examples') > 0 && { examples: components.section('examples', SECTION_INDENT) }),
      ...(Object.keys(session.parameters).length > 0 && {
        parameters: sortedObject(Object.entries(session.parameters).map(([name, p]) => [name, asParameter(p)])),
      }),
      ...(Object.keys(session.headers).length > 0 && {
        headers: sortedObject(Object.entries(session.headers).map(([name, h]) => [name, asHeader(h)])),
      }),
      securitySchemes: securitySchemes(module),
    },
  };
  return canonicalJson(document);
}

/** Indent of paths/ and of components/<section>/: the operations and components in them were printed at theirs. */
const PATHS_INDENT = OPERATION_INDENT - 4;
const SECTION_INDENT = COMPONENT_INDENT - 2;

/** The paths object: each path's operations in method order, the paths in code-point order. */
function pathsJson(
  operations: readonly { path: string; method: Method; printed: PrintedOperation }[],
  components: DocumentComponents,
): PrintedJson {
  const byPath = new Map<string, Map<Method, PrintedOperation>>();
  for (const { path, method, printed } of operations) {
    const item = byPath.get(path) ?? new Map<Method, PrintedOperation>();
    item.set(method, printed);
    byPath.set(path, item);
  }
  const paths = [...byPath]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([path, methods]): [string, WriteMember] => {
      const item = METHOD_ORDER.flatMap((method): [string, WriteMember][] => {
        const printed = methods.get(method);
        return printed ? [[method, (out) => components.write(printed.operation, out)]] : [];
      });
      return [path, (out) => writeObject(item, PATHS_INDENT + 2, out)];
    });
  return new PrintedJson((out) => writeObject(paths, PATHS_INDENT, out), PATHS_INDENT);
}

/** info.version: the interface's version segments, or "unversioned" when its paths carry none. */
function apiVersion(module: ModuleIr): string {
  const versions = new Set([
    ...(module.interface?.versions ?? []),
    ...module.routes.flatMap((route) => (route.version ? [route.version] : [])),
  ]);
  return versions.size > 0 ? [...versions].sort(compareCodePoints).join(', ') : 'unversioned';
}

/** Says what x-svcgen-origin means only where the definitions record origins (none of it is marked otherwise). */
function infoDescription(iface: InterfaceIr, recordsOrigins: boolean): string | undefined {
  const negotiation =
    iface.style === 'jsonapi'
      ? 'Answers are json:api documents (application/vnd.api+json) when the Accept header is absent, */* or application/vnd.api+json, plain JSON for application/json, and 406 for any other Accept.'
      : undefined;
  const limit =
    iface.bodyLimitBytes !== undefined ? `Request bodies are limited to ${iface.bodyLimitBytes} bytes.` : undefined;
  const origin = recordsOrigins
    ? 'Elements marked x-svcgen-origin: convention were chosen where the interface document is silent; the mark holds for everything inside the marked element.'
    : undefined;
  return paragraphs(iface.description, negotiation, limit, origin);
}
