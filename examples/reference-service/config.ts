// Settings of the reference service, read from the environment once per start.
// The defaults are demo credentials for a local run; they are listed in docs/server.md, never logged.
import { recommendedHttpServerLimits } from '../../generated/runtime/server/server-options.js';

export interface ServiceConfig {
  /** SQLite file; its folder is created on first start. Unused with databaseUrl. */
  readonly dataFile: string;
  /** postgres://… : the data and the stores live in PostgreSQL, shared by every instance (SVC_DATABASE_URL). */
  readonly databaseUrl?: string;
  /** The PostgreSQL schema of the tables (SVC_DATABASE_SCHEMA, default public). */
  readonly databaseSchema: string;
  /** Connections of one instance to PostgreSQL at most (SVC_DATABASE_POOL, default 10). */
  readonly databasePoolSize: number;
  /** redis://… : the login throttles and Digest nonce counts live in Redis (SVC_REDIS_URL). */
  readonly redisUrl?: string;
  /** Prefix of the service's Redis keys (SVC_REDIS_PREFIX, default svcgen:). */
  readonly redisPrefix: string;
  readonly host: string;
  readonly port: number;
  /** Admin API password grant. */
  readonly adminUsername: string;
  readonly adminPassword: string;
  /** Admin API client_credentials grant. */
  readonly integrationId: string;
  readonly integrationSecret: string;
  /** Store API access key of the demo sales channel. */
  readonly salesChannelAccessKey: string;
  /** The demo customer of the Store API. */
  readonly customerEmail: string;
  readonly customerPassword: string;
  /** Digest API user with every privilege. */
  readonly apiUsername: string;
  readonly apiKey: string;
  /** Digest API user who may only read. */
  readonly apiReaderUsername: string;
  readonly apiReaderKey: string;
  /**
   * Open sockets one client address may hold (the runtime's maxConnectionsPerAddress); 0: no cap, for a
   * service behind a proxy, from whose address every socket comes.
   */
  readonly maxConnectionsPerAddress: number;
  /** Fastify request logging (never logs credentials: method, url with secret parameters redacted, status). */
  readonly logger: boolean;
  /** Where request logs go (default stdout); tests capture them. */
  readonly logStream?: NodeJS.WritableStream;
  /** Clock for tokens, nonces and sessions; tests move it forward. */
  readonly now?: () => number;
}

export const DEFAULTS = {
  SVC_DATA: './data/svc.sqlite',
  SVC_DATABASE_SCHEMA: 'public',
  SVC_DATABASE_POOL: '10',
  SVC_REDIS_PREFIX: 'svcgen:',
  HOST: '127.0.0.1',
  PORT: '8080',
  SVC_ADMIN_USERNAME: 'admin',
  SVC_ADMIN_PASSWORD: 'admin-demo-password',
  SVC_INTEGRATION_ID: 'SVCIADEMOINTEGRATION0000001',
  SVC_INTEGRATION_SECRET: 'integration-demo-secret',
  SVC_SALES_CHANNEL_ACCESS_KEY: 'SVCSCDEMOACCESSKEY000000001',
  SVC_CUSTOMER_EMAIL: 'customer@example.com',
  SVC_CUSTOMER_PASSWORD: 'customer-demo-password',
  SVC_API_USERNAME: 'api',
  SVC_API_KEY: 'api-demo-key',
  SVC_API_READER_USERNAME: 'reader',
  SVC_API_READER_KEY: 'reader-demo-key',
  SVC_MAX_CONNECTIONS_PER_ADDRESS: String(recommendedHttpServerLimits.maxConnectionsPerAddress),
} as const;

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: keyof typeof DEFAULTS): string {
  const value = env[name];
  return value === undefined || value === '' ? DEFAULTS[name] : value;
}

function port(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65_535)
    throw new Error(`PORT must be an integer 0..65535, got "${text}"`);
  return value;
}

function count(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value))
    throw new Error(`${name} must be a whole number (0 or more), got "${text}"`);
  return value;
}

/** A URL of one of the schemes, or undefined when the variable is unset. */
function url(env: Env, name: string, schemes: readonly string[]): string | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  let scheme: string;
  try {
    scheme = new URL(text).protocol;
  } catch {
    throw new Error(`${name} must be a URL (${schemes.map((item) => `${item}//…`).join(' or ')})`);
  }
  if (!schemes.includes(scheme))
    throw new Error(`${name} must start with ${schemes.map((item) => `${item}//`).join(' or ')}, not ${scheme}//`);
  return text;
}

function optional<Key extends string>(key: Key, value: string | undefined): { [K in Key]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [K in Key]?: string };
}

function identifier(name: string, text: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(text))
    throw new Error(`${name} must be a lower-case SQL identifier (a-z, 0-9, _), got "${text}"`);
  return text;
}

export function loadConfig(env: Env = process.env): ServiceConfig {
  const config: ServiceConfig = {
    dataFile: read(env, 'SVC_DATA'),
    ...optional('databaseUrl', url(env, 'SVC_DATABASE_URL', ['postgres:', 'postgresql:'])),
    databaseSchema: identifier('SVC_DATABASE_SCHEMA', read(env, 'SVC_DATABASE_SCHEMA')),
    databasePoolSize: Math.max(1, count('SVC_DATABASE_POOL', read(env, 'SVC_DATABASE_POOL'))),
    ...optional('redisUrl', url(env, 'SVC_REDIS_URL', ['redis:', 'rediss:'])),
    redisPrefix: read(env, 'SVC_REDIS_PREFIX'),
    host: read(env, 'HOST'),
    port: port(read(env, 'PORT')),
    adminUsername: read(env, 'SVC_ADMIN_USERNAME'),
    adminPassword: read(env, 'SVC_ADMIN_PASSWORD'),
    integrationId: read(env, 'SVC_INTEGRATION_ID'),
    integrationSecret: read(env, 'SVC_INTEGRATION_SECRET'),
    salesChannelAccessKey: read(env, 'SVC_SALES_CHANNEL_ACCESS_KEY'),
    customerEmail: read(env, 'SVC_CUSTOMER_EMAIL'),
    customerPassword: read(env, 'SVC_CUSTOMER_PASSWORD'),
    apiUsername: read(env, 'SVC_API_USERNAME'),
    apiKey: read(env, 'SVC_API_KEY'),
    apiReaderUsername: read(env, 'SVC_API_READER_USERNAME'),
    apiReaderKey: read(env, 'SVC_API_READER_KEY'),
    maxConnectionsPerAddress: count('SVC_MAX_CONNECTIONS_PER_ADDRESS', read(env, 'SVC_MAX_CONNECTIONS_PER_ADDRESS')),
    logger: env['SVC_LOG'] !== '0',
  };
  if (config.apiUsername === config.apiReaderUsername)
    throw new Error('SVC_API_USERNAME and SVC_API_READER_USERNAME must differ');
  return config;
}
