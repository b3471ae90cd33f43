// Limits a service's Fastify server should run with: without them, sockets that send nothing stay
// open for ever, slow-header sockets live 40 s, and one client holding every connection locks the rest out.
// Spread them into Fastify(...) and apply the connection limits to the server it creates, before it listens:
//   const app = Fastify({ ...recommendedServerOptions, logger: { ...redactingLoggerFor(credentialNames(apiMeta)) } });
//   applyRecommendedServerLimits(app.server);
import type { Server } from 'node:http';
import { isIPv4, isIPv6, type Socket } from 'node:net';

/** Fastify options; each can be overridden by spreading your own after them. */
export const recommendedServerOptions = {
  /**
   * A socket with no traffic for 10 s is closed (idle keep-alive sockets and ones that never send). It counts
   * silence both ways: a handler that runs longer without sending anything loses its connection too (the
   * client sees a reset while the handler still finishes), so raise it for services with such routes.
   */
  connectionTimeout: 10_000,
  /** An idle keep-alive socket is closed after 5 s (below common load balancers' 60 s). */
  keepAliveTimeout: 5_000,
  /** A request must arrive whole within 30 s. */
  requestTimeout: 30_000,
  /** A socket serves at most 1,000 requests, so long-lived clients are spread over time. */
  maxRequestsPerSocket: 1_000,
} as const;

/** Limits of Node's http server that Fastify's options do not cover. */
export const recommendedHttpServerLimits = {
  /** The request headers must arrive within 10 s (slow-header clients are cut off). */
  headersTimeout: 10_000,
  /**
   * How often Node looks for sockets past headersTimeout and requestTimeout. Its default, 30 s, let a socket
   * sending a header line every 3 s live 40 s; every 0.5 s, the timeouts hold to half a second.
   */
  connectionsCheckingInterval: 500,
  /**
   * Open sockets kept at most; beyond, new ones are closed at once. Keep it below the process's hard
   * file limit (`ulimit -Hn`: Node raises its soft limit to it at start) less the files the service needs;
   * under a lower limit it has no effect, and the connection timeout alone sheds idle sockets.
   */
  maxConnections: 4_096,
  /**
   * Open sockets from one client address (an IPv6 client: one /64) at most; beyond, new ones from it are
   * closed at once, so one client cannot take every connection. Behind a proxy every socket comes from the
   * proxy's address: there, set it to maxConnections (or 0, no cap) and let the proxy cap its clients.
   */
  maxConnectionsPerAddress: 256,
  /**
   * How long a closing connection keeps reading (and discarding) what its client still sends, after the response
   * went out with a FIN (Apache's lingering close). A body refused unread (a 413 by its declared length) is
   * still arriving: closing at once resets the connection, and a proxy in front loses the response it had not yet
   * read, so its client sees the connection closed with no response. 0 closes at once.
   */
  closeLingerMs: 2_000,
} as const;

export type HttpServerLimits = { -readonly [K in keyof typeof recommendedHttpServerLimits]?: number };

/** Sets the limits on Node's server; call it once, before the server listens (the checking interval starts then). */
export function applyRecommendedServerLimits(server: Server, limits: HttpServerLimits = {}): void {
  const chosen = { ...recommendedHttpServerLimits, ...definedOnly(limits) };
  server.headersTimeout = chosen.headersTimeout;
  // Node reads it when the server starts listening; @types/node declares it only as a createServer option.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    chosen.connectionsCheckingInterval;
  server.maxConnections = chosen.maxConnections;
  if (chosen.maxConnectionsPerAddress > 0) capConnectionsPerAddress(server, chosen.maxConnectionsPerAddress);
  if (chosen.closeLingerMs > 0) lingerOnClose(server, chosen.closeLingerMs);
}

function definedOnly(limits: HttpServerLimits): HttpServerLimits {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}

/** Closes at once each socket that would give one client address more than `cap` open sockets. */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= cap) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/**
 * Node ends a connection it will not keep (a response with `connection: close`) through `socket.destroySoon()`,
 * which destroys the socket once the response is written, unread bytes and all. Instead: half-close, keep
 * discarding what arrives, and destroy when the client closes its side or `lingerMs` has passed.
 */
export function lingerOnClose(server: Server, lingerMs: number): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = function lingeringClose(this: Socket) {
      const destroy = () => this.destroy();
      if (this.writable) this.end();
      if (this.readableEnded) return void (this.writableFinished ? destroy() : this.once('finish', destroy));
      const timer = setTimeout(destroy, lingerMs).unref();
      this.once('close', () => clearTimeout(timer));
      this.once('end', () => (this.writableFinished ? destroy() : this.once('finish', destroy)));
      this.resume();
    };
  });
}

/**
 * What one client is: its IPv4 address (also when it arrives IPv4-mapped), or the /64 of its IPv6 address,
 * since one IPv6 host is handed a whole /64 and could spread its sockets over it.
 */
export function clientKey(address: string | undefined): string {
  if (address === undefined) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  const bare = address.split('%')[0] as string;
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // A trailing dotted IPv4 part fills two groups.
  const rightGroups = right.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
