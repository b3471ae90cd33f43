// The one client behind every generated interface client: URL and query building, auth, GET
// bodies, timeouts, error bodies, decoding per interface style, optional response validation.
import { responseKeyFor, declaredResponse, keyOf } from '../core/response-status.js';
import type { z } from 'zod';
import { checkedMaxBytes, readLimited } from './response-limit.js';
import { envelopeProblem, parseJson, readJson } from './client-responses.js';
import type { ClientAuth, ClientAuthScheme } from '../auth/client-auth.js';
import { cookieHeader, joinCookies } from '../core/cookies.js';
import { asciiJson, unsendableHeaderText } from '../core/header-text.js';
import {
  errorFromBody,
  NetworkError,
  RequestNotSentError,
  ResponseValidationError,
  UnreadableResponseError,
  type RequestRefusal,
} from './client-errors.js';
import { followRedirects, type Hop } from './client-redirects.js';
import { retryPolicy, withIdempotencyKey, withRetries, type RetryOptions } from './client-retries.js';
import {
  DEFAULT_TIMEOUT_MS,
  callDeadline,
  send,
  untilAborted,
  type FetchLike,
  type GetBodyTransport,
  type IncomingResponse,
} from './client-transport.js';
import type { InterfaceMeta, ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import { readTolerantly } from '../core/tolerant-read.js';
import { respondsWithHeaders } from '../core/response-headers.js';
import { withHeaders, type ResponseWithHeaders } from './client-headers.js';
import { countedResult, wireStyle, type JsonApiDecoding } from '../wire/wire-styles.js';

export interface ClientOptions {
  /** scheme://host[:port] of the service, without a trailing slash. */
  readonly baseUrl: string;
  /**
   * Credentials per auth scheme, by scheme name, for the schemes this caller holds: a route of a scheme
   * without credentials fails with RequestNotSentError before anything is sent.
   */
  readonly auth?: object | undefined;
  /**
   * A fetch to use instead of the global one (GET bodies still go through undici in Node). It must
   * honour `redirect: 'manual'`: the client follows same-origin redirects itself and refuses others.
   */
  readonly fetch?: FetchLike | undefined;
  /** Check every response against the generated zod schemas (default false); envelopes are always checked. */
  readonly validateResponses?: boolean | undefined;
  /** Milliseconds before a call fails with TimeoutError (default 30 000; Infinity for none). */
  readonly timeoutMs?: number | undefined;
  /** How to send a GET body: "auto" (undici in Node, else the query form), or always the query form. */
  readonly getBody?: 'auto' | 'query' | undefined;
  /** The clock token expiry is judged by (milliseconds since the epoch); Date.now by default. */
  readonly now?: (() => number) | undefined;
  /** Retries of idempotent calls after a connection error, 408, 429, 502, 503 or 504; false turns them off. */
  readonly retry?: RetryOptions | false | undefined;
  /** The longest response read, in bytes (default 32 MiB; Infinity for none); longer is a ResponseTooLargeError. */
  readonly maxResponseBytes?: number | undefined;
}

export interface CallOptions {
  /** Aborts the call (it then rejects with the signal's reason); the timeout still applies. */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds for this call, instead of the client's timeoutMs. */
  readonly timeoutMs?: number | undefined;
  /** Extra request headers (e.g. accept: application/json for plain JSON). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** This call's retries, over the client's; false turns them off. */
  readonly retry?: RetryOptions | false | undefined;
}

/** A request body made outside the core (a file, a multipart form), sent as it is read. */
export interface StreamedRequestBody {
  readonly content: Blob | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | FormData | string;
  /** Content-Type; for FormData, fetch's own (with its boundary) when empty. */
  readonly contentType: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface CallInput {
  readonly params?: object;
  readonly query?: object;
  readonly headers?: object;
  readonly cookies?: object;
  readonly body?: unknown;
}

/** A page of a list, with the links and meta the service sent and a way to the next page. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly links: Readonly<Record<string, string>>;
  readonly meta: Readonly<Record<string, unknown>>;
  next(): Promise<Page<T> | undefined>;
  /**
   * Every item of this page and of the pages after it, each page fetched when the loop reaches it (with the
   * first call's options, its signal included); stops at `total` items or at the last page.
   */
  each(): AsyncGenerator<T, void, undefined>;
}

export interface ClientDefinition {
  readonly meta: InterfaceMeta;
  readonly routes: Readonly<Record<string, RouteMeta>>;
  readonly responseSchemas: Readonly<Record<string, Readonly<Record<number | string, z.ZodType>>>>;
  /**
   * The client side of each auth scheme, by scheme name: a generated client imports those its API
   * declares (client-auth, client-oauth, digest-client), so that an output holds no code of other schemes.
   */
  readonly authSchemes?: Readonly<Record<string, ClientAuthScheme>>;
  /** Reads json:api documents (decodeDocument of jsonapi-decode.ts); given by clients of json:api interfaces only. */
  readonly jsonApi?: JsonApiDecoding;
  /** Sends GET bodies (undiciGetBody of client-get-body.ts); given by clients of APIs with GET-body routes only. */
  readonly getBodyTransport?: GetBodyTransport;
}

export type { JsonApiDecoding } from '../wire/wire-styles.js';

export class ClientCore {
  readonly #definition: ClientDefinition;
  readonly #options: ClientOptions;
  readonly #auth = new Map<string, ClientAuth>();
  readonly #maxBytes: number;

  constructor(definition: ClientDefinition, options: ClientOptions) {
    this.#definition = definition;
    this.#options = {
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
    this.#maxBytes = checkedMaxBytes(options.maxResponseBytes);
    if (wireStyle(definition.meta).handedIn && !definition.jsonApi)
      throw new Error(`${definition.meta.name}: json:api decoding is missing`);
    for (const [name, scheme] of Object.entries(definition.meta.auth)) {
      const credentials = (options.auth as Record<string, unknown> | undefined)?.[name];
      if (credentials === undefined) continue;
      const kind = definition.authSchemes?.[name];
      if (kind === undefined)
        throw new Error(`${definition.meta.name}: the client side of auth scheme "${name}" is missing`);
      this.#auth.set(
        name,
        kind.create(scheme, credentials, {
          interfaceName: definition.meta.name,
          baseUrl: this.#options.baseUrl,
          fetch: options.fetch,
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          maxResponseBytes: this.#maxBytes,
          now: options.now,
        }),
      );
    }
  }

  /** The longest response this client reads (maxResponseBytes), and the longest event of a stream. */
  get maxResponseBytes(): number {
    return this.#maxBytes;
  }

  /** The interface's name, as errors name it. */
  get interfaceName(): string {
    return this.#definition.meta.name;
  }

  /** The auth helper of a scheme (e.g. to read the token manager of an OAuth scheme). */
  auth(scheme: string): ClientAuth | undefined {
    return this.#auth.get(scheme);
  }

  async call<T = unknown>(routeName: string, input: CallInput = {}, callOptions: CallOptions = {}): Promise<T> {
    const route = this.#route(routeName);
    const keyed = route.idempotencyKey !== undefined;
    const options = keyed ? withIdempotencyKey(route.idempotencyKey as string, callOptions) : callOptions;
    const auth = route.auth ? this.#auth.get(route.auth) : undefined;
    if (route.auth && !auth) throw this.#notSent(route, 'no-credentials', route.auth);
    const parts = this.#requestParts(route, input);
    const { path, body, query } = parts;
    const deadline = callDeadline(options.signal, options.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
      // An API key sent in the query goes after the route's own parameters.
      const search = [query, auth?.query ? new URLSearchParams(auth.query).toString() : ''].filter(Boolean).join('&');
      const first: Hop = {
        method: route.method,
        url: `${this.#options.baseUrl}${path}${search ? `?${search}` : ''}`,
        body,
      };
      const retries = {
        method: route.method,
        keyed,
        policy: retryPolicy(this.#options.retry, options.retry),
        signal: deadline.signal,
        remainingMs: deadline.remainingMs,
      };
      for (let attempt = 0; ; attempt += 1) {
        let sentAuth: Record<string, string> = {};
        const response = await withRetries(retries, () =>
          followRedirects(this.#definition.meta.name, first, async (hop) => {
            const target = new URL(hop.url);
            // Per hop: Digest signs the method and URI, and a token may have been renewed meanwhile.
            sentAuth = auth
              ? await untilAborted(auth.headers(hop.method, `${target.pathname}${target.search}`), deadline.signal)
              : {};
            return send(
              { ...hop, headers: this.#headers(route, parts, options, hop, sentAuth) },
              {
                fetch: this.#options.fetch,
                signal: deadline.signal,
                getBody: this.#definition.getBodyTransport,
                maxBytes: this.#maxBytes,
              },
            );
          }),
        );
        await auth?.afterResponse(response);
        const retry =
          response.status === 401 && auth && attempt === 0 && auth.retryAfterUnauthorized(response, sentAuth);
        if (!retry) return this.#decode(route, input, options, response, Object.values(sentAuth)) as T;
      }
    } finally {
      deadline.done();
    }
  }

  #headers(
    route: RouteMeta,
    parts: RequestParts,
    options: CallOptions,
    hop: Hop,
    auth: Record<string, string>,
  ): Record<string, string> {
    const contentType = sendsForm(route) ? 'application/x-www-form-urlencoded' : 'application/json';
    // One Cookie header: the route's cookies, the caller's own, and an API key that travels as a cookie.
    const cookie = joinCookies(parts.cookies, options.headers?.['cookie'], auth['cookie']);
    return {
      accept: wireStyle(this.#definition.meta).accept,
      ...parts.headers,
      ...(hop.body !== undefined ? { 'content-type': contentType } : {}),
      ...options.headers,
      ...auth,
      ...(cookie !== undefined && { cookie }),
    };
  }

  /**
   * Sends one request of a route whose body or response is streamed (files, multipart forms, event streams):
   * `body` goes out as it is read, and the response comes back unread. Never retried nor redirected, since a
   * streamed body cannot be sent twice. The timeout lasts until the response's head arrives; the caller's signal
   * aborts the body too. An error status is read and thrown as an ApiClientError.
   */
  async exchange(
    routeName: string,
    input: CallInput,
    options: CallOptions,
    { body, accept }: { body?: StreamedRequestBody | undefined; accept?: string | undefined },
  ): Promise<Response> {
    const route = this.#route(routeName);
    const auth = route.auth ? this.#auth.get(route.auth) : undefined;
    if (route.auth && !auth) throw this.#notSent(route, 'no-credentials', route.auth);
    const parts = this.#requestParts(route, { ...input, body: undefined });
    const { path, query } = parts;
    const search = [query, auth?.query ? new URLSearchParams(auth.query).toString() : ''].filter(Boolean).join('&');
    const url = `${this.#options.baseUrl}${path}${search ? `?${search}` : ''}`;
    const deadline = callDeadline(options.signal, options.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
      const target = new URL(url);
      const sentAuth = auth
        ? await untilAborted(auth.headers(route.method, `${target.pathname}${target.search}`), deadline.signal)
        : {};
      const headers = {
        ...this.#headers(route, parts, options, { method: route.method, url, body: undefined }, sentAuth),
        ...(body && body.contentType !== '' && { 'content-type': body.contentType }),
        ...body?.headers,
        ...(accept !== undefined && { accept }),
      };
      const fetcher = (this.#options.fetch ?? globalThis.fetch) as unknown as typeof globalThis.fetch;
      // The caller's own signal, not the deadline's: the body and the response outlive the timeout of the head.
      const signal = options.signal;
      const init: RequestInit & { duplex?: 'half' } = {
        method: route.method,
        headers,
        redirect: 'manual',
        ...(body && { body: body.content as NonNullable<RequestInit['body']>, duplex: 'half' }),
        ...(signal && { signal }),
      };
      const response = await untilAborted(fetcher(url, init), deadline.signal).catch((error: unknown) => {
        if (deadline.signal?.aborted) throw deadline.signal.reason;
        if ((error as { name?: string }).name === 'AbortError') throw error;
        throw new NetworkError(`${route.method} ${url} failed: ${(error as Error).message}`, { cause: error });
      });
      if (response.status >= 400) {
        const text = await untilAborted(response.text(), deadline.signal);
        throw errorFromBody(this.#definition.meta.name, response.status, parseJson(text), route.name);
      }
      return response;
    } finally {
      deadline.done();
    }
  }

  /** The zod schema of a route's response for this status (an event stream's: of one event), if it has one. */
  responseSchema(routeName: string, status: number): z.ZodType | undefined {
    const schemas = this.#definition.responseSchemas[routeName];
    const key = schemas && responseKeyFor(Object.keys(schemas), status);
    return key === undefined ? undefined : schemas?.[key];
  }

  /** Reads a response `exchange` gave as a JSON call's response is read (envelope, validation). */
  async decodeResponse(
    routeName: string,
    input: CallInput,
    options: CallOptions,
    response: Response,
  ): Promise<unknown> {
    const text = await readLimited(
      {
        status: response.status,
        length: response.headers.get('content-length'),
        body: response.body,
        text: () => response.text(),
      },
      this.#maxBytes,
    );
    const incoming: IncomingResponse = {
      status: response.status,
      header: (name) => response.headers.get(name) ?? undefined,
      text,
      redirected: false,
    };
    return this.#decode(this.#route(routeName), input, options, incoming, []);
  }

  /** A call's body, without the status and headers a route with declared headers resolves to beside it. */
  async #body<T>(routeName: string, input: CallInput, options: CallOptions): Promise<T> {
    const result = await this.call<T | ResponseWithHeaders>(routeName, input, options);
    return (respondsWithHeaders(this.#route(routeName)) ? (result as ResponseWithHeaders).body : result) as T;
  }

  /** Calls a list route and returns a page that can fetch the pages after it. */
  async page<T = unknown>(routeName: string, input: CallInput = {}, options: CallOptions = {}): Promise<Page<T>> {
    const result = await this.#body<{
      items: T[];
      total: number;
      links?: Record<string, string>;
      meta?: Record<string, unknown>;
    }>(routeName, input, options);
    const query = (input.query ?? {}) as Record<string, unknown>;
    const links = result.links ?? {};
    const page: Page<T> = {
      items: result.items,
      total: result.total,
      links,
      meta: result.meta ?? {},
      next: async () => {
        const nextLink = links['next'];
        if (nextLink === undefined) return undefined;
        const nextPage = Number(new URL(nextLink).searchParams.get('page'));
        return this.page<T>(routeName, { ...input, query: { ...query, page: nextPage } }, options);
      },
      each: () => eachItem(page),
    };
    return page;
  }

  /**
   * Every item of a list route sent with its total, page after page: the `page` parameter counts up from
   * the input's (else 1), or the `offset` one moves past the items fetched (from the input's, else 0). Each
   * page is fetched when the loop reaches it, with these options (their signal included); stops once `total`
   * items are behind, or at an empty page.
   */
  async *all<T = unknown>(
    routeName: string,
    input: CallInput,
    options: CallOptions | undefined,
    paging: 'page' | 'offset',
  ): AsyncGenerator<T, void, undefined> {
    const query = (input.query ?? {}) as Record<string, unknown>;
    let at = Number(query[paging] ?? (paging === 'page' ? 1 : 0));
    let seen = paging === 'page' ? 0 : at;
    for (;;) {
      const page = await this.#body<{ items: T[]; total: number }>(
        routeName,
        { ...input, query: { ...query, [paging]: at } },
        options ?? {},
      );
      // An empty page before `total` means the list shrank meanwhile: stop rather than ask forever.
      if (page.items.length === 0) return;
      yield* page.items;
      seen += page.items.length;
      if (seen >= page.total) return;
      at = paging === 'page' ? at + 1 : seen;
    }
  }

  #notSent(route: RouteMeta, reason: RequestRefusal, subject: string, detail?: string): RequestNotSentError {
    const interfaceName = this.#definition.meta.name;
    return new RequestNotSentError({ interfaceName, route: route.name, reason, subject, detail });
  }

  #route(name: string): RouteMeta {
    const route = this.#definition.routes[name];
    if (!route) throw new Error(`${this.#definition.meta.name}: unknown route ${name}`);
    return route;
  }

  #requestParts(route: RouteMeta, input: CallInput): RequestParts {
    const params = (input.params ?? {}) as Record<string, unknown>;
    const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const value = params[name];
      if (value === undefined || value === '') throw this.#notSent(route, 'missing-parameter', name);
      const segment = encodeURIComponent(route.pathStyles?.[name] === 'json' ? JSON.stringify(value) : String(value));
      // URL parsers (fetch's too) resolve "." and ".." segments, %2E forms included: nothing can carry them.
      if (segment === '.' || segment === '..') throw this.#notSent(route, 'dot-segment', name);
      return segment;
    });
    const query = { ...((input.query ?? {}) as Record<string, unknown>) };
    const styles: Record<string, 'deepObject' | 'json'> = {
      // api-alias interfaces take includes on every route, as JSON text where the route does not declare it.
      ...(wireStyle(this.#definition.meta).takesIncludes && { includes: 'json' }),
      ...route.queryStyles,
    };
    let body = input.body;
    const alternative = route.body?.queryAlternative;
    if (route.method === 'GET' && body !== undefined) {
      const useQuery = this.#options.getBody === 'query' || !this.#definition.getBodyTransport?.canSend();
      if (useQuery) {
        if (!alternative)
          throw new Error(`${route.name}: this runtime cannot send a GET body and the route has no query form`);
        const member = (body as Record<string, unknown>)[alternative.member];
        if (member !== undefined) {
          query[alternative.member] = member;
          styles[alternative.member] = alternative.style;
        }
        body = undefined;
      }
    }
    const headers = headerValues(input.headers, route.headerStyles ?? {});
    for (const [name, text] of Object.entries(headers)) {
      const problem = unsendableHeaderText(text);
      if (problem !== undefined) throw this.#notSent(route, 'unsendable-header', name, problem);
    }
    return {
      path,
      body: body === undefined ? undefined : sendsForm(route) ? formText(body) : JSON.stringify(body),
      query: encodeQuery(query, styles),
      headers,
      cookies: cookieHeader(input.cookies),
    };
  }

  /** The body; with the status and declared headers where the route's responses declare headers (client-headers.ts). */
  #decode(
    route: RouteMeta,
    input: CallInput,
    options: CallOptions,
    response: IncomingResponse,
    sentAuth: readonly string[],
  ): unknown {
    const body = this.#decodeBody(route, input, options, response, sentAuth);
    if (!respondsWithHeaders(route)) return body;
    const declared = declaredResponse(route.responses, response.status);
    const read = withHeaders(declared, response.status, body, (name) => response.header(name));
    if ('problem' in read) throw this.#unreadable(response, sentAuth, read.problem);
    return read;
  }

  #unreadable(response: IncomingResponse, sentAuth: readonly string[], problem: string): UnreadableResponseError {
    return new UnreadableResponseError({
      interfaceName: this.#definition.meta.name,
      status: response.status,
      problem,
      text: response.text,
      secrets: secretsOf(sentAuth),
    });
  }

  #decodeBody(
    route: RouteMeta,
    input: CallInput,
    options: CallOptions,
    response: IncomingResponse,
    sentAuth: readonly string[],
  ): unknown {
    const meta = this.#definition.meta;
    if (response.status >= 400) throw errorFromBody(meta.name, response.status, parseJson(response.text), route.name);
    const unreadable = (problem: string) => this.#unreadable(response, sentAuth, problem);
    if (response.status < 200 || response.status >= 300)
      throw unreadable(`${route.name} does not respond with this status`);
    const declared = declaredResponse(route.responses, response.status);
    if (declared && !declared.hasBody) return undefined;
    if (!declared && response.text === '') return undefined;
    const reading = readJson(response.text, response.header('content-type'));
    if (!reading.ok) throw unreadable(reading.problem);
    if (!declared) return reading.value;
    const plain = options.headers?.['accept']?.includes('application/json') ?? false;
    const problem = envelopeProblem(meta, declared, reading.value, plain);
    if (problem !== undefined) throw unreadable(problem);
    const decoded = this.#unwrap(declared, reading.value, plain);
    // Validation drops members the schemas do not declare (in place), so callers see only declared ones.
    if (this.#options.validateResponses && !hasIncludes(input)) this.#validate(route, declared, decoded);
    return decoded;
  }

  /** The records of a response whose envelope envelopeProblem accepted. */
  #unwrap(response: ResponseMeta, body: unknown, plain: boolean): unknown {
    const { meta, jsonApi: decode } = this.#definition;
    return wireStyle(meta).unwrap({ meta, response, body, plain, decode });
  }

  #validate(route: RouteMeta, response: ResponseMeta, decoded: unknown): void {
    const schema = this.#definition.responseSchemas[route.name]?.[keyOf(response)];
    if (!schema) return;
    // Only a response that promises a count is a page: a plain list sent as {items, total} is refused.
    const counted = countedResult(this.#definition.meta, response);
    const value =
      counted && typeof decoded === 'object' && decoded !== null ? (decoded as { items: unknown }).items : decoded;
    const reading = readTolerantly(schema, value);
    if (!reading.ok) throw new ResponseValidationError(route.name, reading.issues);
  }
}

/** A route whose body the server reads only as a form (bodyFormats without json) is sent as one. */
function sendsForm(route: RouteMeta): boolean {
  return route.body !== undefined && !route.body.formats.includes('json') && route.body.formats.includes('form');
}

/**
 * A form body's members (flat text, numbers and booleans: SVC217) as application/x-www-form-urlencoded. A null
 * member goes as name= (empty), which the server reads back as null; an absent one is left out.
 */
function formText(body: unknown): string {
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const text = (value: unknown) => (value === null ? '' : String(value));
  return new URLSearchParams(fields.map(([name, value]): [string, string] => [name, text(value)])).toString();
}

/** The credentials sent, as they may be echoed back: whole header values and their last word (a token). */
function secretsOf(values: readonly string[]): string[] {
  return values.flatMap((value) => [value, value.split(' ').at(-1) ?? value]);
}

function hasIncludes(input: CallInput): boolean {
  return typeof input.body === 'object' && input.body !== null && 'includes' in input.body;
}

/** What a call sends of its input: the path, the body's text, the query, header parameters and the Cookie text. */
interface RequestParts {
  readonly path: string;
  readonly body: string | undefined;
  readonly query: string;
  /** Each header parameter's text, checked to be text a header carries. */
  readonly headers: Record<string, string>;
  readonly cookies: string;
}

/** Header parameters as text: a list comma-separated (style simple), a json one as JSON text in ASCII. */
function headerValues(value: object | undefined, styles: Readonly<Record<string, 'json'>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value ?? {})
      .filter(([, entry]) => entry !== undefined)
      .map(([key, entry]) => [
        key,
        styles[key] === 'json' ? asciiJson(entry) : Array.isArray(entry) ? entry.join(',') : String(entry),
      ]),
  );
}

/** Query text: plain name=value pairs, bracket notation for deepObject, JSON text for json. */
export function encodeQuery(
  query: Readonly<Record<string, unknown>>,
  styles: Readonly<Record<string, 'deepObject' | 'json'>>,
): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) =>
    pairs.push(
      `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`,
    );
  const addDeep = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((item, index) => addDeep(`${prefix}[${index}]`, item));
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) addDeep(`${prefix}[${key}]`, item);
    else if (value !== undefined) add(prefix, value);
  };
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const style = styles[name];
    if (style === 'json') add(name, JSON.stringify(value));
    else if (style === 'deepObject') addDeep(name, value);
    else if (Array.isArray(value)) for (const item of value) add(name, item);
    // style form, explode true: an object's members are names of their own (from=1&to=2).
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) if (item !== undefined) add(key, item);
    } else add(name, value);
  }
  return pairs.join('&');
}

/** The items of `first` and of the pages after it, until `total` items or a page without a next one. */
async function* eachItem<T>(first: Page<T>): AsyncGenerator<T, void, undefined> {
  let seen = 0;
  for (let page: Page<T> | undefined = first; page; page = seen < first.total ? await page.next() : undefined) {
    // An empty page before `total` means the list shrank meanwhile: stop rather than ask forever.
    if (page.items.length === 0) return;
    for (const item of page.items) {
      yield item;
      seen += 1;
    }
  }
}
