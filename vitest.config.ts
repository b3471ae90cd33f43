import { defineConfig } from 'vitest/config';

/**
 * The end-to-end tier: tests that spawn the CLI, tsc, tsgo or npm, run old against new code (diff verdicts), start
 * whole services, wait on timers, read very large inputs, soak or fuzz, or hold whole generated pages up against
 * prettier (the slowest checks of all: prettier-form and formatting, about 45 s of a worker between them). Everything
 * else is the unit tier (`npm run test:fast`); `npm test` runs both.
 */
const END_TO_END = [
  'test/adoption/**/*.test.ts',
  'test/reliability/**/*.test.ts',
  'test/workflow/**/*.test.ts',
  'test/client/client.test.ts',
  'test/events/event-stream.test.ts',
  'test/openapi/conformance-postgres.test.ts',
  'test/cluster/**/*.test.ts',
  'test/client/request-safety.test.ts',
  'test/client/retries.test.ts',
  'test/docs/diagnostic-codes.test.ts',
  'test/openapi/runtime-statuses.test.ts',
  'test/runtime/jwks-keys.test.ts',
  'test/scaffold/versioned-routes.test.ts',
  'test/scaffold/streamed-routes.test.ts',
  'test/server/oauth-client-credentials-only.test.ts',
  'test/diff/verdicts.test.ts',
  'test/foundation/chunked-load.test.ts',
  'test/incremental/cache-equivalence.test.ts',
  'test/server/auth-schemes.test.ts',
  'test/emitters/used-runtime.test.ts',
  'test/foundation/cli.test.ts',
  'test/foundation/determinism.test.ts',
  'test/foundation/strict-typescript.test.ts',
  'test/foundation/suggestions.test.ts',
  'test/foundation/typecheck.test.ts',
  'test/foundation/typescript-7.test.ts',
  'test/openapi/validators.test.ts',
  'test/server/service.test.ts',
  'test/server/wire-styles.test.ts',
  'test/import/cli.test.ts',
  'test/import/petstore-served.test.ts',
  'test/import/declared-answer-types.test.ts',
  'test/frontend/react-query-hooks.test.ts',
  'test/frontend/msw-mocks.test.ts',
  'test/frontend/msw-declared-answers.test.ts',
  'test/frontend/idempotency-keys.test.ts',
  'test/frontend/cors.test.ts',
  'test/frontend/react-app.test.ts',
  'test/media/files.test.ts',
  'test/media/upload-memory.test.ts',
  'test/media/multipart.test.ts',
  'test/emitters/named-types.test.ts',
  'test/server/unions.test.ts',
  'test/emitters/recursive-unions.test.ts',
  'test/foundation/pattern-cli.test.ts',
  'test/foundation/route-files.test.ts',
  'test/import/large-import.test.ts',
  'test/server/wire-names.test.ts',
  'test/docs/prettier-form.test.ts',
  'test/output/formatting.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['test/helpers/setup.ts'],
    // Vitest's default is one worker per core less one: one on a 2-core machine, where the unit tier was done after
    // 73 s and the end-to-end files then ran one by one for 15 minutes. Two workers, shared by both projects (vitest
    // runs projects side by side only when their worker counts agree): npm test 1,030 s -> 631 s on a quiet machine.
    // Files wait on child processes, loopback sockets and the file system as much as they compute.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: END_TO_END } },
      { extends: true, test: { name: 'e2e', include: END_TO_END } },
    ],
  },
});
