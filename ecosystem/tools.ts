// One adapter per client kind: it builds the client for an interface and calls an operation by its
// operationId with the request in the document's terms, the way a user of that tool writes the call.
import createOpenApiFetch from 'openapi-fetch';
import type { AdminApiClientOptions } from '../generated/admin-api/client.js';
import type { BannerApiClientOptions } from '../generated/banner-api/client.js';
import type { PriceListApiClientOptions } from '../generated/price-list-api/client.js';
import type { StoreApiClientOptions } from '../generated/store-api/client.js';
import type { Call } from './scenarios.js';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
export type Invoke = (op: string, call: Call, svcgenInput?: object) => Promise<unknown>;
type Factory = (api: string, base: string, fetch: Fetch, document: OpenApiDocument) => Promise<Invoke>;

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown }>>;
}

interface Located {
  readonly method: string;
  readonly path: string;
  readonly hasBody: boolean;
}

function locate(document: OpenApiDocument, op: string): Located {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId === op)
        return { method: method.toUpperCase(), path, hasBody: operation.requestBody !== undefined };
    }
  }
  throw new Error(`no operation ${op}`);
}

const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

type Module = Record<string, (...args: unknown[]) => Promise<unknown>>;

function operation(module: Module, op: string): (...args: unknown[]) => Promise<unknown> {
  const fn = module[op];
  if (typeof fn !== 'function') throw new Error(`the generated client has no function ${op}`);
  return fn;
}

const CLIENT_CLASSES: Record<string, [string, string]> = {
  'admin-api': ['admin-api', 'AdminApiClient'],
  'store-api': ['store-api', 'StoreApiClient'],
  'price-list-api': ['price-list-api', 'PriceListApiClient'],
  'banner-api': ['banner-api', 'BannerApiClient'],
};

/** Typed by the generated clients' own options, so a change to their credentials fails to compile here. */
const SVCGEN_AUTH: Record<string, object> = {
  'admin-api': {
    oauth: { grant: 'password', username: 'admin', password: 'admin-demo-password' },
  } satisfies AdminApiClientOptions['auth'],
  'store-api': { accessKey: { apiKey: 'SVCSCDEMOACCESSKEY000000001' } } satisfies StoreApiClientOptions['auth'],
  'price-list-api': { digest: { username: 'api', password: 'api-demo-key' } } satisfies PriceListApiClientOptions['auth'],
  'banner-api': { digest: { username: 'api', password: 'api-demo-key' } } satisfies BannerApiClientOptions['auth'],
};

export const TOOLS = {
  /** svcgen's own generated client: the reference every other tool is compared with. */
  svcgen: (async (api, base, fetch, document) => {
    const [folder, className] = CLIENT_CLASSES[api] as [string, string];
    const module = (await import(`../generated/${folder}/client.ts`)) as Record<
      string,
      new (options: object) => Module
    >;
    const Client = module[className] as new (options: object) => Module;
    const client = new Client({ baseUrl: base, auth: SVCGEN_AUTH[api], fetch, getBody: 'query' });
    return async (op, call, svcgenInput) => {
      const method = client[op];
      if (typeof method !== 'function') {
        // The token endpoint is no client method (the client calls it itself): the same request, sent plainly.
        const { method: verb, path } = locate(document, op);
        return fetch(path, {
          method: verb,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call.body),
        });
      }
      const input = {
        ...(call.path ? { params: call.path } : {}),
        ...(call.query ? { query: call.query } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...svcgenInput,
      };
      return method.call(client, input);
    };
  }) satisfies Factory,

  /** openapi-typescript types + openapi-fetch, given the fetch through createClient({ fetch }). */
  'openapi-fetch': (async (_api, base, fetch, document) => {
    const client = createOpenApiFetch({ baseUrl: base, fetch: (request: Request) => fetch(request) });
    return async (op, call) => {
      const { method, path } = locate(document, op);
      const init = {
        params: { path: call.path ?? {}, query: call.query ?? {} },
        ...(call.body !== undefined ? { body: call.body } : {}),
      };
      return (client as unknown as Record<string, (path: string, init: object) => Promise<unknown>>)[method]?.(
        path,
        init,
      );
    };
  }) satisfies Factory,

  /** @hey-api/openapi-ts sdk over its fetch client, created with createClient({ baseUrl, fetch }). */
  'hey-api': (async (api, base, fetch) => {
    const { createClient } = (await import(`./out/hey-api/${api}/client/index.ts`)) as {
      createClient: (config: object) => unknown;
    };
    const sdk = (await import(`./out/hey-api/${api}/sdk.gen.ts`)) as Module;
    const client = createClient({ baseUrl: base, fetch });
    return async (op, call) =>
      operation(
        sdk,
        op,
      )({
        client,
        ...(call.path ? { path: call.path } : {}),
        ...(call.query ? { query: call.query } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
      });
  }) satisfies Factory,

  /** orval's fetch client; the mutator (hooks/orval-fetch.ts) calls the installed fetch. */
  orval: (async (api, _base, _fetch, document) => {
    const module = (await import(`./out/orval/${api}/client.ts`)) as Module;
    return async (op, call) => {
      const { path, hasBody } = locate(document, op);
      const args: unknown[] = pathParamNames(path).map((name) => call.path?.[name]);
      if (hasBody) args.push(call.body);
      args.push(call.query);
      return operation(module, op)(...args);
    };
  }) satisfies Factory,

  /** kubb's client functions (paramsType object); the custom client (hooks/kubb-fetch.ts) calls the installed fetch. */
  kubb: (async (api) => {
    return async (op, call) => {
      const module = (await import(`./out/kubb/${api}/clients/${op}.ts`)) as Module;
      return operation(module, op)(
        {
          ...call.path,
          ...(call.query ? { params: call.query } : {}),
          ...(call.body !== undefined ? { data: call.body } : {}),
        },
        {},
      );
    };
  }) satisfies Factory,
};
