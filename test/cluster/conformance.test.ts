// Issue 35: the seed conformance run (test/openapi/conformance.test.ts) against the front URL of
// `npm run cluster`: three instances of the reference service on PostgreSQL and Redis behind HAProxy,
// round-robin, so consecutive requests of one client land on different instances.
import { afterAll, describe, it } from 'vitest';
import { clusterUnavailable, startCluster } from '../helpers/cluster.js';
import { useRunningService } from '../server/helpers.js';

const missing = await clusterUnavailable();
if (missing === undefined) {
  const cluster = await startCluster();
  afterAll(() => cluster.stop());
  useRunningService(cluster.front);
  await import('../openapi/conformance.test.js');
} else {
  describe('seed conformance through the load balancer', () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
}
