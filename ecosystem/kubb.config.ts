// kubb: TypeScript types, a client (through the custom client hooks/kubb-fetch.ts, kubb's documented
// importPath hook) and zod schemas per interface.
import { defineConfig } from '@kubb/core';
import { pluginClient } from '@kubb/plugin-client';
import { pluginOas } from '@kubb/plugin-oas';
import { pluginTs } from '@kubb/plugin-ts';
import { pluginZod } from '@kubb/plugin-zod';
import { DOCUMENTS } from './interfaces.mjs';

export default defineConfig(
  Object.entries(DOCUMENTS).map(([name, path]) => ({
    name,
    root: '.',
    input: { path },
    output: { path: `out/kubb/${name}`, clean: true, barrelType: false as const },
    plugins: [
      pluginOas({ validate: false }),
      pluginTs(),
      pluginClient({ importPath: '../../../../hooks/kubb-fetch.ts', paramsType: 'object', dataReturnType: 'full' }),
      pluginZod(),
    ],
  })),
);
