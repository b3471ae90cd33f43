// @hey-api/openapi-ts: the fetch client, an SDK of one function per operation, and zod schemas per interface.
import { defineConfig } from '@hey-api/openapi-ts';
import { INTERFACES } from './interfaces.mjs';

export default defineConfig(
  INTERFACES.map((name) => ({
    input: `../generated/${name}/openapi.json`,
    output: `out/hey-api/${name}`,
    plugins: ['@hey-api/client-fetch', '@hey-api/sdk', 'zod'],
    logs: { level: 'warn' },
  })),
);
