// Runs end-to-end test files unchanged against the front URL of one cluster: startService in them hands
// out the cluster (useRunningService). Without HAProxy, PostgreSQL or Redis, one skipped test says why.
import { afterAll } from 'vitest';
import { clusterUnavailable, startCluster } from '../helpers/cluster.js';
import { describeSkipped } from '../helpers/describe-when-available.js';
import { useRunningService } from '../server/helpers.js';

export async function runThroughFront(title: string, loadTestFiles: () => Promise<unknown>): Promise<void> {
  const missing = await clusterUnavailable();
  if (missing !== undefined) {
    describeSkipped(title, missing);
    return;
  }
  const cluster = await startCluster();
  afterAll(() => cluster.stop());
  useRunningService(cluster.front);
  await loadTestFiles();
}
