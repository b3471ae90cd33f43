// The four interfaces whose emitted documents the ecosystem harness feeds to each tool.
export const INTERFACES = ['admin-api', 'store-api', 'price-list-api', 'banner-api'];

// The clinic API (test/fixtures/every-construct: a tagged union, a multipart upload, a file body), which
// run.mjs generates with svcgen into out/svcgen (clinic/serve.ts imports it from there) and serves beside
// the reference service.
export const CLINIC = 'clinic-api';
export const CLINIC_OUT = 'out/svcgen';

/** Every document a tool generates a client from, by interface name, relative to ecosystem/. */
export const DOCUMENTS = Object.fromEntries([
  ...INTERFACES.map((name) => [name, `../generated/${name}/openapi.json`]),
  [CLINIC, `${CLINIC_OUT}/${CLINIC}/openapi.json`],
]);
