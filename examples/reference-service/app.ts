// The reference service: the four generated interface plugins on one Fastify instance, with the
// handlers, credential checks and stores of this service.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { adminApiMeta, adminApiRoutes } from '../../generated/admin-api/metadata.js';
import { adminApiPlugin } from '../../generated/admin-api/server.js';
import { bannerApiMeta, bannerApiRoutes } from '../../generated/banner-api/metadata.js';
import { bannerApiPlugin } from '../../generated/banner-api/server.js';
import { priceListApiMeta, priceListApiRoutes } from '../../generated/price-list-api/metadata.js';
import { priceListApiPlugin } from '../../generated/price-list-api/server.js';
import { errorResponse } from '../../generated/runtime/error-bodies.js';
import { ApiError, BadRequest } from '../../generated/runtime/errors.js';
import type { InterfaceMeta, RouteMeta } from '../../generated/runtime/interface-meta.js';
import type { DigestOptions } from '../../generated/runtime/server-auth.js';
import { storeApiMeta, storeApiRoutes } from '../../generated/store-api/metadata.js';
import { storeApiPlugin } from '../../generated/store-api/server.js';
import { createAdminHandlers } from './admin-handlers.js';
import { createBannerHandlers } from './banner-handlers.js';
import type { ServiceConfig } from './config.js';
import { credentialsMatch, secretsEqual } from './credentials.js';
import { openDatabase, type Db } from './db.js';
import { createPriceListHandlers } from './price-list-handlers.js';
import { applyConfig, seedIfEmpty } from './seed.js';
import { SqliteAccessTokenStore, SqliteNonceStore, SqliteRefreshTokenStore, SqliteSessionStore } from './sqlite-stores.js';
import { createStoreHandlers, findSalesChannel, newStoreSession, type StoreSession } from './store-handlers.js';

const ALL_PRIVILEGES = ['read', 'create', 'update', 'delete'] as const;

/** Digest API roles and what each may do, per resource (the Banner and the Price-List API). */
export const ROLE_PRIVILEGES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  admin: { banner: ALL_PRIVILEGES, pricelist: ALL_PRIVILEGES },
  reader: { banner: ['read'], pricelist: ['read'] },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's database, for maintenance and tests. */
    readonly db: Db;
  }
}

const INTERFACES: readonly (readonly [InterfaceMeta, Readonly<Record<string, RouteMeta>>])[] = [
  [adminApiMeta, adminApiRoutes],
  [storeApiMeta, storeApiRoutes],
  [priceListApiMeta, priceListApiRoutes],
  [bannerApiMeta, bannerApiRoutes],
];

/** The error style and catalog of the interface owning a URL: the one whose route paths share the longest static prefix with it. */
function ownerOf(url: string): [InterfaceMeta['errorStyle'], InterfaceMeta['errors']] {
  const path = (url.split('?')[0] ?? '/').toLowerCase();
  let best: InterfaceMeta = adminApiMeta;
  let bestLength = -1;
  for (const [meta, routes] of INTERFACES) {
    for (const route of Object.values(routes)) {
      for (const routePath of route.paths) {
        const fixed = (routePath.split('{')[0] ?? '').toLowerCase();
        let length = 0;
        while (length < fixed.length && length < path.length && fixed[length] === path[length]) length++;
        if (length > bestLength) [best, bestLength] = [meta, length];
      }
    }
  }
  return [best.errorStyle, best.errors];
}

export async function buildApp(config: ServiceConfig): Promise<FastifyInstance> {
  const db = openDatabase(config.dataFile);
  seedIfEmpty(db);
  applyConfig(db, config);
  const now = config.now ?? Date.now;

  const app = Fastify({
    // Request logs name method, url and status only; Authorization and other headers are never logged.
    logger: config.logger ? { level: 'info' } : false,
    // Generated clients and curl send small bodies; the interfaces' own limits apply per route.
    bodyLimit: 1_048_576,
    // Long path parameters reach the interfaces, whose validation answers them in their own error shape.
    routerOptions: { maxParamLength: 2048 },
    // A URL the router cannot read, or a parameter longer still: 400 in the shape of the interface the path belongs to.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorResponse(...ownerOf(request.url), new BadRequest({ detail: `The request URL is invalid (${error.code}).` }));
      return (reply as unknown as FastifyReply).code(status).type('application/json; charset=utf-8').send(body);
    },
  });
  // Failures outside every interface (a body sent to a path no route serves that cannot be parsed, or is too large):
  // the owner's shape as well; anything else is a 500 that is logged.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    const apiError =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? new ApiError('payloadTooLarge', { params: { limit: request.routeOptions.bodyLimit ?? 0 } })
        : status >= 400 && status < 500
          ? new BadRequest({ detail: 'The request body could not be read.' })
          : undefined;
    if (apiError === undefined) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).type('application/json; charset=utf-8').send({ message: 'Internal error.' });
    }
    const answer = errorResponse(...ownerOf(request.url), apiError);
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });
  // A path no route serves: 404 in the shape of the interface whose routes share the longest prefix with it.
  app.setNotFoundHandler((request, reply) => {
    const { status, body } = errorResponse(...ownerOf(request.url), new ApiError('notFound', { detail: `No route serves ${request.method} ${request.url.split('?')[0] ?? ''}.` }));
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    db.close();
  });

  const digest = (): DigestOptions => ({
    // Looked up by name, so the comparison itself is the Digest response check (constant time).
    lookupPassword: (username) => {
      if (secretsEqual(username, config.apiUsername)) return config.apiKey;
      if (secretsEqual(username, config.apiReaderUsername)) return config.apiReaderKey;
      return undefined;
    },
    roleOf: (username) => (username === config.apiUsername ? 'admin' : username === config.apiReaderUsername ? 'reader' : undefined),
    privileges: ROLE_PRIVILEGES,
    nonces: new SqliteNonceStore(db, now),
    now,
  });
  const can = (role: string | undefined, privilege: string): boolean =>
    role !== undefined && Object.hasOwn(ROLE_PRIVILEGES, role) && (ROLE_PRIVILEGES[role]?.['banner'] ?? []).includes(privilege);

  await app.register(
    adminApiPlugin({
      handlers: createAdminHandlers(db),
      auth: {
        oauth: {
          verifyPassword: (username, password) => credentialsMatch([username, password], [config.adminUsername, config.adminPassword]),
          verifyClient: (clientId, secret) => credentialsMatch([clientId, secret], [config.integrationId, config.integrationSecret]),
          accessTokens: new SqliteAccessTokenStore(db, now),
          refreshTokens: new SqliteRefreshTokenStore(db, now),
          now,
        },
      },
      onInternalError: (error, request) => request.log.error({ err: error }, 'Admin API handler failed'),
    }),
  );
  await app.register(
    storeApiPlugin<StoreSession>({
      handlers: createStoreHandlers(db),
      auth: {
        accessKey: {
          findSalesChannel: (accessKey) => findSalesChannel(db, accessKey),
          createSession: newStoreSession,
          sessions: new SqliteSessionStore(db, now),
          now,
        },
      },
      onInternalError: (error, request) => request.log.error({ err: error }, 'Store API handler failed'),
    }),
  );
  await app.register(
    priceListApiPlugin({
      handlers: createPriceListHandlers(db),
      auth: { digest: digest() },
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
