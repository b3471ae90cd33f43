// orval's documented mutator hook: every generated function calls this with the path and RequestInit.
// The harness installs the fetch (Digest, bearer token, recording) and the base URL per interface. orval
// leaves reading the answer to the mutator too: it reads a file answer as a Blob.
import { hookFetch } from './hook-fetch.js';

export async function orvalFetch<T>(url: string, init: RequestInit): Promise<T> {
  const response = await hookFetch()(url, init);
  return { data: await dataOf(response), status: response.status, headers: response.headers } as T;
}

/** JSON parsed, text as text, anything else (getPhoto's image/png) as the Blob orval's types promise. */
async function dataOf(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !/^application\/([\w.-]+\+)?json/.test(type))
    return type.startsWith('text/') ? response.text() : response.blob();
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}
