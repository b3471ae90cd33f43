// One interface module as an OpenAPI 3.1 document. Paths are each route's documented full path
// (aliases and other versions are named in the operation); components hold only what is used.
import { compareCodePoints } from '../../ir/names.js';
import type { InterfaceIr, Ir, ModuleIr } from '../../ir/types.js';
import { canonicalJson } from '../shared/json.js';
import { Components } from './components.js';
import { routeOperation } from './operation.js';
import { DEFAULT_OPENAPI_OPTIONS, type OpenApiOptions } from './options.js';
import { securitySchemes, sessionComponents, tokenUrl } from './security.js';
import { tokenOperation } from './token-endpoint.js';
import { asHeader, asParameter, paragraphs, sortedObject, type OperationObject } from './types.js';

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHOD_ORDER)[number];

export function openApiDocumentText(
  ir: Ir,
  module: ModuleIr,
  generatedBy: string,
  options: OpenApiOptions = DEFAULT_OPENAPI_OPTIONS,
): string {
  const iface = module.interface as InterfaceIr;
  // One registry for the document: components are named in the order the operations call for them.
  const components = new Components(ir.records);
  const operations: { path: string; method: Method; operation: OperationObject }[] = module.routes.map((route) => ({
    path: route.fullPath,
    method: route.method.toLowerCase() as Method,
    operation: routeOperation(module, route, components, options),
  }));
  for (const scheme of module.auth) {
    if (scheme.type !== 'oauth2') continue;
    operations.push({
      path: tokenUrl(module, scheme),
      method: 'post',
      operation: tokenOperation(module, scheme, components),
    });
  }
  const session = sessionComponents(module);
  const description = infoDescription(iface);
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
    paths: pathsObject(operations),
    components: {
      schemas: components.schemas.object(),
      ...(components.responses.size > 0 && { responses: components.responses.object() }),
      ...(components.examples.size > 0 && { examples: components.examples.object() }),
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

/** The paths object: each path's operations in method order, the paths in code-point order. */
function pathsObject(
  operations: readonly { path: string; method: Method; operation: OperationObject }[],
): Record<string, Partial<Record<Method, OperationObject>>> {
  const byPath = new Map<string, Map<Method, OperationObject>>();
  for (const { path, method, operation } of operations) {
    const item = byPath.get(path) ?? new Map<Method, OperationObject>();
    item.set(method, operation);
    byPath.set(path, item);
  }
  return sortedObject(
    [...byPath].map(([path, methods]) => [
      path,
      Object.fromEntries(
        METHOD_ORDER.flatMap((method) => (methods.has(method) ? [[method, methods.get(method)]] : [])),
      ),
    ]),
  );
}

/** info.version: the interface's version segments, or "unversioned" when its paths carry none. */
function apiVersion(module: ModuleIr): string {
  const versions = new Set([
    ...(module.interface?.versions ?? []),
    ...module.routes.flatMap((route) => (route.version ? [route.version] : [])),
  ]);
  return versions.size > 0 ? [...versions].sort(compareCodePoints).join(', ') : 'unversioned';
}

function infoDescription(iface: InterfaceIr): string | undefined {
  const negotiation =
    iface.style === 'jsonapi'
      ? 'Answers are json:api documents (application/vnd.api+json) when the Accept header is absent, */* or application/vnd.api+json, plain JSON for application/json, and 406 for any other Accept.'
      : undefined;
  const limit =
    iface.bodyLimitBytes !== undefined ? `Request bodies are limited to ${iface.bodyLimitBytes} bytes.` : undefined;
  const origin =
    'Elements marked x-svcgen-origin: convention were chosen where the interface document says "not shown"; the mark holds for everything inside the marked element.';
  return paragraphs(iface.description, negotiation, limit, origin);
}
