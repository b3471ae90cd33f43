// The fetch each tool's hook calls: set by the harness before it drives an interface, so one generated
// client serves every run. A relative URL is resolved against the current base.
type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

let current: Fetch | undefined;

export function setHookFetch(fetch: Fetch): void {
  current = fetch;
}

export function hookFetch(): Fetch {
  if (current === undefined) throw new Error('ecosystem: no fetch installed for the hook');
  return current;
}
