// @hey-api/openapi-ts: the fetch client, an SDK of one function per operation, and zod schemas per interface.
import { defineConfig } from '@hey-api/openapi-ts';
import { DOCUMENTS } from './interfaces.mjs';

export default defineConfig(
  Object.entries(DOCUMENTS).map(([name, input]) => ({
    input,
    output: `out/hey-api/${name}`,
    plugins: ['@hey-api/client-fetch', '@hey-api/sdk', 'zod'],
    logs: { level: 'warn' },
  })),
);
