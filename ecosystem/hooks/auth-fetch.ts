// The one fetch every tool's hook is given: it resolves relative URLs against the service, answers HTTP
// Digest challenges (RFC 7616, through svcgen's runtime DigestClient), sends the bearer token the
// scenario obtained from the token endpoint, the Store API's access key and the session's context token,
// and records the final answer of each call for the transcript (its status, and its body when that is JSON
// or text).
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface Recorder {
  last: { status: number; body: unknown; sent: string } | undefined;
}

const ACCESS_KEY = 'SVCSCDEMOACCESSKEY000000001';

export function authFetch(api: string, base: string, recorder: Recorder, recordOnly: boolean): Fetch {
  const digest = new DigestClient({ username: 'api', password: 'api-demo-key' });
  let bearer: string | undefined;
  let contextToken: string | undefined;

  return async (input, init) => {
    const request = new Request(typeof input === 'string' && input.startsWith('/') ? `${base}${input}` : input, init);
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const headers = new Headers(request.headers);
    if (!recordOnly) {
      if (api === 'admin-api' && bearer !== undefined) headers.set('authorization', `Bearer ${bearer}`);
      if (api === 'store-api') {
        headers.set('svc-access-key', ACCESS_KEY);
        if (contextToken !== undefined) headers.set('svc-context-token', contextToken);
      }
    }
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    const useDigest = !recordOnly && (api === 'price-list-api' || api === 'banner-api');
    const send = (authorization: string | undefined): Promise<Response> => {
      if (authorization !== undefined) headers.set('authorization', authorization);
      return globalThis.fetch(request.url, {
        method: request.method,
        headers,
        redirect: 'manual',
        ...(body === undefined ? {} : { body }),
      });
    };
    let sentAuthorization = useDigest ? digest.authorization(request.method, target) : undefined;
    let response = await send(sentAuthorization);
    if (
      useDigest &&
      response.status === 401 &&
      digest.handleUnauthorized(response.headers.get('www-authenticate'), sentAuthorization !== undefined)
    ) {
      sentAuthorization = digest.authorization(request.method, target);
      response = await send(sentAuthorization);
    }
    // A file or an event stream is left to the client to read (the driver records what the client read):
    // reading a copy here would wait for the whole stream before the client saw a byte of it.
    const type = response.headers.get('content-type') ?? '';
    const text = /^(application\/([\w.-]+\+)?json|text\/(?!event-stream))|^$/.test(type)
      ? await response.clone().text()
      : '';
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const token = response.headers.get('svc-context-token');
    if (token !== null) contextToken = token;
    if (api === 'admin-api' && url.pathname.endsWith('/oauth/token') && response.ok)
      bearer = (parsed as { access_token?: string }).access_token;
    recorder.last = { status: response.status, body: parsed, sent: `${request.method} ${target}` };
    return response;
  };
}
