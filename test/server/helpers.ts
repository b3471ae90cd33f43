// End-to-end helpers: the reference service on a loopback port with its own temporary database,
// raw HTTP through undici (which, unlike fetch, sends GET bodies), Digest and OAuth helpers,
// curl, and the official JSON:API response schema.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../examples/reference-service/app.js';
import { loadConfig, type ServiceConfig } from '../../examples/reference-service/config.js';
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';

export const ACCESS_KEY = 'SVCSCDEMOACCESSKEY000000001';

/** A clock the service reads; tests move it forward to expire tokens, nonces and sessions. */
export class TestClock {
  #offset = 0;
  readonly now = (): number => Date.now() + this.#offset;
  advance(seconds: number): void {
    this.#offset += seconds * 1000;
  }
}

export interface Service {
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly config: ServiceConfig;
  readonly clock: TestClock;
  readonly dataDir: string;
  /** Stops the service and deletes its database. */
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'svcgen-server-test-'));
}

/** Where startService puts the service's data in this test file: a SQLite file, or PostgreSQL (usePostgres). */
let postgresUrl: string | undefined;

/** The services this test file starts keep their data in PostgreSQL, each in a schema of its own, dropped on close. */
export function usePostgres(url: string): void {
  postgresUrl = url;
}

async function postgresSchema(url: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const schema = `svc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  return {
    env: { SVC_DATABASE_URL: url, SVC_DATABASE_SCHEMA: schema },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/** Services already running elsewhere (a cluster's front URL) that startService hands out in this test file. */
const runningServices: { readonly baseUrl: string; readonly env: Record<string, string> }[] = [];

const sameEnv = (a: Record<string, string>, b: Record<string, string>): boolean =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * startService(env) in this test file gives the service running at `baseUrl`, started with `env`, (its clock
 * is its own: advance does nothing there), and close leaves it running.
 */
export function useRunningService(baseUrl: string, env: Record<string, string> = {}): void {
  runningServices.push({ baseUrl, env });
}

function runningService(env: Record<string, string>): string | undefined {
  if (runningServices.length === 0) return undefined;
  const found = runningServices.find((running) => sameEnv(running.env, env));
  if (found === undefined) throw new Error(`no running service was started with ${JSON.stringify(env)}`);
  return found.baseUrl;
}

/** The service with default credentials, a fresh database and a test clock, on 127.0.0.1:<random>. */
export async function startService(env: Record<string, string> = {}, dataDir = tempDataDir()): Promise<Service> {
  const clock = new TestClock();
  const running = runningService(env);
  if (running !== undefined)
    return {
      baseUrl: running,
      app: undefined as unknown as FastifyInstance,
      config: loadConfig(env),
      clock,
      dataDir,
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const postgres = postgresUrl === undefined ? undefined : await postgresSchema(postgresUrl);
  const config: ServiceConfig = {
    ...loadConfig({ SVC_DATA: join(dataDir, 'svc.sqlite'), ...postgres?.env, ...env }),
    logger: false,
    now: clock.now,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    config,
    clock,
    dataDir,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ReceivedResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** The parsed body (undefined when empty or not JSON). */
  readonly json: any;
  header(name: string): string | undefined;
}

export interface Send {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** An object is sent as JSON (with its Content-Type); a string as it is. */
  readonly body?: unknown;
}

/** One HTTP request over a real socket; any method may carry a body. */
export async function send(baseUrl: string, path: string, options: Send = {}): Promise<ReceivedResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (typeof options.body !== 'string' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const response = await undiciRequest(`${baseUrl}${path}`, {
    method: (options.method ?? 'GET') as 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const responseHeaders = response.headers as Record<string, string | string[] | undefined>;
  return {
    status: response.statusCode,
    headers: responseHeaders,
    text,
    json,
    header(name) {
      const value = responseHeaders[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** Digest requests that respond to the challenge the way a client library does (one retry after a 401). */
export class DigestUser {
  readonly #client: DigestClient;

  constructor(
    private readonly baseUrl: string,
    username: string,
    password: string,
  ) {
    this.#client = new DigestClient({ username, password });
  }

  async send(path: string, options: Send = {}): Promise<ReceivedResponse> {
    const method = options.method ?? 'GET';
    const attempt = (authorization: string | undefined) =>
      send(this.baseUrl, path, {
        ...options,
        headers: { ...options.headers, ...(authorization ? { authorization } : {}) },
      });
    const first = this.#client.authorization(method, path);
    let response = await attempt(first);
    if (
      response.status === 401 &&
      this.#client.handleUnauthorized(response.headers['www-authenticate'], first !== undefined)
    ) {
      response = await attempt(this.#client.authorization(method, path));
    }
    return response;
  }

  /** `send` with a JSON content type, as the API user's requests with a body go. */
  sendJson(path: string, options: Send = {}): Promise<ReceivedResponse> {
    return this.send(path, { ...options, headers: { 'content-type': 'application/json', ...options.headers } });
  }
}

export function apiUser(service: Service): DigestUser {
  return new DigestUser(service.baseUrl, service.config.apiUsername, service.config.apiKey);
}

export function readerUser(service: Service): DigestUser {
  return new DigestUser(service.baseUrl, service.config.apiReaderUsername, service.config.apiReaderKey);
}

/** The reference service this test file's tests share, with its two Digest users; filled before the first test. */
export interface DigestService {
  readonly service: Service;
  readonly api: DigestUser;
  readonly reader: DigestUser;
}

/** Starts the reference service before this file's tests and stops it after them. */
export function useDigestService(): DigestService {
  const shop = {} as { service: Service; api: DigestUser; reader: DigestUser };
  beforeAll(async () => {
    shop.service = await startService();
    shop.api = apiUser(shop.service);
    shop.reader = readerUser(shop.service);
  });
  afterAll(async () => shop.service.close());
  return shop;
}

/** A failure in the success-envelope style: the status, `success: false`, and the message when one is given. */
export function expectEnvelopeFailure(response: ReceivedResponse, status: number, message?: string | RegExp): void {
  expect(response.status, response.text).toBe(status);
  expect(response.json.success).toBe(false);
  if (typeof message === 'string') expect(response.json.message).toBe(message);
  else if (message) expect(response.json.message).toMatch(message);
}

export interface TokenPair {
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly expires_in: number;
}

export async function passwordGrant(service: Service): Promise<TokenPair> {
  const response = await send(service.baseUrl, '/api/oauth/token', {
    method: 'POST',
    body: {
      grant_type: 'password',
      client_id: 'administration',
      scopes: 'write',
      username: service.config.adminUsername,
      password: service.config.adminPassword,
    },
  });
  expect(response.status).toBe(200);
  return response.json as TokenPair;
}

export interface CurlResult {
  readonly code: number | null;
  readonly status: number;
  readonly headers: string;
  readonly body: string;
}

/** Runs curl (a real third-party client) and splits its response into status, headers and body. */
export function curl(args: readonly string[]): Promise<CurlResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['--silent', '--show-error', '--include', '--max-time', '20', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`curl exited ${code}: ${stderr}`));
      // With --digest curl prints the 401 and the final response; keep the last.
      const blocks = stdout.split(/\r?\n\r?\n/);
      let index = 0;
      for (let i = 0; i < blocks.length; i++) if (/^HTTP\/[0-9.]+ [0-9]{3}/.test(blocks[i] ?? '')) index = i;
      const headers = blocks[index] ?? '';
      const status = Number(/^HTTP\/[0-9.]+ ([0-9]{3})/.exec(headers)?.[1] ?? 0);
      resolve({ code, status, headers, body: blocks.slice(index + 1).join('\n\n') });
    });
  });
}

const jsonApiSchema = JSON.parse(readFileSync(new URL('./jsonapi-schema.json', import.meta.url), 'utf8')) as object;
// Both packages are CommonJS: take the default export whichever way the loader hands it over.
const AjvClass = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);
const ajv = new AjvClass({ strict: false, allErrors: true });
applyFormats(ajv);
const validateJsonApiDocument = ajv.compile(jsonApiSchema);

/** Asserts that a json:api response, less the top-level aggregations member, is a valid JSON:API 1.0 response. */
export function expectJsonApi(response: ReceivedResponse): void {
  expect(response.header('content-type')).toBe('application/vnd.api+json');
  const { aggregations: _aggregations, ...document } = response.json as Record<string, unknown>;
  const valid = validateJsonApiDocument(document);
  expect(valid ? [] : validateJsonApiDocument.errors).toEqual([]);
}

/** The 5xx check every hostile request ends with. */
export function expectClientError(response: ReceivedResponse): void {
  expect(response.status, response.text).toBeGreaterThanOrEqual(400);
  expect(response.status, response.text).toBeLessThan(500);
}
