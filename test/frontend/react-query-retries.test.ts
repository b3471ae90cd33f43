// A read hook under a QueryClient with TanStack's defaults (as docs/clients.md shows it, no `retry: false`):
// a 404 is one request and shows at once, since the client already retries what may pass (a 503 here) and
// TanStack's own retries (three more, after 1, 2 and 4 s, each on top of the client's) are off unless asked for.
import { JSDOM } from 'jsdom';
import { setupServer } from 'msw/node';
import { createElement, type ReactElement } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

const server = setupServer();
const requests: string[] = [];
let fixture: GeneratedFixture;
let doc: Loose;
let root: Root;
let render: (element: ReactElement) => void;
let hooks: Loose;
let mocks: Loose;
let errors: Loose;

beforeAll(async () => {
  fixture = await generateFixture('library', undefined, 'emitters:\n  react-query: true\n  msw: true\n');
  // jsdom's document as globals before react-dom and TanStack Query load (both look for a DOM once).
  const { window } = new JSDOM('<!doctype html><body></body>', { url: 'http://app.test/' });
  const globals = globalThis as Loose;
  globals['window'] = window;
  globals['document'] = window.document;
  doc = window.document;
  if (globals['navigator'] === undefined) globals['navigator'] = window.navigator;
  const { createRoot } = await import('react-dom/client');
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
  hooks = await fixture.load('library-api/react-query.ts');
  mocks = await fixture.load('library-api/msw.ts');
  errors = await fixture.load('runtime/core/errors.ts');
  const { LibraryApiClient } = await fixture.load('library-api/client.ts');
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
  const client = new LibraryApiClient({
    baseUrl: 'http://mock.test',
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
  });
  root = createRoot(doc.body.appendChild(doc.createElement('div')));
  render = (element) => {
    const provided = createElement(hooks['LibraryApiClientContext'].Provider, { value: client }, element);
    root.render(createElement(QueryClientProvider, { client: new QueryClient() }, provided));
  };
}, 120_000);
afterAll(async () => {
  root?.unmount();
  server.close();
  await fixture?.remove();
});

function Book({ id }: { id: number }): ReactElement {
  const book = hooks['useGetBook']({ params: { id } });
  const text = book.error ? `error ${book.error.status}` : book.data ? `book ${book.data.id}` : 'loading';
  return createElement('p', { id: 'book' }, text);
}

const shown = () => doc.querySelector('#book')?.textContent;

describe('read hooks and retries', () => {
  it('show a 404 after one request: TanStack does not retry what the client gave up on', async () => {
    server.use(
      mocks['handlers'].getBook(() => {
        throw new errors['NotFound']({ params: { id: 5 } });
      }),
    );
    requests.length = 0;
    render(createElement(Book, { id: 5 }));
    await expect.poll(shown, { timeout: 900 }).toBe('error 404');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requests).toEqual(['/library/books/5']);
  });

  it('still get past a 503, through the retries of the client', async () => {
    let calls = 0;
    server.use(
      mocks['handlers'].getBook(() => {
        calls++;
        if (calls === 1) throw new errors['ApiError']('serviceUnavailable');
        return { id: 6, title: 'Six', genre: 'fiction' };
      }),
    );
    requests.length = 0;
    render(createElement(Book, { id: 6 }));
    await expect.poll(shown, { timeout: 900 }).toBe('book 6');
    expect(requests).toEqual(['/library/books/6', '/library/books/6']);
  });
});
