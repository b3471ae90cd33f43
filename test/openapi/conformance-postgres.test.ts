// The seed conformance run (conformance.test.ts) again, with the reference service's data and stores in
// PostgreSQL (SVC_TEST_PG_URL, default the server on 127.0.0.1:5432), each service in a schema of its own that is
// dropped after. Without a server there, the run is reported as one skipped test naming what is missing.
import { describe, it } from 'vitest';
import { listening } from '../helpers/shared-store-backends.js';
import { usePostgres } from '../server/helpers.js';

const url = process.env['SVC_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(new URL(url).port || 5432);

if (await listening(port)) {
  usePostgres(url);
  await import('./conformance.test.js');
} else {
  describe('seed conformance on PostgreSQL', () => {
    it.skip(`skipped: no PostgreSQL at 127.0.0.1:${port} (set SVC_TEST_PG_URL)`, () => undefined);
  });
}
