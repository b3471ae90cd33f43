// One interface module as an OpenAPI 3.1 document. Paths are each route's documented full path
// (aliases and other versions are named in the operation); components hold only what is used.
import type { OpenAPIV3_1 } from 'openapi-types';
import { compareCodePoints } from '../../ir/names.js';
import type { InterfaceIr, Ir, ModuleIr } from '../../ir/types.js';
import { Components } from './components.js';
import { routeOperation } from './operation.js';
import { securitySchemes, sessionComponents, tokenUrl } from './security.js';
import { tokenOperation } from './token-endpoint.js';
import { asHeader, asParameter, asPaths, paragraphs, sortedObject, type OperationObject, type PathItems } from './types.js';

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHOD_ORDER)[number];

export type GeneratedDocument = OpenAPIV3_1.Document & { readonly 'x-generated-by': string };

export function buildOpenApiDocument(ir: Ir, module: ModuleIr, generatedBy: string): GeneratedDocument {
  const iface = module.interface as InterfaceIr;
  const components = new Components(ir, module);
  const operations: { path: string; method: Method; operation: OperationObject }[] = [];
  for (const route of module.routes) {
    operations.push({ path: route.fullPath, method: route.method.toLowerCase() as Method, operation: routeOperation(module, route, components) });
  }
  for (const scheme of module.auth) {
    if (scheme.type === 'oauth2') operations.push({ path: tokenUrl(module, scheme), method: 'post', operation: tokenOperation(module, scheme, components) });
  }
  const session = sessionComponents(module);
  const description = infoDescription(iface);
  const document: OpenAPIV3_1.Document = {
    openapi: '3.1.0',
    info: { title: iface.title, version: apiVersion(module), ...(description !== undefined && { description }) },
    servers: [{ url: '/', description: 'The service base address ({base_url}); paths include the base path.' }],
    tags: [{ name: module.name, description: iface.description ?? iface.title }],
    paths: asPaths(pathItems(operations)),
    components: {
      schemas: components.schemas.toObject(),
      ...(components.responses.size > 0 && { responses: components.responses.toObject() }),
      ...(components.examples.size > 0 && { examples: components.examples.toObject() }),
      ...(Object.keys(session.parameters).length > 0 && { parameters: sortedObject(Object.entries(session.parameters).map(([name, p]) => [name, asParameter(p)])) }),
      ...(Object.keys(session.headers).length > 0 && { headers: sortedObject(Object.entries(session.headers).map(([name, h]) => [name, asHeader(h)])) }),
      securitySchemes: securitySchemes(module),
    },
  };
  // JSON has no comments: the "generated, do not edit" note is a top-level extension instead.
  const { openapi, ...rest } = document;
  return { openapi, 'x-generated-by': generatedBy, ...rest };
}

function pathItems(operations: readonly { path: string; method: Method; operation: OperationObject }[]): PathItems {
  const byPath = new Map<string, Map<Method, OperationObject>>();
  for (const { path, method, operation } of operations) {
    const item = byPath.get(path) ?? new Map<Method, OperationObject>();
    item.set(method, operation);
    byPath.set(path, item);
  }
  const paths: PathItems = {};
  for (const path of [...byPath.keys()].sort(compareCodePoints)) {
    const item: PathItems[string] = {};
    const methods = byPath.get(path) as Map<Method, OperationObject>;
    for (const method of METHOD_ORDER) {
      const operation = methods.get(method);
      if (operation) item[method] = operation;
    }
    paths[path] = item;
  }
  return paths;
}

/** info.version: the interface's version segments, or "unversioned" when its paths carry none. */
function apiVersion(module: ModuleIr): string {
  const versions = new Set([...(module.interface?.versions ?? []), ...module.routes.flatMap((route) => (route.version ? [route.version] : []))]);
  return versions.size > 0 ? [...versions].sort(compareCodePoints).join(', ') : 'unversioned';
}

function infoDescription(iface: InterfaceIr): string | undefined {
  const negotiation =
    iface.style === 'jsonapi'
      ? 'Answers are json:api documents (application/vnd.api+json) when the Accept header is absent, */* or application/vnd.api+json, plain JSON for application/json, and 406 for any other Accept.'
      : undefined;
  const limit = iface.bodyLimitBytes !== undefined ? `Request bodies are limited to ${iface.bodyLimitBytes} bytes.` : undefined;
  const origin = 'Elements marked x-svcgen-origin: convention were chosen where the interface document says "not shown"; the mark holds for everything inside the marked element.';
  return paragraphs(iface.description, negotiation, limit, origin);
}
