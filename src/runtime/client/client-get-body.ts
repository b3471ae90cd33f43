// Sends a GET that carries a body, which fetch cannot do: through undici in Node. Only clients of APIs
// with GET-body routes import this module (as their core's getBodyTransport), so an output without
// such routes neither contains it nor needs undici installed.
import { readLimited } from './response-limit.js';
import type { GetBodyTransport, IncomingResponse, OutgoingRequest, ReadOptions } from './client-transport.js';

export const undiciGetBody: GetBodyTransport = {
  // undici needs Node; elsewhere (a browser) the core sends the route's query form instead.
  canSend: () => typeof process !== 'undefined' && typeof process.versions?.node === 'string',
  send: sendWithUndici,
};

async function sendWithUndici(request: OutgoingRequest, { signal, maxBytes }: ReadOptions): Promise<IncomingResponse> {
  // Loaded on first use, so that a browser bundle of the client never evaluates undici.
  const { request: undiciRequest } = await import('undici');
  // undici's request() follows no redirect: a 3xx comes back as it is, like fetch with redirect: 'manual'.
  const response = await undiciRequest(request.url, {
    method: 'GET',
    headers: { ...request.headers },
    body: request.body ?? null,
    ...(signal ? { signal } : {}),
  });
  const header = (name: string) => {
    const value = response.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const body = response.body;
  const text = await readLimited(
    { status: response.statusCode, length: header('content-length'), body, text: () => body.text() },
    maxBytes,
  );
  return {
    status: response.statusCode,
    header,
    text,
    redirected: false,
  };
}
