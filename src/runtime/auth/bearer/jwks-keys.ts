// The signing keys published at a JWKS URL, for bearer-jwt.ts. Fetched with a time limit and a size cap
// (a JWKS is a few kilobytes; a 64 MB response must not be read whole), kept for 10 minutes, fetched again
// for a key id it lacks at most every 30 s, and, while the URL fails or hangs, not fetched again before a
// back-off ends (2 s, doubling to 60 s): requests meanwhile fail at once instead of each starting a fetch.
// The last good key set goes on serving through an outage. Whatever keeps the keys out of reach is a
// KeySourceFailure, the server's fault: a good token must never get a 401 for it.
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export const JWKS_LIMITS = {
  /** The largest JWKS response read; a larger one is a failure, and its reading stops there. */
  maxBytes: 1_048_576,
  /** A fetch (response and body) that takes longer fails. */
  timeoutMs: 5_000,
  /** Keys older than this are fetched again (and kept while that fails). */
  maxAgeMs: 600_000,
  /** A token naming a key id the set lacks triggers a fetch at most this often (keys rotate). */
  unknownKeyCooldownMs: 30_000,
  /** The wait after the first failed fetch, doubled after each further one up to maxBackoffMs. */
  firstBackoffMs: 2_000,
  maxBackoffMs: 60_000,
} as const;

/** The JWKS could not be had (refused, failing, hanging, too large, not a key set). */
export class KeySourceFailure extends Error {}

/** A jose key resolver for the keys published at `url`. */
export function remoteKeySet(url: URL): JWTVerifyGetKey {
  let keys: { resolve: JWTVerifyGetKey; fetchedAt: number } | undefined;
  let pending: Promise<void> | undefined;
  let failures = 0;
  let retryAt = 0;
  let lastFailure: unknown;

  const refresh = (): Promise<void> => {
    if (pending) return pending;
    if (Date.now() < retryAt) {
      const wait = Math.ceil((retryAt - Date.now()) / 1000);
      return Promise.reject(new KeySourceFailure(`${describe(lastFailure)}; next try in ${wait} s`));
    }
    pending = fetchKeySet(url)
      .then((resolve) => {
        keys = { resolve, fetchedAt: Date.now() };
        failures = 0;
      })
      .catch((error: unknown) => {
        lastFailure = error;
        retryAt = Date.now() + Math.min(JWKS_LIMITS.firstBackoffMs * 2 ** failures, JWKS_LIMITS.maxBackoffMs);
        failures++;
        throw new KeySourceFailure(describe(error), { cause: error });
      })
      .finally(() => (pending = undefined));
    return pending;
  };

  return async (header, token) => {
    if (keys === undefined) await refresh();
    else if (Date.now() - keys.fetchedAt > JWKS_LIMITS.maxAgeMs) await refresh().catch(() => undefined);
    const current = keys as NonNullable<typeof keys>;
    try {
      return await current.resolve(header, token);
    } catch (error) {
      // A key id the set lacks may be a new key: look again, unless the set was just fetched.
      if (
        !(error instanceof errors.JWKSNoMatchingKey) ||
        Date.now() - current.fetchedAt < JWKS_LIMITS.unknownKeyCooldownMs
      )
        throw error;
      await refresh();
      return (keys as NonNullable<typeof keys>).resolve(header, token);
    }
  };
}

function describe(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `the JWKS could not be had: ${reason}`;
}

/** GETs the key set: 200 only, at most maxBytes, within timeoutMs, JSON that is a key set. */
async function fetchKeySet(url: URL): Promise<JWTVerifyGetKey> {
  const signal = AbortSignal.timeout(JWKS_LIMITS.timeoutMs);
  const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/json' } });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`${url.href} responded ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > JWKS_LIMITS.maxBytes) {
    await response.body?.cancel();
    throw new Error(`${url.href} declared ${declared} bytes, more than ${JWKS_LIMITS.maxBytes}`);
  }
  const body = await readCapped(response, url);
  try {
    // jose throws JWKSInvalid for JSON that is not a key set.
    return createLocalJWKSet(JSON.parse(body) as JSONWebKeySet);
  } catch (error) {
    throw new Error(`${url.href} sent no JSON Web Key Set`, { cause: error });
  }
}

async function readCapped(response: Response, url: URL): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > JWKS_LIMITS.maxBytes) {
      await reader.cancel();
      throw new Error(`${url.href} sent more than ${JWKS_LIMITS.maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
