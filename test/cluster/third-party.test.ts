// Issue 35: the third-party client checks (axios Digest and opaque echoing, openapi-fetch on the seed's
// JSON-in-string and deepObject parameters) against the front URL of `npm run cluster`. Round-robin
// sends a Digest challenge and its answer to different instances, so this fails unless nonces are shared.
// Both files share one cluster.
import { runThroughFront } from './through-front.js';

await runThroughFront('third-party clients through the load balancer', async () => {
  await import('../server/digest-third-party.test.js');
  await import('../server/seed-forms-openapi-fetch.test.js');
});
