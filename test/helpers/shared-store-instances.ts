// Several instances of one service on loopback, as behind a load balancer: the generated Admin, Store and
// Banner API plugins with the reference service's handlers over one SQLite file, and the authentication
// state (tokens, nonces, sessions, login throttle) in a shared store, each instance with its own client.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { adminApiPlugin } from '../../generated/admin-api/server.js';
import { bannerApiPlugin } from '../../generated/banner-api/server.js';
import { LoginThrottle } from '../../generated/runtime/stores/throttle.js';
import { storeApiPlugin } from '../../generated/store-api/server.js';
import { createAdminHandlers } from '../../examples/reference-service/admin-handlers.js';
import { ROLE_PRIVILEGES } from '../../examples/reference-service/app.js';
import { createBannerHandlers } from '../../examples/reference-service/banner-handlers.js';
import { loadConfig, type ServiceConfig } from '../../examples/reference-service/config.js';
import { credentialsMatch, secretsEqual } from '../../examples/reference-service/credentials.js';
import { Gate, sqliteData } from '../../examples/reference-service/data.js';
import { openDatabase } from '../../examples/reference-service/db.js';
import { applyConfig, credentialVersions, seedIfEmpty } from '../../examples/reference-service/seed.js';
import {
  createStoreHandlers,
  findSalesChannel,
  newStoreSession,
  type StoreSession,
} from '../../examples/reference-service/store-handlers.js';
import type { InstanceStores } from './shared-store-backends.js';

export interface Instance {
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly stores: InstanceStores;
}

/** What the instances share besides the store: the database file, the signing keys, the configuration. */
export class SharedService {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'svcgen-shared-stores-'));
  readonly config: ServiceConfig = loadConfig({ SVC_DATA: join(this.dataDir, 'svc.sqlite') });
  readonly nonceSecret = randomBytes(32);
  readonly sessionSecret = randomBytes(32);
  /** Errors that reached onInternalError (a 500): a store that cannot be reached must cause none. */
  readonly internalErrors: unknown[] = [];

  /** The database seeded, before the first instance starts. */
  readonly #seeded: Promise<void>;

  constructor() {
    const data = sqliteData(openDatabase(this.config.dataFile), new Gate());
    this.#seeded = data
      .transaction(async (tx) => {
        await seedIfEmpty(tx);
        await applyConfig(tx, this.config, await credentialVersions(tx, this.config), async () => undefined);
      })
      .finally(() => data.close());
  }

  async start(stores: InstanceStores): Promise<Instance> {
    await this.#seeded;
    const { config } = this;
    const db = sqliteData(openDatabase(config.dataFile), new Gate());
    const app = Fastify();
    app.addHook('onClose', async () => db.close());
    const throttle = new LoginThrottle({ store: stores.throttle });
    const onInternalError = (error: unknown) => void this.internalErrors.push(error);
    await app.register(
      adminApiPlugin({
        handlers: createAdminHandlers(db),
        auth: {
          oauth: {
            verifyPassword: (username, password) =>
              credentialsMatch([username, password], [config.adminUsername, config.adminPassword]),
            verifyClient: (clientId, secret) =>
              credentialsMatch([clientId, secret], [config.integrationId, config.integrationSecret]),
            accessTokens: stores.accessTokens,
            refreshTokens: stores.refreshTokens,
            throttle,
          },
        },
        onInternalError,
      }),
    );
    await app.register(
      storeApiPlugin<StoreSession>({
        handlers: createStoreHandlers(db),
        auth: {
          accessKey: {
            verifyApiKey: (accessKey) => findSalesChannel(db, accessKey),
            createSession: newStoreSession,
            sessions: stores.sessions(),
            sessionSecret: this.sessionSecret,
          },
        },
        loginThrottle: throttle,
        onInternalError,
      }),
    );
    const can = (role: string | undefined, privilege: string) =>
      role !== undefined && (ROLE_PRIVILEGES[role]?.['banner'] ?? []).includes(privilege);
    await app.register(
      bannerApiPlugin({
        handlers: createBannerHandlers(db, can),
        auth: {
          digest: {
            lookupPassword: (username) => (secretsEqual(username, config.apiUsername) ? config.apiKey : undefined),
            roleOf: (username) => (username === config.apiUsername ? 'admin' : undefined),
            privileges: ROLE_PRIVILEGES,
            nonces: stores.nonces,
            nonceSecret: this.nonceSecret,
            throttle,
          },
        },
        onInternalError,
      }),
    );
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    return { baseUrl, app, stores };
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
