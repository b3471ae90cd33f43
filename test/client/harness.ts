// A fetch for the client tests that records what it sends (the service itself: startService in ../server/helpers.ts).

/** A fetch that counts what it sends, by "METHOD path". */
export function countingFetch(): { fetch: typeof fetch; sent: string[]; statuses: number[] } {
  const sent: string[] = [];
  const statuses: number[] = [];
  const counting = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  }) as typeof fetch;
  return { fetch: counting, sent, statuses };
}
