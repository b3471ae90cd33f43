// Walks every route of an interface's generated MSW handlers (msw.ts), as test/frontend/msw-mocks.test.ts
// and the API fuzzer (scripts/fuzz-apis/mocks.ts) both do: each route asked plainly, with each of its
// response flags set, and for a second page where it pages by limit and page; served in process by
// msw's getResponse (no server, no patched fetch), so that each response can be judged by the OpenAPI document.
import { getResponse, type RequestHandler } from 'msw';
import type { ReceivedResponse } from '../server/helpers.js';

/** What the walk reads of a route's metadata (metadata.ts). */
export interface MockedRoute {
  readonly method: string;
  /** The path as the document names it, with {param} templates. */
  readonly path: string;
  readonly query: readonly string[];
  readonly responses: readonly { readonly when?: string }[];
}

export interface MockRequest {
  readonly method: string;
  /** The concrete path and query. */
  readonly target: string;
}

/** The origin the mocked requests go to: the handlers serve any origin. */
export const MOCK_ORIGIN = 'http://mock.test';

/** Every path parameter's value: 32 hex digits, as ids are written. */
const PARAM = 'a0000000000000000000000000000001';

/** The routes of a generated metadata.ts module (its export named …Routes). */
export function mockedRoutes(metadata: Readonly<Record<string, unknown>>): MockedRoute[] {
  const name = Object.keys(metadata).find((key) => key.endsWith('Routes'));
  if (name === undefined) throw new Error('metadata.ts exports no …Routes');
  return Object.values(metadata[name] as Record<string, MockedRoute>);
}

/** The requests that ask `route` each way it responds differently. */
export function mockRequests(route: MockedRoute): MockRequest[] {
  const path = route.path.replace(/\{[^}]+\}/g, PARAM);
  const flags = route.responses.flatMap((response) => (response.when ? [`?${response.when}=true`] : []));
  const paged = route.query.includes('limit') && route.query.includes('page') ? ['?limit=2&page=2'] : [];
  return ['', ...flags, ...paged].map((search) => ({ method: route.method, target: `${path}${search}` }));
}

/** The response of the first of `handlers` that takes the request (sent to `origin`), or undefined when none does. */
export async function askMock(
  handlers: readonly RequestHandler[],
  { method, target }: MockRequest,
  origin = MOCK_ORIGIN,
): Promise<ReceivedResponse | undefined> {
  const bodied = method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
  const request = new Request(`${origin}${target}`, {
    method,
    ...(bodied && { body: '{}', headers: { 'content-type': 'application/json' } }),
  });
  const response = await getResponse([...handlers], request);
  if (response === undefined) return undefined;
  const text = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text,
    json: parsed(text),
    header: (name) => response.headers.get(name) ?? undefined,
  };
}

/** The body as JSON, or undefined when it is empty or not JSON (the document's check names that). */
function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
