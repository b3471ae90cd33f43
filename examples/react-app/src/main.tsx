// The app's root: one client of the Admin API (OAuth client credentials of the demo service, given at
// build time), one QueryClient, and the products screen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApiClient } from './generated/admin-api/client.js';
import { AdminApiClientContext } from './generated/admin-api/react-query.js';
import { Products } from './products.js';

const client = new AdminApiClient({
  baseUrl: window.location.origin,
  auth: {
    oauth: {
      grant: 'client_credentials',
      clientId: import.meta.env.VITE_CLIENT_ID ?? '',
      clientSecret: import.meta.env.VITE_CLIENT_SECRET ?? '',
    },
  },
});
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AdminApiClientContext.Provider value={client}>
        <Products />
      </AdminApiClientContext.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
