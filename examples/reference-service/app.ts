// The reference service: the four generated interface plugins on one Fastify instance, with the
// handlers, credential checks and stores of this service.
import Fastify, { type FastifyInstance } from 'fastify';
import { adminApiMeta, adminApiRoutes } from '../../generated/admin-api/metadata.js';
import { adminApiPlugin } from '../../generated/admin-api/server.js';
import { bannerApiMeta, bannerApiRoutes } from '../../generated/banner-api/metadata.js';
import { bannerApiPlugin } from '../../generated/banner-api/server.js';
import { priceListApiMeta, priceListApiRoutes } from '../../generated/price-list-api/metadata.js';
import { priceListApiPlugin } from '../../generated/price-list-api/server.js';
import { credentialNames, redactingLoggerFor } from '../../generated/runtime/server/log-redaction.js';
import type { DigestOptions } from '../../generated/runtime/auth/digest/digest-server.js';
import {
  applyRecommendedServerLimits,
  recommendedServerOptions,
} from '../../generated/runtime/server/server-options.js';
import { LoginThrottle } from '../../generated/runtime/stores/throttle.js';
import {
  frameworkErrorHandler,
  notFoundHandler,
  unroutedErrorHandler,
  type ServedInterface,
} from '../../generated/runtime/server/unrouted.js';
import { storeApiMeta, storeApiRoutes } from '../../generated/store-api/metadata.js';
import { storeApiPlugin } from '../../generated/store-api/server.js';
import { createAdminHandlers } from './admin-handlers.js';
import { createBannerHandlers } from './banner-handlers.js';
import type { ServiceConfig } from './config.js';
import { credentialsMatch, secretsEqual } from './credentials.js';
import { openBackend } from './backend.js';
import type { Data } from './data.js';
import type { Db } from './db.js';
import { createPriceListHandlers } from './price-list-handlers.js';
import { applyConfig, credentialVersions, revokeChangedCredentials, seedIfEmpty, serviceKey } from './seed.js';
import { createStoreHandlers, findSalesChannel, newStoreSession, type StoreSession } from './store-handlers.js';

const ALL_PRIVILEGES = ['read', 'create', 'update', 'delete'] as const;

/** Digest API roles and what each may do, per resource (the Banner and the Price-List API). */
export const ROLE_PRIVILEGES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  admin: { banner: ALL_PRIVILEGES, pricelist: ALL_PRIVILEGES },
  reader: { banner: ['read'], pricelist: ['read'] },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's SQLite database, for maintenance and tests; undefined on PostgreSQL. */
    readonly db: Db;
    /** The service's data, on SQLite or PostgreSQL. */
    readonly data: Data;
  }
}

const INTERFACES: readonly ServedInterface[] = [
  { meta: adminApiMeta, routes: adminApiRoutes },
  { meta: storeApiMeta, routes: storeApiRoutes },
  { meta: priceListApiMeta, routes: priceListApiRoutes },
  { meta: bannerApiMeta, routes: bannerApiRoutes },
];

export async function buildApp(config: ServiceConfig): Promise<FastifyInstance> {
  const backend = await openBackend(config);
  const { data: db, accessTokens, refreshTokens } = backend;
  const prepared = backend.prepare(async (tx) => {
    await seedIfEmpty(tx);
    const versions = await credentialVersions(tx, config);
    await applyConfig(tx, config, versions, backend.endCustomerSessions);
    // The service's keys live in its database, so every instance on one database signs alike.
    return {
      versions,
      sessionSecret: await serviceKey(tx, 'context-token'),
      nonceSecret: await serviceKey(tx, 'digest-nonce'),
    };
  });
  const { versions, sessionSecret, nonceSecret } = await prepared.catch(async (error: unknown) => {
    await backend.close();
    throw error;
  });
  await revokeChangedCredentials(db, config, versions, { accessTokens, refreshTokens });
  const now = config.now ?? Date.now;
  const throttleOptions = { now, ...(backend.throttleStore ? { store: backend.throttleStore } : {}) };

  const app = Fastify({
    // Idle and slow sockets are closed (see docs/server.md, "Limits").
    ...recommendedServerOptions,
    // Request logs name method, redacted url and status only; credential headers (the generic ones and those the
    // interfaces' auth schemes read: the access key and the context token) are never logged.
    logger: config.logger
      ? {
          level: 'info',
          ...redactingLoggerFor(credentialNames(...INTERFACES.map((served) => served.meta))),
          ...(config.logStream ? { stream: config.logStream } : {}),
        }
      : false,
    // Generated clients and curl send small bodies; the interfaces' own limits apply per route.
    bodyLimit: 1_048_576,
    // Long path parameters reach the interfaces, whose validation answers them in their own error shape.
    routerOptions: { maxParamLength: 2048 },
    // A URL the router cannot read, or a parameter longer still: 400 in the shape of the interface the path belongs to.
    frameworkErrors: frameworkErrorHandler(INTERFACES),
  });
  applyRecommendedServerLimits(app.server, { maxConnectionsPerAddress: config.maxConnectionsPerAddress });
  // Outside every interface (a path no route serves, a body that cannot be read there): the answer in the shape
  // and negotiated content type of the interface whose routes share the longest prefix with the path.
  app.setNotFoundHandler(notFoundHandler(INTERFACES));
  app.setErrorHandler(
    unroutedErrorHandler(INTERFACES, (error, request) => request.log.error({ err: error }, 'request failed')),
  );
  app.decorate('db', backend.sqlite as Db);
  app.decorate('data', db);
  app.addHook('onClose', () => backend.close());

  // One throttle and one nonce key for both Digest interfaces: they share their users.
  const digestThrottle = new LoginThrottle(throttleOptions);
  const digest = (): DigestOptions => ({
    // Looked up by name, so the comparison itself is the Digest response check (constant time).
    lookupPassword: (username) => {
      if (secretsEqual(username, config.apiUsername)) return config.apiKey;
      if (secretsEqual(username, config.apiReaderUsername)) return config.apiReaderKey;
      return undefined;
    },
    roleOf: (username) =>
      username === config.apiUsername ? 'admin' : username === config.apiReaderUsername ? 'reader' : undefined,
    privileges: ROLE_PRIVILEGES,
    nonces: backend.nonces,
    nonceSecret: nonceSecret,
    throttle: digestThrottle,
    now,
  });
  const can = (role: string | undefined, privilege: string): boolean =>
    role !== undefined &&
    Object.hasOwn(ROLE_PRIVILEGES, role) &&
    (ROLE_PRIVILEGES[role]?.['banner'] ?? []).includes(privilege);

  await app.register(
    adminApiPlugin({
      handlers: createAdminHandlers(db),
      auth: {
        oauth: {
          verifyPassword: (username, password) =>
            credentialsMatch([username, password], [config.adminUsername, config.adminPassword]),
          verifyClient: (clientId, secret) =>
            credentialsMatch([clientId, secret], [config.integrationId, config.integrationSecret]),
          accessTokens,
          refreshTokens,
          // Its own throttle, in the shared store when there is one: every instance counts the same failures.
          throttle: new LoginThrottle(throttleOptions),
          // Tokens are bound to the credential they were issued under: a changed password or secret ends them.
          credentialVersion: (owner) =>
            owner.kind === 'user'
              ? owner.id === config.adminUsername
                ? versions.admin
                : undefined
              : owner.id === config.integrationId
                ? versions.integration
                : undefined,
          now,
        },
      },
      onInternalError: (error, request) => request.log.error({ err: error }, 'Admin API handler failed'),
    }),
  );
  // One throttle for unknown access keys and customer logins: both are guesses from the same addresses.
  const storeThrottle = new LoginThrottle(throttleOptions);
  await app.register(
    storeApiPlugin<StoreSession>({
      handlers: createStoreHandlers(db),
      auth: {
        accessKey: {
          verifyApiKey: (accessKey) => findSalesChannel(db, accessKey),
          createSession: newStoreSession,
          sessions: backend.sessions(),
          sessionSecret: sessionSecret,
          throttle: storeThrottle,
          now,
        },
      },
      onInternalError: (error, request) => request.log.error({ err: error }, 'Store API handler failed'),
      loginThrottle: storeThrottle,
    }),
  );
  await app.register(
    priceListApiPlugin({
      handlers: createPriceListHandlers(db),
      auth: { digest: digest() },
      // createPriceList takes an Idempotency-Key: its answers are kept where the other instances see them.
      idempotency: { store: backend.idempotencyStore, now },
      onInternalError: (error, request) => request.log.error({ err: error }, 'Price-List API handler failed'),
    }),
  );
  await app.register(
    bannerApiPlugin({
      handlers: createBannerHandlers(db, can),
      auth: { digest: digest() },
      onInternalError: (error, request) => request.log.error({ err: error }, 'Banner API handler failed'),
    }),
  );
  return app;
}
