// Idempotency keys on the server: a route that declares an idempotency key header responds to a repeat
// of a key (same caller, same route) with the stored first response instead of running its handler
// again, so a client may retry a POST whose response it never got. Responses are kept for a window
// (default 24 hours); a 5xx, 408 or 429 is not kept (a retry is meant to run again). A repeat while the
// first is still running is a 409; a key sent again with another request (query or body) is the
// interface's validation error (the IETF idempotency-key draft's 422). The store is behind an interface,
// so several instances can share one (idempotency-store-postgres.ts, idempotency-store-redis.ts).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.js';
import { noteMemoryStoreWrite } from './store-locality.js';

/** The response kept for a key: what the first request was sent. */
export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * What claiming a key finds: nobody had it (run the request), it is running, or its response; with the
 * fingerprint of the request that claimed it.
 */
export type KeyClaim =
  | { readonly state: 'new' }
  | { readonly state: 'running'; readonly fingerprint: string }
  | { readonly state: 'completed'; readonly fingerprint: string; readonly response: StoredResponse };

export interface IdempotencyStore {
  /**
   * In one atomic step: marks an unknown (or expired) key running until `runningUntil` for the request with
   * this fingerprint, else says what the key is.
   */
  claim(key: string, fingerprint: string, runningUntil: number): Promise<KeyClaim>;
  /**
   * Keeps the key's response until `keepUntil`, if the key is still running under the claim made with `claimedUntil`
   * (its `runningUntil`): a claim that ran out and was taken over by another request is that request's.
   */
  complete(key: string, response: StoredResponse, keepUntil: number, claimedUntil?: number): Promise<void>;
  /** Forgets a key still running under the claim made with `claimedUntil` (a retry should run again). */
  release(key: string, claimedUntil?: number): Promise<void>;
}

export interface IdempotencyOptions {
  readonly store?: IdempotencyStore | undefined;
  /** Milliseconds a response is kept for repeats of its key (default 24 hours). */
  readonly windowMs?: number | undefined;
  /** Milliseconds a key stays claimed by a request that never responds (default 60 seconds). */
  readonly runningMs?: number | undefined;
  readonly now?: (() => number) | undefined;
}

export const DEFAULT_IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type Entry = { readonly claim: KeyClaim; readonly expiresAt: number };

/** The size of the map at which a claim first sweeps out expired keys. */
const FIRST_SWEEP = 10_000;

/** A single-process store: keys in a map, expired ones dropped as they are met and when the map grows. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  /**
   * The size at which the next claim sweeps: twice what the last sweep left. A sweep at every claim past 10,000 live
   * keys made each claim read every key, so that a caller sending new keys slowed every request (10,000 more claims
   * took 26 s at 20,000 keys); doubling keeps the sweeps' cost to a constant share per claim.
   */
  #sweepAt = FIRST_SWEEP;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async claim(key: string, fingerprint: string, runningUntil: number): Promise<KeyClaim> {
    const entry = this.#live(key);
    if (entry !== undefined) return entry.claim;
    noteMemoryStoreWrite('MemoryIdempotencyStore', 'the responses to idempotency keys');
    if (this.#entries.size >= this.#sweepAt) {
      this.#sweep();
      this.#sweepAt = Math.max(FIRST_SWEEP, this.#entries.size * 2);
    }
    this.#entries.set(key, { claim: { state: 'running', fingerprint }, expiresAt: runningUntil });
    return { state: 'new' };
  }

  async complete(key: string, response: StoredResponse, keepUntil: number, claimedUntil?: number): Promise<void> {
    const entry = this.#entries.get(key);
    if (entry === undefined || !isClaimedBy(entry, claimedUntil)) return;
    const claim = { state: 'completed' as const, fingerprint: entry.claim.fingerprint, response };
    this.#entries.set(key, { claim, expiresAt: keepUntil });
  }

  async release(key: string, claimedUntil?: number): Promise<void> {
    const entry = this.#entries.get(key);
    if (entry !== undefined && isClaimedBy(entry, claimedUntil)) this.#entries.delete(key);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.expiresAt <= this.#now()) this.#entries.delete(key);
    return entry !== undefined && entry.expiresAt > this.#now() ? entry : undefined;
  }

  #sweep(): void {
    // Deleting the entry being visited is safe while iterating a Map.
    for (const key of this.#entries.keys()) this.#live(key);
  }
}

/** Whether the entry is a running claim, made with `claimedUntil` when that is given. */
function isClaimedBy(
  entry: Entry,
  claimedUntil: number | undefined,
): entry is Entry & { readonly claim: { readonly state: 'running' } } {
  return entry.claim.state === 'running' && (claimedUntil === undefined || entry.expiresAt === claimedUntil);
}

/** Whether a response is kept for repeats: not one that asks the client to try again. */
export function keepsResponse(status: number): boolean {
  return status < 500 && status !== 408 && status !== 429;
}

/** The headers of a response worth replaying: its content type and Location. */
export function replayedHeaders(headers: Readonly<Record<string, unknown>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['content-type', 'location']) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}

/** The settings a plugin runs keyed routes with: its options over the defaults. */
export interface IdempotencySettings {
  readonly store: IdempotencyStore;
  readonly windowMs: number;
  readonly runningMs: number;
  readonly now: () => number;
}

export function idempotencySettings(options: IdempotencyOptions = {}): IdempotencySettings {
  const now = options.now ?? Date.now;
  return {
    store: options.store ?? new MemoryIdempotencyStore(now),
    windowMs: options.windowMs ?? DEFAULT_IDEMPOTENCY_WINDOW_MS,
    runningMs: options.runningMs ?? 60_000,
    now,
  };
}

function sha256(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/**
 * What tells two requests with one key apart: the query and the parsed body; a body that is no JSON value
 * (a stream of an upload) by its type and length.
 */
function fingerprintOf(request: FastifyRequest): string {
  try {
    return sha256([request.query ?? null, request.body ?? null]);
  } catch {
    return sha256([request.query ?? null, request.headers['content-type'], request.headers['content-length']]);
  }
}

type Run = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A keyed route's handler and onSend hook: a request with a key the caller used before on this route is
 * sent the kept response; the first one runs, and its response is kept as it is sent.
 */
export function keyedRoute(
  settings: IdempotencySettings,
  scope: { readonly interfaceName: string; readonly route: string; readonly header: string },
  callerOf: (request: FastifyRequest) => string,
  run: Run,
): { handler: Run; onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown> } {
  // The key a request claimed, and the runningUntil of its claim, which names the claim to the store.
  const claimed = new WeakMap<FastifyRequest, { readonly key: string; readonly until: number }>();
  const handler: Run = async (request, reply) => {
    const value = request.headers[scope.header];
    if (typeof value !== 'string' || value === '') return run(request, reply);
    // Keys are the caller's own: another caller's repeat of a key is another request. Stores keep the
    // hash, so they hold no principal's name.
    const key = sha256([scope.interfaceName, scope.route, callerOf(request), value]);
    const fingerprint = fingerprintOf(request);
    const until = settings.now() + settings.runningMs;
    const claim = await settings.store.claim(key, fingerprint, until);
    if (claim.state !== 'new' && claim.fingerprint !== fingerprint)
      throw new ApiError('validation', {
        detail: `This ${scope.header} was sent before with another request; a new request needs a new key.`,
        violations: [{ pointer: '', parameter: scope.header, message: 'was used for another request' }],
      });
    if (claim.state === 'running')
      throw new ApiError('conflict', {
        detail: `A request with this ${scope.header} is still running; repeat it once that one has completed.`,
      });
    if (claim.state === 'completed') {
      const { status, headers, body } = claim.response;
      return reply.code(status).headers(headers).send(Buffer.from(body, 'utf8'));
    }
    claimed.set(request, { key, until });
    return run(request, reply);
  };
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = claimed.get(request);
    if (claim === undefined) return payload;
    claimed.delete(request);
    // The handler has run: its response goes out even when the store cannot keep it (a store gone meanwhile). A 503
    // in its place would ask the client to repeat what was done; the key stays claimed until runningMs instead.
    try {
      if (!keepsResponse(reply.statusCode)) await settings.store.release(claim.key, claim.until);
      else {
        const body =
          payload === null || payload === undefined
            ? ''
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : String(payload);
        const response = { status: reply.statusCode, headers: replayedHeaders(reply.getHeaders()), body };
        await settings.store.complete(claim.key, response, settings.now() + settings.windowMs, claim.until);
      }
    } catch (error) {
      request.log.error({ err: error }, `the response to an ${scope.header} could not be kept`);
    }
    return payload;
  };
  return { handler, onSend };
}
