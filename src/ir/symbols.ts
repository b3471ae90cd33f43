// The symbol table: every identifier that one generated file declares and another names (or that a
// user's code imports), made in one place. The emitters declare and refer to names only through it,
// and check-identifiers.ts checks the same names for collisions, so the three cannot drift apart.
import { camelCase, pascalCase } from './names.js';
import type { RecordKey, TypeKey } from './types.js';

/** The module a record is declared in: "admin-api" of "admin-api.product". */
export const recordModule = (key: RecordKey): string => key.slice(0, key.indexOf('.'));
/** A record's own name: "product" of "admin-api.product". */
export const recordName = (key: RecordKey): string => key.slice(key.indexOf('.') + 1);

/** What types.ts declares per route; schemas.ts has a schema for each, and one per list body entry. */
export type RoutePart = 'PathParams' | 'Query' | 'Headers' | 'Cookies' | 'Body' | 'Responses' | 'ResponseHeaders';

/** camelCase without the "_" that keeps a reserved word usable: the start of a longer identifier. */
const stem = (name: string) => camelCase(name).replace(/_$/, '');

export const symbols = {
  /** types.ts: `Product`, `ListProductsQuery`. */
  recordType: (key: RecordKey) => pascalCase(recordName(key)),
  routeType: (route: string, part: RoutePart) => `${pascalCase(route)}${part}`,
  /** types.ts and schemas.ts: a named type of `types:` (`CustomerId`, `customerIdSchema`). */
  namedType: (key: TypeKey) => pascalCase(recordName(key)),
  namedSchema: (key: TypeKey) => `${camelCase(recordName(key))}Schema`,
  /** schemas.ts: `productSchema`, `listProductsQuerySchema`, `listProductsResponseSchemas`. */
  recordSchema: (key: RecordKey) => `${camelCase(recordName(key))}Schema`,
  routeSchema: (route: string, part: RoutePart | 'BodyEntry' | 'FormBody') =>
    part === 'Responses' ? `${stem(route)}ResponseSchemas` : `${stem(route)}${part}Schema`,
  /** metadata.ts: the interface's table and its routes' table. */
  meta: (module: string) => `${stem(module)}Meta`,
  routes: (module: string) => `${stem(module)}Routes`,
  /** server.ts */
  handlers: (module: string) => `${pascalCase(module)}Handlers`,
  authOptions: (module: string) => `${pascalCase(module)}AuthOptions`,
  serverOptions: (module: string) => `${pascalCase(module)}ServerOptions`,
  handlerContext: (module: string) => `${pascalCase(module)}Context`,
  plugin: (module: string) => `${stem(module)}Plugin`,
  /** client.ts */
  client: (module: string) => `${pascalCase(module)}Client`,
  clientOptions: (module: string) => `${pascalCase(module)}ClientOptions`,
  /** The responses each route declares at error statuses, which the client's isDeclaredError reads. */
  errorResponses: (module: string) => `${pascalCase(module)}ErrorResponses`,
  /** A route's handler method and client method. */
  operation: (route: string) => camelCase(route),
};

/** Every identifier the server, client and metadata files of a module declare. */
export function interfaceSymbols(module: string): string[] {
  const { handlers, authOptions, serverOptions, handlerContext, plugin, client, clientOptions, meta, routes } = symbols;
  const { errorResponses } = symbols;
  return [
    authOptions,
    client,
    clientOptions,
    errorResponses,
    handlerContext,
    handlers,
    serverOptions,
    meta,
    plugin,
    routes,
  ].map((name) => name(module));
}
