// Redirects, followed by the client itself rather than by fetch: only within the service's origin
// (credentials, tokens and bodies never go anywhere else), at most MAX_REDIRECTS in a row, and the
// method and body kept only where HTTP keeps them (307, 308); 301, 302 and 303 continue as a GET.
import { RedirectError } from './client-errors.js';
import type { IncomingResponse, OutgoingRequest } from './client-transport.js';

export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The part of a request a redirect may change; headers are made per hop (Digest signs the URI). */
export type Hop = Pick<OutgoingRequest, 'method' | 'url' | 'body'>;

/**
 * Sends `first` with `sendHop`, then each same-origin redirect target in turn, and returns the first
 * response that is not a redirect. A redirect elsewhere is a RedirectError and nothing is sent there.
 */
export async function followRedirects(
  interfaceName: string,
  first: Hop,
  sendHop: (hop: Hop) => Promise<IncomingResponse>,
): Promise<IncomingResponse> {
  const origin = new URL(first.url).origin;
  let hop = first;
  for (let redirects = 0; ; redirects += 1) {
    const response = await sendHop(hop);
    // A browser's fetch hides a redirect (status 0); an injected fetch may have followed one already.
    if (response.status === 0 || response.redirected)
      throw new RedirectError({
        interfaceName,
        status: response.status,
        reason: 'hidden',
      });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    const target = redirectTarget(response.header('location'), hop.url);
    if (target === undefined)
      throw new RedirectError({
        interfaceName,
        status: response.status,
        reason: 'bad-location',
      });
    if (target.origin !== origin)
      throw new RedirectError({
        interfaceName,
        status: response.status,
        reason: 'cross-origin',
        targetOrigin: target.origin,
      });
    if (redirects >= MAX_REDIRECTS)
      throw new RedirectError({
        interfaceName,
        status: response.status,
        reason: 'too-many',
      });
    const keepsMethod = response.status === 307 || response.status === 308;
    hop = keepsMethod ? { ...hop, url: target.href } : { method: 'GET', url: target.href, body: undefined };
  }
}

function redirectTarget(location: string | undefined, base: string): URL | undefined {
  if (location === undefined || location === '') return undefined;
  try {
    const target = new URL(location, base);
    target.hash = '';
    return target;
  } catch {
    return undefined;
  }
}
