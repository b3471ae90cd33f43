// kubb's documented hook: a custom client module (pluginClient importPath) that every generated function
// calls with { method, url, params, data, headers }. Query values are serialized the way kubb's own fetch
// client does (each value's String form), except deepObject parameters (see below).
import { hookFetch } from './hook-fetch.js';

export type RequestConfig<TData = unknown> = {
  baseURL?: string;
  url?: string;
  method?: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD';
  params?: unknown;
  data?: TData | FormData;
  responseType?: 'arraybuffer' | 'blob' | 'document' | 'json' | 'text' | 'stream';
  signal?: AbortSignal;
  headers?: [string, string][] | Record<string, string>;
};

export type ResponseConfig<TData = unknown> = { data: TData; status: number; statusText: string; headers: Headers };
export type ResponseErrorConfig<TError = unknown> = TError;
export type Client = <TResponseData, _TError = unknown, TRequestData = unknown>(
  config: RequestConfig<TRequestData>,
) => Promise<ResponseConfig<TResponseData>>;

export async function client<TResponseData, _TError = unknown, TRequestData = unknown>(
  config: RequestConfig<TRequestData>,
): Promise<ResponseConfig<TResponseData>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    // kubb leaves query serialization to the client; its bundled one sends String(value), "[object Object]"
    // for a deepObject parameter. This client writes a flat object the deepObject way: key[name]=value.
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, entry] of Object.entries(value))
        if (entry !== undefined) query.append(`${key}[${name}]`, String(entry));
    } else query.append(key, value === null ? 'null' : String(value));
  }
  const search = query.toString();
  const url = `${config.baseURL ?? ''}${config.url ?? ''}${search === '' ? '' : `?${search}`}`;
  const headers = new Headers(config.headers);
  // A multipart body comes as the FormData kubb built (buildFormData): sent as it is, fetch sets its boundary.
  // A file body (a Blob) is sent as it is too, under the media type kubb's function put in the headers.
  const raw = config.data instanceof FormData || config.data instanceof Blob ? config.data : undefined;
  if (config.data !== undefined && raw === undefined) headers.set('content-type', 'application/json');
  const body = raw ?? (config.data === undefined ? undefined : JSON.stringify(config.data));
  const response = await hookFetch()(url, {
    method: config.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
    ...(config.signal === undefined ? {} : { signal: config.signal }),
  });
  const data = (await dataOf(response, config.responseType)) as TResponseData;
  return { data, status: response.status, statusText: response.statusText, headers: response.headers };
}

/**
 * kubb generates no responseType for a file or an event-stream answer: the caller passes `blob` or `stream`
 * in the call's config, on success; anything else, error answers included, is read as JSON.
 */
async function dataOf(response: Response, responseType: RequestConfig['responseType']): Promise<unknown> {
  if (response.ok && responseType === 'stream') return response.body;
  if (response.ok && responseType === 'blob') return response.blob();
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

export default client;
