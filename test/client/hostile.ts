// A hostile service on loopback: each server responds as its test says and records everything it
// was sent, so a test can assert on what reached it. Two servers on 127.0.0.1 with different
// ports are two origins.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type Responder = (request: Received, response: ServerResponse) => void;

export interface HostileServer {
  readonly origin: string;
  /** Everything the server was sent, in order. */
  readonly received: Received[];
  /** How the next requests are responded to (a 404 until set). */
  respond: Responder;
  close(): Promise<void>;
}

export async function startHostile(): Promise<HostileServer> {
  const received: Received[] = [];
  const state: { respond: Responder } = { respond: (_request, response) => void response.writeHead(404).end() };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      state.respond(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    get respond() {
      return state.respond;
    },
    set respond(responder: Responder) {
      state.respond = responder;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Responds with a JSON body. */
export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Responds with a redirect to `location`. */
export function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location }).end();
}

/** Everything a server was sent, as one text, to search for a credential in. */
export function everything(server: HostileServer): string {
  return server.received
    .map((entry) => `${entry.method} ${entry.url}\n${JSON.stringify(entry.headers)}\n${entry.body}`)
    .join('\n');
}
