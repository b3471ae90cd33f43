// Builds the app; `vite preview` passes /api to the service (SVC_API_ORIGIN), so the app calls it on its own origin.
import { defineConfig } from 'vite';

const service = process.env['SVC_API_ORIGIN'] ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'error',
  oxc: { jsx: { runtime: 'automatic' } },
  preview: { proxy: { '/api': { target: service, changeOrigin: false } } },
});
