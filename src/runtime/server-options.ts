// Limits a service's Fastify server should run with: without them, sockets that send nothing stay
// open for ever, and about a thousand of them exhaust a 1,024 file limit so new clients go unanswered.
// Spread them into Fastify(...) and apply the connection cap to the server it creates:
//   const app = Fastify({ ...recommendedServerOptions, logger: { ...redactingLoggerFor(credentialNames(apiMeta)) } });
//   applyRecommendedServerLimits(app.server);
import type { Server } from 'node:http';

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
   * Open sockets kept at most; beyond, new ones are closed at once. Keep it below the process's hard
   * file limit (`ulimit -Hn`: Node raises its soft limit to it at start) less the files the service needs;
   * under a lower limit it has no effect, and the connection timeout alone sheds idle sockets.
   */
  maxConnections: 4_096,
} as const;

export function applyRecommendedServerLimits(
  server: Server,
  limits: { headersTimeout?: number; maxConnections?: number } = recommendedHttpServerLimits,
): void {
  server.headersTimeout = limits.headersTimeout ?? recommendedHttpServerLimits.headersTimeout;
  server.maxConnections = limits.maxConnections ?? recommendedHttpServerLimits.maxConnections;
}
