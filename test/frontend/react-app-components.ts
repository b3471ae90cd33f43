// Issue 36 acceptance: the example app's products screen against the generated MSW handlers, with no
// service: the mock list renders its first page and loads the second, a create reads the list again,
// and an error a handler override throws shows as the typed error's message.
import { JSDOM } from 'jsdom';
import { setupServer } from 'msw/node';
import { createElement, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

type Loose = Record<string, any>;
const APP = `${ROOT}/examples/react-app`;
// Imported once the app's output is generated; a computed path keeps tsc from resolving it first.
const load = (path: string): Promise<Loose> => import(/* @vite-ignore */ `${APP}/src/${path}`);

/**
 * A document for React in this Node test: jsdom's window and document as globals, set before react-dom
 * and TanStack Query load (both look for a DOM once, when they load). Node's own URL and fetch stay,
 * so svcgen's helpers work and msw/node sees the calls.
 */
function installDocument(): void {
  const { window } = new JSDOM('<!doctype html><body></body>', { url: 'http://app.test/' });
  const globals = globalThis as Loose;
  globals['window'] = window;
  globals['document'] = window.document;
  doc = window.document;
  if (globals['navigator'] === undefined) globals['navigator'] = window.navigator;
}

const server = setupServer();
const listRequests: string[] = [];
let root: Root;
/** jsdom's document (the root tsconfig has no DOM library: the test reads it as plain data). */
let doc: Loose;
let mocks: Loose;
let errors: Loose;

async function setUp(): Promise<void> {
  installDocument();
  const { createRoot } = await import('react-dom/client');
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
  mocks = await load('generated/admin-api/msw.ts');
  errors = await load('generated/runtime/core/errors.ts');
  const { AdminApiClient } = await load('generated/admin-api/client.ts');
  const { AdminApiClientContext } = await load('generated/admin-api/react-query.ts');
  const { Products } = (await load('products.tsx')) as { Products: ComponentType };
  server.listen({ onUnhandledRequest: 'error' });
  server.use(...mocks['defaultHandlers']);
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/v3/product') listRequests.push(request.url);
  });
  const client = new AdminApiClient({
    baseUrl: 'http://mock.test',
    auth: { oauth: { grant: 'client_credentials', clientId: 'mock', clientSecret: 'mock' } },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = doc.body.appendChild(doc.createElement('div'));
  root = createRoot(container);
  const provided = createElement(AdminApiClientContext.Provider, { value: client }, createElement(Products));
  // Rendered as in a page (no act): the tests poll the document for what the screen shows.
  root.render(createElement(QueryClientProvider, { client: queryClient }, provided));
}

async function tearDown(): Promise<void> {
  root?.unmount();
  server.close();
}

const rows = () => doc.querySelectorAll('[data-testid="product"]').length;
const count = () => doc.querySelector('[data-testid="count"]')?.textContent ?? '';
const button = (name: string) =>
  ([...doc.querySelectorAll('button')] as Loose[]).find((candidate) => candidate.textContent === name);
const click = (name: string) => button(name)?.click();

describe('the products screen against the MSW handlers', () => {
  beforeAll(setUp, 120_000);
  afterAll(tearDown);

  it('renders the first page of the mock list', async () => {
    await expect.poll(rows).toBe(2);
    expect(count()).toBe('2 of 3 shown');
  });

  it('loads page two, the last', async () => {
    await click('Load more');
    await expect.poll(rows).toBe(3);
    expect(count()).toBe('3 of 3 shown');
    expect(button('Load more')).toBeUndefined();
  });

  it('reads the list again after a create', async () => {
    await expect.poll(() => button('Create')?.disabled).toBe(false);
    const before = listRequests.length;
    await click('Create');
    await expect.poll(() => listRequests.length).toBeGreaterThan(before);
  });

  it("shows the typed error of an override that throws, with the service's message", async () => {
    const violation = { pointer: '/taxId', message: 'expected 32 lowercase hex characters' };
    server.use(
      mocks['handlers'].createProduct(() => {
        throw new errors['Validation']([violation]);
      }),
    );
    await click('Create with a bad tax id');
    await expect.poll(() => doc.querySelector('[data-testid="error"]')?.textContent).toMatch(/^400: \S/);
  });
});
