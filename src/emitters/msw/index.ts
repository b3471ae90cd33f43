// The `msw` emitter (opt-in): per interface Mock Service Worker v2 handlers that respond like the
// generated server, from deterministic example records (examples.ts), for front-end tests without
// a server. Each route's default result is what a server handler would return; the runtime's
// renderers put it in the interface's wire style. The file is written as text and formatted.
import { responseKey } from '../shared/code/ast.js';
import { pascalCase } from '../../ir/names.js';
import { symbols } from '../../ir/symbols.js';
import type { Ir, ModuleIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { handlerResultShape, mainResponse } from '../server/handler-types.js';
import { handlerHeaders } from '../../ir/responses.js';
import { EXAMPLES_PER_RECORD, ExampleValues } from './examples.js';
import { moduleWire } from '../wire/index.js';

/** The doc comment's addition where a route declares responses besides its successes. */
const ANSWERING = ',\n * or return `respond(status, body)` for a response its route declares besides its successes';

/** Mock Service Worker v2 handlers with example records; opt-in. */
export const mswEmitter: Emitter = ({ ir }) => interfaceModules(ir).map((module) => emitMocks(ir, module));

function emitMocks(ir: Ir, module: ModuleIr): GeneratedFile {
  const examples = new ExampleValues(ir);
  const api = pascalCase(module.name);
  const rows = module.routes.map((route) => routeRow(module, route, examples));
  // A counted list's result is a ListResult, beside its headers too (`{ body: ListResult<…>; headers }`).
  const counted = module.routes.some((route) => handlerResultShape(module, route).counted);
  const streamed = ['MockFile', 'MockEvents'].filter((kind) => rows.some((row) => row.type.startsWith(`${kind}<`)));
  const answering = rows.some((row) => row.answers);
  const handIn = moduleWire(module)?.emit.serverHandIn;
  const oauth = module.auth.some((scheme) => scheme.type === 'oauth2');
  const [meta, routes] = [symbols.meta(module.name), symbols.routes(module.name)];
  // As the server reads them: a parameter left out is its declared default (a list's `limit`).
  const queried = module.routes.filter((route) => route.query.length > 0);
  const querySchemas = queried.map(
    (route) => `${symbols.operation(route.name)}: schemas.${symbols.routeSchema(route.name, 'Query')}`,
  );
  const definition = `meta: ${meta}, routes: ${routes}, results${queried.length > 0 ? ', querySchemas' : ''}`;
  const text = `${handIn ? `import { ${handIn.value} } from '../runtime/${handIn.module}.js';\n` : ''}import { mockHandlers${oauth ? ', mockTokenEndpoints' : ''}, type MockHandlers${streamed.map((kind) => `, type ${kind}`).join('')} } from '../runtime/server/msw-handlers.js';
${answering ? "import type { DeclaredAnswers } from '../runtime/server/respond.js';\n" : ''}${counted ? "import type { ListResult } from '../runtime/server/responses.js';\n" : ''}import { ${meta}, ${routes} } from './metadata.js';
${queried.length > 0 ? "import * as schemas from './schemas.js';\n" : ''}import type * as types from './types.js';

/** What each route's mock sends by default: what a server handler would return, before any envelope. */
export interface ${api}MockResults {
${rows.map((row) => `  ${row.name}: ${row.type};`).join('\n')}
}

/** Deterministic example records that satisfy the definitions (lists hold ${EXAMPLES_PER_RECORD}, paged by \`limit\` and \`page\`). */
const results: ${api}MockResults = {
${rows.map((row) => `  ${row.name}: ${row.value},`).join('\n')}
};
${queried.length > 0 ? `\n/** The routes' query schemas: a mock reads the query as the server does, its defaults applied. */\nconst querySchemas = { ${querySchemas.join(', ')} };\n` : ''}
/**
 * Per route, a handler with the default response, or with a resolver's: \`handlers.listBooks(() => ({ items: [], total: 0 }))\`.
 * A resolver may throw an ApiError (NotFound, Validation, ...) to respond with the interface's error shape${answering ? ANSWERING : ''}.
 */
export const handlers = mockHandlers({ ${definition}${handIn ? `, jsonApi: ${handIn.value}` : ''} });

/** The handlers for a service at \`baseUrl\` only (\`handlers\` take any origin): \`handlersAt('https://api.example')\`. */
export function handlersAt(baseUrl: string): MockHandlers<${api}MockResults> {
  return mockHandlers({ ${definition}, baseUrl${handIn ? `, jsonApi: ${handIn.value}` : ''} });
}

/** Every route's handler with its default response${oauth ? ' (and a token endpoint issuing mock tokens)' : ''}: \`setupServer(...defaultHandlers)\` or \`setupWorker(...defaultHandlers)\`. */
export const defaultHandlers = [${oauth ? `...mockTokenEndpoints(${meta}), ` : ''}...Object.values(handlers).map((handler) => handler())];
`;
  return { path: `${module.name}/msw.ts`, content: text, source: module.sourceFile, format: true };
}

/**
 * A route's member of the results: its name, the handler result type and the example value as code. A route that
 * declares responses besides its successes (an imported 422 body) also takes `respond(status, body)`, as its handler.
 */
function routeRow(module: ModuleIr, route: RouteIr, examples: ExampleValues) {
  const row = successRow(module, route, examples);
  const { answers, answerHeaders } = handlerResultShape(module, route);
  if (answers === undefined) return { ...row, answers: false };
  const keys = answers.map((key) => JSON.stringify(responseKey(key))).join(' | ');
  const headers = answerHeaders ? `, types.${symbols.routeType(route.name, 'ResponseHeaders')}` : '';
  const declared = `DeclaredAnswers<types.${symbols.routeType(route.name, 'Responses')}, ${keys}${headers}>`;
  return { ...row, type: `${row.type} | ${declared}`, answers: true };
}

function successRow(module: ModuleIr, route: RouteIr, examples: ExampleValues) {
  const name = symbols.operation(route.name);
  const shape = handlerResultShape(module, route);
  const response = mainResponse(route);
  if (response?.file) {
    // An empty file of the first media type: bytes a test replaces with its own (a Blob, text or a stream).
    const mediaTypes = response.file.mediaTypes.map((mediaType) => JSON.stringify(mediaType));
    return { name, type: `MockFile<${mediaTypes.join(' | ')}>`, value: `{ body: '', mediaType: ${mediaTypes[0]} }` };
  }
  if (response?.events) {
    // One example of each event, in the order they are declared.
    const events = response.events.events.map((event) => ({ event: event.name, data: examples.value(event.type, 0) }));
    return {
      name,
      type: `MockEvents<${routeResponseType(route, 'Responses', response.key)}>`,
      value: JSON.stringify(events),
    };
  }
  const row = { name, ...bodyRow(module, route, examples) };
  const declaring = shape.headers === undefined ? undefined : route.responses.find((one) => one.key === shape.headers);
  if (!declaring) return row;
  // As a handler returns `{ body, headers }`: an example of every declared header.
  const headersType = routeResponseType(route, 'ResponseHeaders', declaring.key);
  const headers = JSON.stringify(
    Object.fromEntries(handlerHeaders(declaring).map((header) => [header.name, examples.value(header.type, 0)])),
  );
  return row.type === 'void'
    ? { name, type: `{ headers: ${headersType} }`, value: `{ headers: ${headers} }` }
    : {
        name,
        type: `{ body: ${row.type}; headers: ${headersType} }`,
        value: `{ body: ${row.value}, headers: ${headers} }`,
      };
}

/** `types.<Route>Responses[200]`: a route's type of one response. */
function routeResponseType(route: RouteIr, part: 'Responses' | 'ResponseHeaders', key: string): string {
  return `types.${symbols.routeType(route.name, part)}[${JSON.stringify(responseKey(key))}]`;
}

/** The type and example value of a plain response's body: a record, a list (with its total) or none. */
function bodyRow(module: ModuleIr, route: RouteIr, examples: ExampleValues): { type: string; value: string } {
  const shape = handlerResultShape(module, route);
  const body = mainResponse(route)?.body;
  if (shape.status === null || body === undefined) return { type: 'void', value: 'undefined' };
  const responseType = routeResponseType(route, 'Responses', shape.status);
  if (!shape.counted) return { type: responseType, value: JSON.stringify(examples.value(body, 0)) };
  const itemType = body.kind === 'list' ? body.items : body;
  const items = Array.from({ length: EXAMPLES_PER_RECORD }, (_, index) => examples.value(itemType, index));
  return { type: `ListResult<${responseType}[number]>`, value: JSON.stringify({ items, total: items.length }) };
}
