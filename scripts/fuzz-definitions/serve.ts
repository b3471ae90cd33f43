// Serves a mutant's generated server plugins in-process (port 0, loopback) with stub handlers that
// return sample values, and sends each route a request built from samples: none may answer 5xx.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { handlerResultShape, mainResponse } from '../../src/emitters/server/handler-types.js';
import { handlerHeaders } from '../../src/ir/responses.js';
import type { AuthSchemeIr, Ir, ModuleIr, RouteIr } from '../../src/ir/types.js';
import { sampleText, sampleValue, type Records } from './samples.js';

const ACCESS_KEY = 'fuzz-access-key';

/** Undefined when every request was answered below 500; otherwise what went wrong. */
export async function serveAndProbe(outDir: string, ir: Ir): Promise<string | undefined> {
  const interfaces = ir.modules.filter((module) => module.interface !== undefined);
  if (interfaces.length === 0) return undefined;
  const app = Fastify({ logger: false });
  const internalErrors: string[] = [];
  for (const module of interfaces) {
    const server = (await import(pathToFileURL(join(outDir, module.name, 'server.ts')).href)) as Record<
      string,
      unknown
    >;
    const pluginName = Object.keys(server).find(
      (name) => name.endsWith('Plugin') && typeof server[name] === 'function',
    );
    if (!pluginName) return `${module.name}/server.ts exports no plugin`;
    const plugin = (server[pluginName] as (options: unknown) => Parameters<typeof app.register>[0])({
      handlers: stubHandlers(module, ir.records),
      auth: Object.fromEntries(module.auth.map((scheme) => [scheme.name, authOptions(scheme)])),
      onInternalError: (error: unknown) => internalErrors.push((error as Error).stack ?? String(error)),
    });
    await app.register(plugin);
  }
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    return `the server does not start: ${(error as Error).message}`;
  }
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    for (const module of interfaces) {
      for (const route of module.routes) {
        for (const request of requestsFor(module, route, ir.records)) {
          const response = await fetch(base + request.url, {
            method: route.method,
            headers: request.headers,
            ...(request.body === undefined ? {} : { body: request.body }),
          });
          const text = await response.text();
          if (response.status >= 500)
            return `${route.method} ${request.url} (${module.name}.${route.name}) answered ${response.status}: ${text.slice(0, 300)} ${internalErrors.join('\n').slice(0, 1500)}`;
        }
      }
    }
  } finally {
    await app.close();
  }
  return undefined;
}

function stubHandlers(module: ModuleIr, records: Records): Record<string, () => Promise<unknown>> {
  return Object.fromEntries(module.routes.map((route) => [route.name, async () => stubResult(module, route, records)]));
}

/**
 * A sample of what the generated handler type asks for: the body, or a ListResult where it is counted; where the
 * route's answers declare headers of their own, `{ body, headers }` with its required headers filled.
 */
function stubResult(module: ModuleIr, route: RouteIr, records: Records): unknown {
  const response = mainResponse(route);
  const value = response?.body ? sampleValue(response.body, records) : undefined;
  const body =
    handlerResultShape(module, route).counted && Array.isArray(value) ? { items: value, total: value.length } : value;
  if (!route.responses.some((answer) => handlerHeaders(answer).length > 0)) return body;
  const required = response ? handlerHeaders(response).filter((header) => header.required) : [];
  const headers = Object.fromEntries(required.map((header) => [header.name, sampleValue(header.type, records)]));
  return body === undefined ? { headers } : { body, headers };
}

function authOptions(scheme: AuthSchemeIr): unknown {
  switch (scheme.type) {
    case 'oauth2':
      return { verifyPassword: () => false, verifyClient: () => false };
    case 'apiKey':
      return {
        verifyApiKey: (key: string) => (key === ACCESS_KEY ? { subject: 'fuzz' } : undefined),
        createSession: () => ({}),
      };
    case 'bearer':
      return scheme.jwt ? { key: new Uint8Array(32) } : { verifyToken: () => undefined };
    case 'basic':
      return { verifyCredentials: () => undefined };
    case 'digest':
      return { lookupPassword: () => undefined };
  }
}

interface ProbeRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** A bare request, and one filled with samples (path parameters, required query and headers, the body). */
function requestsFor(module: ModuleIr, route: RouteIr, records: Records): ProbeRequest[] {
  const path = route.servedPaths.at(-1) ?? route.fullPath;
  const filledPath = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = route.pathParams.find((candidate) => candidate.name === name);
    return encodeURIComponent(param ? sampleText(param.type, records) : 'x');
  });
  const query = new URLSearchParams();
  for (const param of route.query) {
    if (param.required && param.type.kind !== 'record' && param.type.kind !== 'map')
      query.append(param.name, sampleText(param.type, records));
  }
  const headers: Record<string, string> = {};
  for (const header of route.headers) if (header.required) headers[header.name] = sampleText(header.type, records);
  const scheme = module.auth.find((candidate) => candidate.name === route.auth);
  if (scheme?.type === 'apiKey' && scheme.in === 'header') headers[scheme.keyName] = ACCESS_KEY;
  if (scheme?.type === 'apiKey' && scheme.in === 'cookie') headers['cookie'] = `${scheme.keyName}=${ACCESS_KEY}`;
  if (scheme?.type === 'apiKey' && scheme.in === 'query') query.append(scheme.keyName, ACCESS_KEY);
  let body: string | undefined;
  // fetch cannot send a GET body; GET bodies are a rarity the seed tests cover.
  if (route.body && route.method !== 'GET') {
    const value = sampleValue(route.body, records);
    if (route.bodyFormats.includes('json')) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, String(item)] as [string, string]),
      ).toString();
    }
  }
  const search = query.size > 0 ? `?${query}` : '';
  return [
    { url: route.fullPath.replace(/\{[^}]+\}/g, '1'), headers: {}, body: undefined },
    { url: filledPath + search, headers, body },
  ];
}
