// One interface module as an OpenAPI 3.1 document. Paths are each route's documented full path
// (aliases and other versions are named in the operation); components hold only what is used.
import { compareCodePoints } from '../../ir/names.js';
import type { InterfaceIr, Ir, ModuleIr } from '../../ir/types.js';
import { canonicalJson } from '../shared/json.js';
import { Components, type Section } from './components.js';
import { routeOperation } from './operation.js';
import { securitySchemes, sessionComponents, tokenUrl } from './security.js';
import { tokenOperation } from './token-endpoint.js';
import { asHeader, asParameter, paragraphs, sortedObject, type OperationObject } from './types.js';

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHOD_ORDER)[number];

/** The document as text: the operations in route order name and build the components they call for. */
export function openApiDocumentText(ir: Ir, module: ModuleIr, generatedBy: string): string {
  const iface = module.interface as InterfaceIr;
  const components = new Components(ir.records.values());
  const operations: { path: string; method: Method; operation: OperationObject }[] = [];
  for (const route of module.routes) {
    operations.push({ path: route.fullPath, method: route.method.toLowerCase() as Method, operation: routeOperation(module, route, components) });
  }
  for (const scheme of module.auth) {
    if (scheme.type === 'oauth2') operations.push({ path: tokenUrl(module, scheme), method: 'post', operation: tokenOperation(module, scheme, components) });
  }
  const session = sessionComponents(module);
  const description = infoDescription(iface);
  const document = {
    openapi: '3.1.0',
    // JSON has no comments: the "generated, do not edit" note is a top-level extension instead.
    'x-generated-by': generatedBy,
    info: { title: iface.title, version: apiVersion(module), ...(description !== undefined && { description }) },
    servers: [{ url: '/', description: 'The service base address ({base_url}); paths include the base path.' }],
    tags: [{ name: module.name, description: iface.description ?? iface.title }],
    paths: pathsObject(operations),
    components: {
      schemas: sectionObject(components.schemas),
      ...(components.responses.size > 0 && { responses: sectionObject(components.responses) }),
      ...(components.examples.size > 0 && { examples: sectionObject(components.examples) }),
      ...(Object.keys(session.parameters).length > 0 && { parameters: sortedObject(Object.entries(session.parameters).map(([name, p]) => [name, asParameter(p)])) }),
      ...(Object.keys(session.headers).length > 0 && { headers: sortedObject(Object.entries(session.headers).map(([name, h]) => [name, asHeader(h)])) }),
      securitySchemes: securitySchemes(module),
    },
  };
  return canonicalJson(document);
}

/** The paths object: each path's operations in method order, the paths in code-point order. */
function pathsObject(operations: readonly { path: string; method: Method; operation: OperationObject }[]): Record<string, Partial<Record<Method, OperationObject>>> {
  const byPath = new Map<string, Partial<Record<Method, OperationObject>>>();
  for (const { path, method, operation } of operations) byPath.set(path, { ...byPath.get(path), [method]: operation });
  return sortedObject([...byPath].map(([path, item]) => [path, Object.fromEntries(METHOD_ORDER.flatMap((method) => (item[method] ? [[method, item[method]]] : [])))]));
}

function sectionObject<T extends object>(section: Section<T>): Record<string, T> {
  return Object.fromEntries(section.entries());
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
