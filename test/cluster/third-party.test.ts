// Issue 35: the third-party client checks (axios Digest and opaque echoing, openapi-fetch on the seed's
// JSON-in-string and deepObject parameters) against the front URL of `npm run cluster`. Round-robin
// sends a Digest challenge and its answer to different instances, so this fails unless nonces are shared.
// One cluster for both files: each reaches it through startService (useRunningService).
import { afterAll, describe, it } from 'vitest';
import { clusterUnavailable, startCluster } from '../helpers/cluster.js';
import { useRunningService } from '../server/helpers.js';

const missing = await clusterUnavailable();
if (missing === undefined) {
  const cluster = await startCluster();
  afterAll(() => cluster.stop());
  useRunningService(cluster.front);
  await import('../server/digest-third-party.test.js');
  await import('../server/seed-forms-openapi-fetch.test.js');
} else {
  describe('third-party clients through the load balancer', () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
}
