// Issue 35: the seed conformance run (test/openapi/conformance.test.ts) against the front URL of
// `npm run cluster`: three instances of the reference service on PostgreSQL and Redis behind HAProxy,
// round-robin, so consecutive requests of one client land on different instances.
import { runThroughFront } from './through-front.js';

await runThroughFront('seed conformance through the load balancer', () => import('../openapi/conformance.test.js'));
