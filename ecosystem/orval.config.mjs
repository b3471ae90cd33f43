// orval: a fetch client (through the mutator hooks/orval-fetch.ts) and zod schemas per interface.
import { defineConfig } from 'orval';
import { DOCUMENTS } from './interfaces.mjs';

const entries = {};
for (const [name, target] of Object.entries(DOCUMENTS)) {
  const input = { target };
  entries[name] = {
    input,
    output: {
      target: `out/orval/${name}/client.ts`,
      client: 'fetch',
      mode: 'single',
      override: { mutator: { path: './hooks/orval-fetch.ts', name: 'orvalFetch' } },
    },
  };
  entries[`${name}-zod`] = { input, output: { target: `out/orval/${name}/zod.ts`, client: 'zod', mode: 'single' } };
}
export default defineConfig(entries);
