// The differential half of the API fuzzer: serves one generated API in-process (port 0, loopback)
// with handlers that return random valid records, and calls every route through the generated
// client and through openapi-fetch driven by the emitted OpenAPI document. It judges: no 5xx,
// every answer conforms to the document (ajv, test/openapi/conformance.ts), values round-trip
// equal both ways (what a client sent is what the handler got; what the handler returned is what
// the client got), and no undeclared member reaches the wire. It also provokes the statuses the
// runtime sends on its own (refused bodies, a full disk) and judges that each is among the
// operation's responses, as the document describes it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import Fastify from 'fastify';
import createClient, { serializeArrayParam, serializeObjectParam, serializePrimitiveParam } from 'openapi-fetch';
import { handlerResultShape, mainResponse } from '../../src/emitters/server/handler-types.js';
import { DEFAULT_ERRORS } from '../../src/runtime/core/error-bodies.js';
import type { Ir, ModuleIr, ParameterIr, RouteIr, TypeIr } from '../../src/ir/types.js';
import { OpenApiConformance } from '../../test/openapi/conformance.js';
import { kindOf } from './auth.js';
import { driveMedia, isMediaRoute, mediaHandler, type MediaState } from './media.js';
import {
  fieldsOf,
  RESERVED_KEY,
  reservedKeyAt,
  UNDECLARED,
  valueOf,
  type Place,
  type Records,
  type ValueOptions,
} from './values.js';

export interface DriveOptions {
  readonly seed: number;
  /** Calls per route and client. */
  readonly calls: number;
}

// Generated modules, documents and answers of APIs drawn at run time: no static type describes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Seen {
  input: Json | undefined;
}

/** Undefined when every check passed; otherwise the first finding. */
export async function driveApi(outDir: string, ir: Ir, options: DriveOptions): Promise<string | undefined> {
  const modules = ir.modules.filter((module) => module.interface !== undefined);
  for (const module of modules) {
    const problem = await driveModule(outDir, ir, module, options);
    if (problem) return `${module.name}: ${problem}`;
  }
  return undefined;
}

async function driveModule(
  outDir: string,
  ir: Ir,
  module: ModuleIr,
  options: DriveOptions,
): Promise<string | undefined> {
  const records: Records = ir.records;
  const dir = join(outDir, module.name);
  const load = async (file: string) => (await import(pathToFileURL(join(dir, file)).href)) as Json;
  const server = await load('server.ts');
  const clientModule = await load('client.ts');
  const document = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8')) as Json;
  const conformance = new OpenApiConformance(module.name, document);
  const pluginName = Object.keys(server).find((name) => name.endsWith('Plugin'));
  const clientName = Object.keys(clientModule).find((name) => name.endsWith('Client') && name !== 'ApiClientError');
  if (!pluginName || !clientName) return 'no plugin or client class exported';

  const seen: Seen = { input: undefined };
  const results = new Map<string, unknown>();
  const media: MediaState = { got: undefined, answer: undefined };
  /** Routes whose handler finds the disk full, and the 5xx status an exchange is expected to get. */
  const diskFull = new Set<string>();
  let provoking: number | undefined;
  const internalErrors: string[] = [];
  const app = Fastify({ logger: false });
  await app.register(
    server[pluginName]({
      handlers: Object.fromEntries(
        module.routes.map((route) => [
          route.name,
          isMediaRoute(route)
            ? mediaHandler(route, media)
            : async (input: Json) => {
                seen.input = input;
                if (diskFull.has(route.name)) throw Object.assign(new Error('disk full'), { storageFull: true });
                return results.get(route.name);
              },
        ]),
      ),
      auth: Object.fromEntries(module.auth.map((scheme) => [scheme.name, kindOf(scheme)?.serverOptions()])),
      onInternalError: (error: unknown) => internalErrors.push((error as Error).stack ?? String(error)),
    }),
  );
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const exchanges: string[] = [];
  const recording =
    (inner: typeof fetch): typeof fetch =>
    async (input, init) => {
      // Read before sending: a Request's body can be used once.
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = new URL(input instanceof Request ? input.url : String(input));
      const response = await inner(input, init);
      const text = await response.clone().text();
      const head = (name: string) => response.headers.get(name) ?? undefined;
      const found: string[] = [];
      if (response.status >= 500 && response.status !== provoking)
        found.push(`answered ${response.status}: ${text.slice(0, 400)} ${internalErrors.join('\n').slice(0, 1500)}`);
      found.push(
        ...conformance.violations({
          method,
          path: url.pathname + url.search,
          status: response.status,
          header: head,
          text: judgedText(head('content-type'), text),
        }),
      );
      if (text.includes(UNDECLARED)) found.push(`an undeclared member is on the wire: ${text.slice(0, 300)}`);
      if (found.length > 0)
        exchanges.push(`${method} ${url.pathname}${url.search.slice(0, 300)}\n    ${found.join('\n    ')}`);
      return response;
    };
  try {
    const client = new clientModule[clientName]({
      baseUrl: origin,
      auth: Object.fromEntries(
        await Promise.all(module.auth.map(async (scheme) => [scheme.name, await kindOf(scheme)?.clientCredentials()])),
      ),
      fetch: recording(fetch),
      validateResponses: true,
    });
    const basePath = module.interface?.basePath ?? '';
    const thirdParty = await Promise.all(
      module.auth.map(
        async (scheme) =>
          [scheme.name, await kindOf(scheme)!.thirdParty(scheme, origin + basePath, join(outDir, 'runtime'))] as const,
      ),
    );
    const thirdPartyAuth = new Map(thirdParty);
    let call = 0;
    for (const route of module.routes) {
      for (let round = 0; round < options.calls; round += 1) {
        call += 1;
        const draw = <T>(arbitrary: fc.Arbitrary<T>): T =>
          fc.sample(arbitrary, { seed: options.seed * 7919 + call * 104_729 + exchanges.length, numRuns: 1 })[0] as T;
        if (isMediaRoute(route)) {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const raw = createClient<any>({ baseUrl: origin, fetch: recording(fetch) });
          let problem: string | undefined;
          try {
            problem = await driveMedia({
              route,
              records,
              state: media,
              client,
              raw,
              origin,
              send: recording(fetch),
              draw,
              validationStatus: validationStatus(module),
            });
          } catch (error) {
            problem = `failed: ${describe(error)}`;
          }
          if (problem || exchanges.length > 0) return `${route.name}: ${problem ?? ''}\n${exchanges.join('\n')}`;
          continue;
        }
        const input = draw(inputArbitrary(route, records));
        /** The same call through openapi-fetch, or what went wrong. */
        const thirdPartyCall = async (input: Json): Promise<{ response: Response; error?: unknown } | string> => {
          const auth = route.auth ? thirdPartyAuth.get(route.auth) : undefined;
          // openapi-fetch typed by the drawn document's paths would need its types at compile time.
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const raw = createClient<any>({
            baseUrl: origin,
            fetch: recording(auth?.wrapFetch ? auth.wrapFetch(fetch) : fetch),
          });
          const operation = document['paths'][route.fullPath]?.[route.method.toLowerCase()] as Json | undefined;
          if (!operation) return `${route.name}: the document has no operation ${route.method} ${route.fullPath}`;
          const request = thirdPartyRequest(operation, input, auth?.headers ?? {});
          try {
            return await raw.request(route.method.toLowerCase() as 'get', route.fullPath, request);
          } catch (error) {
            return `${route.name} through openapi-fetch threw: ${describe(error)}\n  input: ${show(input)}`;
          }
        };
        /**
         * A path value the client refused must be one it cannot send: a whole "." or ".." segment, or one the server
         * reads otherwise, which openapi-fetch (that sends anything) proves: its request reaches the handler with
         * another value, or is refused as that other value does not validate; never a 5xx.
         */
        const judgeRefusal = async (refusal: PathRefusal, input: Json): Promise<string | undefined> => {
          const params = (input['params'] ?? {}) as Json;
          const segment = filledSegment(route.fullPath, refusal.subject, params);
          if (refusal.reason === 'dot-segment')
            return segment === '.' || segment === '..' ? undefined : `the segment "${segment}" is no dot segment`;
          const answer = await thirdPartyCall(input);
          if (typeof answer === 'string') return answer;
          if (answer.response.status >= 400) return undefined;
          const read = (seen.input?.['params'] ?? {}) as Json;
          return String(read[refusal.subject]) === String(params[refusal.subject])
            ? `openapi-fetch sent it and the handler read it whole (${show(read)})`
            : undefined;
        };
        const result = relateIds(route, records, draw(resultArbitrary(module, route, records, true)));
        results.set(route.name, result);

        seen.input = undefined;
        const reserved = reservedKeyAt(input);
        if (reserved !== undefined) {
          const problem =
            (await expectRefusal(route, reserved, () => client[route.name](input))) ??
            (seen.input === undefined ? undefined : `${route.name}: the handler got a request with ${RESERVED_KEY}`);
          if (problem) return `${problem}\n  input: ${show(input)}\n${exchanges.join('\n')}`;
          continue;
        }
        let got: unknown;
        try {
          got = await client[route.name](input);
        } catch (error) {
          const refusal = pathRefusal(error);
          if (refusal === undefined)
            return `${route.name} through the generated client failed: ${describe(error)}\n  input: ${show(input)}\n  handler returned: ${show(result)}\n${exchanges.join('\n')}`;
          const problem = seen.input !== undefined ? 'the handler was called' : await judgeRefusal(refusal, input);
          if (problem || exchanges.length > 0)
            return `${route.name}: the client refused ${refusal.reason} "${refusal.subject}": ${problem ?? ''}\n  input: ${show(input)}\n${exchanges.join('\n')}`;
          continue;
        }
        const problem =
          exchanges.length > 0
            ? exchanges.join('\n')
            : (compareInput(route, records, input, seen.input) ??
              compareResult(module, route, records, result, got, input));
        if (problem)
          return `${route.name} through the generated client: ${problem}\n  input: ${show(input)}\n  handler returned: ${show(result)}\n  client got: ${show(got)}`;

        seen.input = undefined;
        const answer = await thirdPartyCall(input);
        if (typeof answer === 'string') return answer;
        if (answer.response.status >= 400)
          return `${route.name} through openapi-fetch answered ${answer.response.status}: ${show(answer.error)}\n  input: ${show(input)}\n${exchanges.join('\n')}`;
        const thirdProblem =
          exchanges.length > 0 ? exchanges.join('\n') : compareInput(route, records, input, seen.input);
        if (thirdProblem) return `${route.name} through openapi-fetch: ${thirdProblem}\n  input: ${show(input)}`;
      }
      // A media route's refusals are its own (scripts/fuzz-apis/media.ts); its handler reads no disk.
      if (isMediaRoute(route)) continue;
      // What the runtime answers on its own, each judged by the document like any answer.
      const auth = route.auth ? thirdPartyAuth.get(route.auth) : undefined;
      const send = recording(auth?.wrapFetch ? auth.wrapFetch(fetch) : fetch);
      // fetch cannot send a GET body; test/openapi/runtime-statuses.test.ts sends those.
      const refusals = route.method === 'GET' ? [] : refusedBodies(route);
      const url = origin + route.fullPath.replace(/\{[^}]+\}/g, '1');
      for (const { status, type, body, what } of refusals) {
        const response = await send(url, {
          method: route.method,
          headers: { ...auth?.headers, 'content-type': type },
          body,
        });
        await response.body?.cancel();
        if (response.status !== status || exchanges.length > 0)
          return `${route.name}: ${what} answered ${response.status}, not ${status}\n${exchanges.join('\n')}`;
      }
      diskFull.add(route.name);
      provoking = 503;
      try {
        // A well-formed request: a __proto__ member would be refused (400) before the disk is reached, and a path
        // value the client cannot send (judged above) is not sent; the first of a few draws that is sent counts.
        for (const input of fc.sample(inputArbitrary(route, records, false), {
          seed: options.seed + call,
          numRuns: 10,
        })) {
          // fast-check's dictionaries draw __proto__ members of their own, hostile keys or not.
          if (reservedKeyAt(input) !== undefined) continue;
          try {
            await client[route.name](input);
            break;
          } catch (error) {
            if (pathRefusal(error) !== undefined) continue;
            if ((error as { status?: number }).status !== 503)
              return `${route.name} with the disk full: ${describe(error)}\n${exchanges.join('\n')}`;
            break;
          }
        }
      } finally {
        diskFull.delete(route.name);
        provoking = undefined;
      }
      if (exchanges.length > 0) return `${route.name} with the disk full:\n${exchanges.join('\n')}`;
    }
  } finally {
    await app.close();
  }
  return undefined;
}

/** The status a refused body gets: the module's validation entry's, or the runtime's default one. */
function validationStatus(module: ModuleIr): number {
  return module.errors.find((error) => error.kind === 'validation')?.status ?? DEFAULT_ERRORS.validation.status;
}

function describe(error: unknown): string {
  const value = error as { name?: string; message?: string; status?: number; body?: unknown };
  return `${value.name ?? 'Error'} ${value.status ?? ''} ${value.message ?? String(error)} ${value.body === undefined ? '' : show(value.body)}`.slice(
    0,
    1500,
  );
}

/**
 * Bodies every route refuses before its handler runs: the status, and what the body is. A route that reads only
 * forms refuses JSON with 415 before its size counts, so its 2 MiB body is a form and it gets no JSON text.
 */
function refusedBodies(route: RouteIr) {
  const formOnly = route.bodyFormats.length > 0 && !route.bodyFormats.includes('json');
  const refused = [{ status: 415, type: 'text/plain', body: 'x', what: 'a text/plain body' }];
  if (formOnly)
    refused.push({
      status: 413,
      type: 'application/x-www-form-urlencoded',
      body: `x=${'x'.repeat(2 ** 21)}`,
      what: 'a 2 MiB body',
    });
  else
    refused.push(
      { status: 413, type: 'application/json', body: JSON.stringify({ x: 'x'.repeat(2 ** 21) }), what: 'a 2 MiB body' },
      { status: 400, type: 'application/json', body: '{"x":', what: 'a body that is not JSON' },
    );
  return refused;
}

/** A file or an event stream is described as a string (format binary, or the stream's text): judged as one. */
export function judgedText(contentType: string | undefined, text: string): string {
  return /json/.test(contentType ?? 'json') ? text : JSON.stringify(text);
}

export function show(value: unknown): string {
  return (JSON.stringify(value) ?? 'undefined').slice(0, 1200);
}

function paramsArbitrary(
  params: readonly ParameterIr[],
  records: Records,
  place: Place,
  hostileKeys = true,
): fc.Arbitrary<Json> {
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const param of params) {
    const value = valueOf(param.type, {
      records,
      place: place === 'query' && param.style === 'deepObject' ? 'bracket' : place,
      extras: false,
      hostileKeys: hostileKeys && place === 'query',
    });
    // An empty list or record is no bytes at all in a query: a required one cannot be sent empty.
    const sendable = param.required && place === 'query' ? value.filter((item) => !isEmpty(item)) : value;
    members[place === 'header' ? param.name.toLowerCase() : param.name] = sendable;
    if (param.required && param.default === undefined)
      required.push(place === 'header' ? param.name.toLowerCase() : param.name);
  }
  return fc.record(members, { requiredKeys: required, noNullPrototype: true });
}

interface PathRefusal {
  readonly reason: 'dot-segment' | 'misread-parameter';
  readonly subject: string;
}

/** The generated client's refusal of a path value it cannot send (RequestNotSentError), if that is what `error` is. */
function pathRefusal(error: unknown): PathRefusal | undefined {
  const refused = error as { name?: string; reason?: string; subject?: string };
  if (refused.name !== 'RequestNotSentError' || refused.subject === undefined) return undefined;
  return refused.reason === 'dot-segment' || refused.reason === 'misread-parameter'
    ? { reason: refused.reason, subject: refused.subject }
    : undefined;
}

/** The segment of `template` that holds placeholder `name`, each placeholder replaced by its value's text. */
function filledSegment(template: string, name: string, params: Json): string {
  const segment = template.split('/').find((part) => part.includes(`{${name}}`)) ?? '';
  return segment.replace(/\{(\w+)\}/g, (_, placeholder: string) => String(params[placeholder]));
}

function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** The generated client's input for one call of `route`. */
/**
 * A member named __proto__ is refused with a 400 that names it (docs/server.md, "Hostile request values"), never
 * dropped: the generated client's call must fail so (the caller checks that the handler was not reached).
 */
async function expectRefusal(route: RouteIr, at: string, send: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await send();
  } catch (error) {
    // A path value the client cannot send is refused first, as no request is made (judged on the calls without one).
    if (pathRefusal(error) !== undefined) return undefined;
    const text = describe(error);
    return text.includes('400') && text.includes(RESERVED_KEY)
      ? undefined
      : `${route.name}: a ${RESERVED_KEY} member at ${at} was refused otherwise: ${text}`;
  }
  return `${route.name}: a ${RESERVED_KEY} member at ${at} was accepted`;
}

/** `hostileKeys`: now and then a __proto__ member, which the server must refuse (see expectRefusal). */
function inputArbitrary(route: RouteIr, records: Records, hostileKeys = true): fc.Arbitrary<Json> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  if (route.pathParams.length > 0) parts['params'] = paramsArbitrary(route.pathParams, records, 'path');
  if (route.query.length > 0) parts['query'] = paramsArbitrary(route.query, records, 'query', hostileKeys);
  if (route.headers.length > 0) parts['headers'] = paramsArbitrary(route.headers, records, 'header');
  // A cookie carries any text: the client percent-encodes what is not a cookie-octet. A list of one
  // empty text is written like the empty list (recent=), which is how it is read (docs/definitions.md).
  if (route.cookies.length > 0)
    parts['cookies'] = paramsArbitrary(route.cookies, records, 'json').filter(
      (cookies) =>
        !Object.values(cookies).some((value) => Array.isArray(value) && value.length === 1 && value[0] === ''),
    );
  if (route.body)
    parts['body'] = valueOf(route.body, {
      records,
      place: route.bodyFormats.includes('json') ? 'json' : 'form',
      extras: false,
      hostileKeys,
    });
  return fc.record(parts, { noNullPrototype: true });
}

function resultArbitrary(module: ModuleIr, route: RouteIr, records: Records, extras: boolean): fc.Arbitrary<unknown> {
  const body = mainResponse(route)?.body;
  if (!body) return fc.constant(undefined);
  const value = valueOf(body, { records, place: 'json', extras, relations: true } satisfies ValueOptions);
  if (!handlerResultShape(module, route).counted) return value;
  return fc
    .tuple(value, fc.nat({ max: 1000 }))
    .map(([items, more]) => ({ items, total: (items as unknown[]).length + more }));
}

/** What openapi-fetch is given: parameters as the document says they are written, the body in its first media type. */
function thirdPartyRequest(operation: Json, input: Json, authHeaders: Record<string, string>): Json {
  const parameters = (operation['parameters'] ?? []) as Json[];
  const query = (input['query'] ?? {}) as Json;
  const inQuery = parameters.filter((parameter) => parameter['in'] === 'query');
  const querySerializer = () =>
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => {
        const parameter = inQuery.find((candidate) => candidate['name'] === name);
        if (parameter) return queryText(parameter, value);
        // A deepObject list of records is documented entry by entry: name[0][member], name[1][member], ….
        return inQuery.some((candidate) => String(candidate['name']).startsWith(`${name}[`))
          ? bracketed(name, value)
          : '';
      })
      .filter((part) => part !== '')
      .join('&');
  const headers: Record<string, string> = { ...authHeaders };
  for (const [name, value] of Object.entries((input['headers'] ?? {}) as Json))
    headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  const cookies = cookieText(parameters, (input['cookies'] ?? {}) as Json);
  if (cookies !== '') headers['cookie'] = [cookies, authHeaders['cookie']].filter(Boolean).join('; ');
  const request: Json = { params: { path: input['params'] ?? {}, query }, querySerializer, headers };
  const content = operation['requestBody']?.['content'] as Json | undefined;
  if (input['body'] !== undefined && content) {
    if (content['application/json']) request['body'] = input['body'];
    else {
      request['body'] = input['body'];
      request['bodySerializer'] = (body: Json) =>
        new URLSearchParams(
          Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
        ).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
  }
  return request;
}

/**
 * The Cookie header for the document's `in: cookie` parameters (openapi-fetch sends none itself):
 * style form, a list joined by "," where explode is false, values percent-encoded as RFC 6570 does.
 */
function cookieText(parameters: readonly Json[], cookies: Json): string {
  return parameters
    .filter((parameter) => parameter['in'] === 'cookie' && cookies[parameter['name']] !== undefined)
    .map((parameter) => {
      const value = cookies[parameter['name']] as unknown;
      const text = (item: unknown) => encodeURIComponent(String(item));
      if (Array.isArray(value) && parameter['explode'] !== false) throw new Error('an exploded cookie list');
      return `${parameter['name']}=${Array.isArray(value) ? value.map(text).join(',') : text(value)}`;
    })
    .join('; ');
}

/** One query parameter as its OpenAPI description says, with openapi-fetch's serializers. */
function queryText(parameter: Json, value: unknown): string {
  const name = parameter['name'] as string;
  const json =
    parameter['content']?.['application/json'] ?? parameter['schema']?.['contentMediaType'] === 'application/json';
  if (json) return `${encodeURIComponent(name)}=${encodeURIComponent(JSON.stringify(value))}`;
  const style = (parameter['style'] ?? 'form') as 'form' | 'deepObject';
  const explode = (parameter['explode'] ?? style === 'form') as boolean;
  if (Array.isArray(value)) {
    // OpenAPI leaves deepObject arrays undefined; svcgen documents them as name[0][member]=….
    if (style === 'deepObject') return value.map((item, index) => bracketed(`${name}[${index}]`, item)).join('&');
    return serializeArrayParam(name, value.map(String), { style, explode });
  }
  if (typeof value === 'object' && value !== null) {
    if (style === 'deepObject') return bracketed(name, value);
    return serializeObjectParam(name, value as Record<string, unknown>, { style, explode });
  }
  return serializePrimitiveParam(name, String(value));
}

function bracketed(prefix: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item, index) => bracketed(`${prefix}[${index}]`, item)).join('&');
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, item]) => bracketed(`${prefix}[${key}]`, item))
      .filter((part) => part !== '')
      .join('&');
  }
  return `${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`;
}

interface Member {
  readonly name: string;
  readonly type: TypeIr;
  readonly default: unknown;
  /** Whether the value travels as text (a parameter not in style json): its JSON kind is not kept. */
  readonly text?: boolean;
}

/** What the handler got equals what the client sent, members with defaults filled in. */
function compareInput(route: RouteIr, records: Records, sent: Json, got: Json | undefined): string | undefined {
  if (got === undefined) return 'the handler was not called';
  const parts: [string, readonly ParameterIr[]][] = [
    ['params', route.pathParams],
    ['query', route.query],
    ['headers', route.headers],
    ['cookies', route.cookies],
  ];
  for (const [part, params] of parts) {
    if (params.length === 0) continue;
    const members = params.map((param) => ({
      name: part === 'headers' ? param.name.toLowerCase() : param.name,
      type: param.type,
      default: param.default,
      text: param.style !== 'json',
    }));
    // An empty list or record written as form or deepObject in a query is no bytes at all: it arrives
    // as absent. A cookie's empty list is its name with no value (recent=), read as the empty list.
    const given = Object.fromEntries(
      Object.entries((sent[part] ?? {}) as Json).filter(
        ([name, value]) =>
          part === 'cookies' || !(isEmpty(value) && params.find((param) => param.name === name)?.style !== 'json'),
      ),
    );
    const problem = membersAgree(members, given, (got[part] ?? {}) as Json, records, `${part}`, {
      apiAlias: undefined,
      ignoreUnknown: part === 'headers',
    });
    if (problem) return `the handler got other ${part}: ${problem}; got ${show(got[part])}`;
  }
  if (route.body && sent['body'] !== undefined) {
    const problem = agree(route.body, sent['body'], got['body'], records, 'body');
    if (problem) return `the handler got another body: ${problem}; got ${show(got['body'])}`;
  }
  return undefined;
}

/** What the generated client returned equals what the handler returned, undeclared members left out. */
function compareResult(
  module: ModuleIr,
  route: RouteIr,
  records: Records,
  returned: unknown,
  got: unknown,
  input: Json,
): string | undefined {
  const main = mainResponse(route);
  const body = main?.body;
  if (!body) return undefined;
  // A response selected by a query flag (`when`) is sent only when the call sets it; else the one without a body.
  if (main?.when !== undefined && (input['query'] as Json | undefined)?.[main.when] !== true)
    return got === undefined ? undefined : `an answer ${show(got)} although "${main.when}" did not select one`;
  if (handlerResultShape(module, route).counted) {
    const sent = returned as { items: unknown[]; total: number };
    const received = got as { items?: unknown; total?: unknown };
    if (received?.total !== sent.total) return `total ${show(received?.total)} instead of ${sent.total}`;
    return agree(body, expectedAnswer(module, route, sent.items, records), received.items, records, 'items');
  }
  return agree(body, expectedAnswer(module, route, returned, records), got, records, 'answer');
}

/** The answer's outermost records: the answer itself, or the items of a list answer. */
function outermost(type: TypeIr, value: unknown): [Extract<TypeIr, { kind: 'record' }>, Json][] {
  const isRecord = (item: unknown): item is Json => typeof item === 'object' && item !== null && !Array.isArray(item);
  if (type.kind === 'record') return isRecord(value) ? [[type, value]] : [];
  if (type.kind === 'list' && type.items.kind === 'record' && Array.isArray(value)) {
    const items = type.items;
    return value.filter(isRecord).map((item) => [items, item]);
  }
  return [];
}

/** The relation fields of `record` with their values, embedded records listed one by one. */
function relationsOf(record: Json, type: Extract<TypeIr, { kind: 'record' }>, records: Records) {
  return fieldsOf(type, records)
    .filter((field) => field.relation !== undefined)
    .map((field) => {
      const value = record[field.name] as unknown;
      const embedded = (Array.isArray(value) ? value : [value]).filter(
        (item): item is Json => typeof item === 'object' && item !== null,
      );
      return { field, relation: field.relation!, value, embedded };
    });
}

/**
 * Makes a handler result's related records what a data store would return: each related record has
 * an id of its own (json:api includes one record per type and id, and resolves identifiers through
 * the primary data too), and a to-one relation's foreign key names the embedded record, is null
 * beside null, and names no record of the answer where the relation was left out.
 */
function relateIds(route: RouteIr, records: Records, result: unknown): unknown {
  const body = mainResponse(route)?.body;
  if (!body) return result;
  let next = 0;
  // Drawn ids are hex text or integers within ±1e6; these are neither.
  const freshId = (record: string) => {
    next += 1;
    const id = records.get(record)?.fields.find((field) => field.name === 'id')?.type;
    return id?.kind === 'scalar' && id.scalar === 'string' ? next.toString(16).padStart(32, '0') : 2_000_000 + next;
  };
  const counted = typeof result === 'object' && result !== null && 'items' in result && 'total' in result;
  const value = counted ? (result as Json)['items'] : result;
  for (const [type, record] of outermost(body, value)) {
    for (const { relation, value: related, embedded } of relationsOf(record, type, records)) {
      for (const item of embedded) item['id'] = freshId(relation.record);
      if (!relation.foreignKey) continue;
      if (related === null) record[relation.foreignKey] = null;
      else if (embedded[0]) record[relation.foreignKey] = embedded[0]['id'];
      else if (related === undefined && record[relation.foreignKey] != null)
        record[relation.foreignKey] = freshId(relation.record);
    }
  }
  return result;
}

/**
 * What the generated client returns for a handler's answer. A json:api document carries related
 * records in `included`, whose own relationships name records by identifier only: the client
 * embeds them one level deep, so the relations of an embedded record are null (docs/definitions.md,
 * Relations). Plain JSON answers (and json:api answers without an envelope, which are plain)
 * carry the records as the handler returned them.
 */
function expectedAnswer(module: ModuleIr, route: RouteIr, returned: unknown, records: Records): unknown {
  const type = mainResponse(route)?.body;
  if (module.interface?.style !== 'jsonapi' || !mainResponse(route)?.envelope || !type) return returned;
  const expected = structuredClone(returned);
  for (const [recordType, record] of outermost(type, expected)) {
    for (const { field, relation, value, embedded } of relationsOf(record, recordType, records)) {
      // A to-one relation left out is identified through a foreign key that is null: as none.
      if (value === undefined && relation.foreignKey && record[relation.foreignKey] === null) record[field.name] = null;
      const target = records.get(relation.record);
      for (const item of embedded)
        for (const field of target?.fields ?? []) if (field.relation !== undefined) item[field.name] = null;
    }
  }
  return expected;
}

interface AgreeOptions {
  /** The apiAlias member the record carries on the wire, allowed in what was received. */
  readonly apiAlias: string | undefined;
  readonly ignoreUnknown: boolean;
  /** An open record's other members: each received as sent, of this type. */
  readonly other?: TypeIr | undefined;
  /** Whether the record travels as text (a deepObject query): see unionAgrees. */
  readonly text?: boolean;
}

/**
 * A tagged union's value agrees as the variant its discriminator names; an untagged one as any variant
 * (the reader tries them in order, so a value drawn for one variant may be read as an earlier one). As
 * text (a query, path, header or cookie) a scalar is read by the first variant that reads its text
 * (docs/definitions.md): the integer 12 sent to `string | integer` arrives as the string "12".
 */
function unionAgrees(
  type: Extract<TypeIr, { kind: 'union' }>,
  sent: unknown,
  got: unknown,
  records: Records,
  at: string,
  text: boolean,
): string | undefined {
  const tag = type.discriminator;
  if (tag) {
    const index = tag.values.indexOf(String((sent as Json)[tag.property]));
    const variant = type.variants[index];
    if (!variant) return `${at}: ${show(sent)} names no variant of ${tag.property}`;
    if ((got as Json | undefined)?.[tag.property] !== (sent as Json)[tag.property])
      return `${at}/${tag.property}: ${show((got as Json | undefined)?.[tag.property])} instead of ${show((sent as Json)[tag.property])}`;
    return agree(variant, sent, got, records, at);
  }
  const problems = type.variants.map((variant) => agree(variant, sent, got, records, at, text));
  if (problems.includes(undefined)) return undefined;
  const readAs = type.variants.find((variant) => jsonKind(variant) === typeof got);
  if (text && isScalar(sent) && isScalar(got) && String(got) === String(sent) && readAs) return undefined;
  return problems[0];
}

const isScalar = (value: unknown): value is string | number | boolean =>
  ['string', 'number', 'boolean'].includes(typeof value);

/** The JSON kind (as `typeof` names it) of a scalar or enum type's values; undefined for the others. */
function jsonKind(type: TypeIr): string | undefined {
  if (type.kind === 'enum') return 'string';
  if (type.kind !== 'scalar') return undefined;
  if (type.scalar === 'integer' || type.scalar === 'number') return 'number';
  return type.scalar === 'boolean' ? 'boolean' : 'string';
}

export function agree(
  type: TypeIr,
  sent: unknown,
  got: unknown,
  records: Records,
  at: string,
  text = false,
): string | undefined {
  if (sent === null || got === null) return sent === got ? undefined : `${at}: ${show(got)} instead of ${show(sent)}`;
  switch (type.kind) {
    case 'list': {
      if (!Array.isArray(sent) || !Array.isArray(got) || sent.length !== got.length)
        return `${at}: ${show(got)} instead of ${show(sent)}`;
      for (const [index, item] of sent.entries()) {
        const problem = agree(type.items, item, got[index], records, `${at}/${index}`, text);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'map': {
      if (typeof got !== 'object' || got === null) return `${at}: ${show(got)} instead of ${show(sent)}`;
      const keys = Object.keys(sent as Json);
      if (keys.sort().join() !== Object.keys(got).sort().join())
        return `${at}: keys ${show(Object.keys(got))} instead of ${show(keys)}`;
      for (const key of keys) {
        const problem = agree(type.values, (sent as Json)[key], (got as Json)[key], records, `${at}/${key}`, text);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'record': {
      if (typeof got !== 'object' || got === null || Array.isArray(got))
        return `${at}: ${show(got)} instead of a record`;
      const members = fieldsOf(type, records).map((field) => ({
        name: field.name,
        type: field.type,
        default: field.default,
      }));
      return membersAgree(members, sent as Json, got as Json, records, at, {
        apiAlias: records.get(type.record)?.apiAlias,
        ignoreUnknown: false,
        other: records.get(type.record)?.additionalFields,
        text,
      });
    }
    case 'union':
      return unionAgrees(type, sent, got, records, at, text);
    default:
      return JSON.stringify(sent) === JSON.stringify(got) ? undefined : `${at}: ${show(got)} instead of ${show(sent)}`;
  }
}

function membersAgree(
  members: readonly Member[],
  sent: Json,
  got: Json,
  records: Records,
  at: string,
  options: AgreeOptions,
): string | undefined {
  const declared = new Set(members.map((member) => member.name));
  for (const member of members) {
    const where = `${at}/${member.name}`;
    const has = Object.hasOwn(sent, member.name) && sent[member.name] !== undefined;
    const received = Object.hasOwn(got, member.name) ? got[member.name] : undefined;
    if (!has) {
      if (received !== undefined && JSON.stringify(received) !== JSON.stringify(member.default))
        return `${where}: ${show(received)} where nothing (or the default) was sent`;
      continue;
    }
    const problem = agree(member.type, sent[member.name], received, records, where, member.text ?? options.text);
    if (problem) return problem;
  }
  if (options.ignoreUnknown) return undefined;
  const other = options.other;
  if (other !== undefined) {
    const others = new Set([...Object.keys(sent), ...Object.keys(got)].filter((key) => !declared.has(key)));
    for (const key of others) {
      if (key === 'apiAlias' && options.apiAlias !== undefined && got[key] === options.apiAlias) continue;
      const problem = agree(other, sent[key], got[key], records, `${at}/${key}`, options.text);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const key of Object.keys(got)) {
    if (declared.has(key) || got[key] === undefined) continue;
    if (key === 'apiAlias' && options.apiAlias !== undefined && got[key] === options.apiAlias) continue;
    return `${at}: the undeclared member ${key} arrived`;
  }
  return undefined;
}
