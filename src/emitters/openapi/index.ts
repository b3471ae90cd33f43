// The `openapi` emitter: one OpenAPI 3.1 document per interface module, <module>/openapi.json. Paths
// are each route's documented full path (aliases and other versions are named in the operation);
// components hold only what is used.
import { compareCodePoints } from '../../ir/names.js';
import type { HttpMethod, InterfaceIr, Ir, ModuleIr, OAuthSchemeIr } from '../../ir/types.js';
import { interfaceModules, type Emitter } from '../contract.js';
import { shared, type PartedFile } from '../parts.js';
import { canonicalJson, PrintedJson, writeObject, type WriteMember } from '../shared/json.js';
import {
  COMPONENT_INDENT,
  OPERATION_INDENT,
  type ComponentRequest,
  type JsonParts,
  type Printed,
} from './components.js';
import { DocumentComponents } from './document-names.js';
import { componentsPart, operationPart, tokenSource, type OperationSource } from './operation-parts.js';
import { DEFAULT_OPENAPI_OPTIONS, type OpenApiOptions } from './options.js';
import { RouteViews } from './route-view.js';
import { securitySchemes, sessionComponents, tokenUrl } from './security.js';
import { paragraphs } from './types.js';
import { interfaceWire } from '../wire/index.js';

export const openapiEmitter: Emitter = {
  name: 'openapi',
  description: 'OpenAPI 3.1 document of each interface (paths, envelopes, errors, security, record schemas)',
  emit: ({ ir, openapi = DEFAULT_OPENAPI_OPTIONS }) =>
    interfaceModules(ir).map((module) => openApiFile(ir, module, openapi)),
};

type Method = Lowercase<HttpMethod>;
/** Each method's place in a path item: the order in which OpenAPI's Path Item Object lists its operations. */
const METHOD_PLACE: Record<Method, number> = { get: 0, put: 1, post: 2, delete: 3, options: 4, head: 5, patch: 6 };
const METHOD_ORDER = (Object.keys(METHOD_PLACE) as Method[]).sort((a, b) => METHOD_PLACE[a] - METHOD_PLACE[b]);

/** An operation of the document: where it sits, and what it is printed from. */
interface Placed {
  readonly path: string;
  readonly method: Method;
  readonly name: string;
  readonly source: OperationSource;
}

/** The document: its operations as parts, then the components they reach, found from their printings. */
function openApiFile(ir: Ir, module: ModuleIr, options: OpenApiOptions): PartedFile<Printed | Printed[]> {
  const views = new RouteViews(ir, module, options);
  const operations: Placed[] = [
    ...module.routes.map((route) => ({
      path: route.fullPath,
      method: route.method.toLowerCase() as Method,
      name: route.name,
      source: shared({ route: views.view(route) }),
    })),
    ...module.auth
      .filter((scheme): scheme is OAuthSchemeIr => scheme.type === 'oauth2')
      .map((scheme) => ({
        path: tokenUrl(module, scheme),
        method: 'post' as const,
        name: `token ${scheme.name}`,
        source: tokenSource(module, scheme),
      })),
  ];
  return {
    path: `${module.name}/openapi.json`,
    source: module.sourceFile,
    // Printed in prettier's own layout, so the formatter need not run on it (a test checks).
    format: false,
    parts: operations.map(({ name, source }) => operationPart(name, source)),
    assemble: (printed, render) => {
      const components = new DocumentComponents();
      // Callers whose calls are not yet followed: the operations, then the components found from them, level by level.
      let callers = operations.map(({ name, source }, index) => ({
        name,
        source,
        printed: [printed[index] as Printed],
      }));
      while (callers.length > 0) {
        const groups = callers.flatMap(({ name, source, printed: each }) => {
          const wanted = components.newCalls(each.flatMap((one) => one.calls));
          return wanted.length > 0 ? [{ name, source, wanted }] : [];
        });
        const found = render(groups.map(({ name, source, wanted }) => componentsPart(name, source, wanted)));
        groups.forEach(({ wanted }, index) =>
          (found[index] as Printed[]).forEach((one, at) => components.set(wanted[at] as ComponentRequest, one.text)),
        );
        callers = groups.map(({ name, source }, index) => ({ name, source, printed: found[index] as Printed[] }));
      }
      components.name();
      const paths = new Map<string, Map<Method, JsonParts>>();
      operations.forEach(({ path, method }, index) =>
        paths.set(
          path,
          (paths.get(path) ?? new Map<Method, JsonParts>()).set(method, (printed[index] as Printed).text),
        ),
      );
      return documentText(module, paths, components);
    },
  };
}

/** The document as text, around its printed operations and components. */
function documentText(
  module: ModuleIr,
  paths: Map<string, Map<Method, JsonParts>>,
  components: DocumentComponents,
): string {
  const iface = module.interface as InterfaceIr;
  const description = infoDescription(iface, module.recordsOrigins);
  const document = {
    openapi: '3.1.0',
    // JSON has no comments: the "generated, do not edit" note is a top-level extension instead.
    'x-generated-by': `Generated by svcgen from ${module.sourceFile}. Do not edit: change the definitions and run \`svcgen generate\`.`,
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
    tags: documentTags(module, iface),
    paths: pathsJson(paths, components),
    components: {
      schemas: components.section('schemas', SECTION_INDENT),
      ...(components.size('responses') > 0 && { responses: components.section('responses', SECTION_INDENT) }),
      ...(components.size('examples') > 0 && { examples: components.section('examples', SECTION_INDENT) }),
      ...sessionComponents(module),
      securitySchemes: securitySchemes(module),
    },
  };
  return canonicalJson(document);
}

/**
 * The interface's tags, and the file's name, which operations without tags of their own and the token
 * endpoints are listed under, while any is: in code-point order of name.
 */
function documentTags(module: ModuleIr, iface: InterfaceIr): { name: string; description?: string }[] {
  const untagged =
    iface.tags.length === 0 ||
    module.routes.some((route) => route.tags.length === 0) ||
    module.auth.some((scheme) => scheme.type === 'oauth2');
  const tags = new Map(iface.tags.map((tag) => [tag.name, tag.description]));
  // A declared tag named like the file is that group: its own description wins.
  if (untagged && !tags.has(module.name)) tags.set(module.name, iface.description ?? iface.title);
  return [...tags]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([name, description]) => ({ name, ...(description !== undefined && { description }) }));
}

/** Indent of paths/ and of components/<section>/: the operations and components in them were printed at theirs. */
const PATHS_INDENT = OPERATION_INDENT - 4;
const SECTION_INDENT = COMPONENT_INDENT - 2;

/** The paths object: each path's operations in method order, the paths in code-point order. */
function pathsJson(paths: ReadonlyMap<string, ReadonlyMap<Method, JsonParts>>, components: DocumentComponents) {
  const members = [...paths]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([path, methods]): [string, WriteMember] => {
      const item = METHOD_ORDER.filter((method) => methods.has(method)).map((method): [string, WriteMember] => [
        method,
        (out) => components.write(methods.get(method) as JsonParts, out),
      ]);
      return [path, (out) => writeObject(item, PATHS_INDENT + 2, out)];
    });
  return new PrintedJson((out) => writeObject(members, PATHS_INDENT, out), PATHS_INDENT);
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
  const negotiation = interfaceWire(iface).emit.openApiNote;
  const limit = iface.bodyLimitBytes !== undefined && `Request bodies are limited to ${iface.bodyLimitBytes} bytes.`;
  const origin =
    recordsOrigins &&
    'Elements marked x-svcgen-origin: convention were chosen where the interface document is silent; the mark holds for everything inside the marked element.';
  return paragraphs(iface.description, negotiation, limit, origin);
}
