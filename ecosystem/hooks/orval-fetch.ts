// orval's documented mutator hook: every generated function calls this with the path and RequestInit.
// The harness installs the fetch (Digest, bearer token, recording) and the base URL per interface.
import { hookFetch } from './hook-fetch.js';

export async function orvalFetch<T>(url: string, init: RequestInit): Promise<T> {
  const response = await hookFetch()(url, init);
  const text = await response.text();
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  return { data, status: response.status, headers: response.headers } as T;
}
