// Issue 35: the OAuth client-authentication checks (curl -u, oauth4webapi) against the front URL of
// `npm run cluster`. That file needs a second service whose integration secret has awkward characters,
// so it gets a second cluster with that secret, started after the first (each picks its own free ports).
import { afterAll } from 'vitest';
import { clusterUnavailable, startCluster } from '../helpers/cluster.js';
import { describeSkipped } from '../helpers/describe-when-available.js';
import { useRunningService } from '../server/helpers.js';

const missing = await clusterUnavailable();
if (missing === undefined) {
  const { AWKWARD_SECRET } = await import('../server/oauth-client-auth.test.js');
  const plain = await startCluster();
  afterAll(() => plain.stop());
  const awkwardEnv = { SVC_INTEGRATION_SECRET: AWKWARD_SECRET };
  const awkward = await startCluster({ env: awkwardEnv });
  afterAll(() => awkward.stop());
  useRunningService(plain.front);
  useRunningService(awkward.front, awkwardEnv);
} else {
  describeSkipped('OAuth client authentication through the load balancer', missing);
}
