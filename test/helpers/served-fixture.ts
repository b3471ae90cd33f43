// A generated API served in-process on loopback: a Fastify app with the fixture's plugins, listening on a free port,
// closed with its fixture. What the tests that drive a generated server share (serveFixture), and those that drive one
// small API they write per case (serveDefinitions).
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { generateFixture, type GeneratedFixture } from './generated-fixture.js';

type Loose = Record<string, any>;

export interface ServedApp {
  readonly fixture: GeneratedFixture;
  readonly app: FastifyInstance;
  /** http://127.0.0.1:<port>, without the interface's basePath. */
  readonly origin: string;
  /** Closes the app and removes the fixture's folder. */
  close(): Promise<void>;
}

/**
 * A new Fastify app (made with `options`) with what `register` adds to it from the fixture (its plugins, hooks),
 * listening on 127.0.0.1. When registering or listening fails, the app is closed and the fixture removed, then the
 * error is thrown.
 */
export async function serveFixture(
  fixture: GeneratedFixture,
  register: (app: FastifyInstance, fixture: GeneratedFixture) => PromiseLike<unknown>,
  options: FastifyHttpOptions<Server> = {},
): Promise<ServedApp> {
  const app = Fastify(options);
  const close = async () => {
    await app.close();
    await fixture.remove();
  };
  try {
    await register(app, fixture);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return { fixture, app, origin, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface ServedFixture extends ServedApp {
  /** The generated client of the interface, pointed at the server. */
  readonly client: Loose;
}

/**
 * Generates `yaml` (one interface named `name`, e.g. "pets-api") and serves its plugin with `handlers` and no auth.
 */
export async function serveDefinitions(name: string, yaml: string, handlers: Loose): Promise<ServedFixture> {
  const fixture = await generateFixture(name, { [`${name}.yaml`]: yaml });
  const api = name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  const served = await serveFixture(fixture, async (app) => {
    const server = await fixture.load(`${name}/server.ts`);
    await app.register(server[`${api}Plugin`]({ handlers, auth: {} }));
  });
  const clientName = `${api.charAt(0).toUpperCase()}${api.slice(1)}Client`;
  const Client = (await fixture.load(`${name}/client.ts`))[clientName] as new (options: object) => Loose;
  return { ...served, client: new Client({ baseUrl: served.origin, auth: {} }) };
}

/** The library fixture's library-api handlers at their simplest (empty lists, one book); tests override some. */
export const LIBRARY_HANDLERS = {
  listBooks: async () => ({ items: [], total: 0 }),
  createBook: async (input: Loose) => ({ ...input['body'], id: 1 }),
  getBook: async () => ({ id: 1, title: 'Dune', genre: 'fiction' }),
  listAuthors: async () => ({ items: [], total: 0 }),
};

/**
 * The library fixture generated (from `files` when given, by file name, as generateFixture takes them) and its
 * library-api served with LIBRARY_HANDLERS, `handlers` over them, and no auth.
 */
export async function serveLibrary(handlers: Loose = {}, files?: Readonly<Record<string, string>>): Promise<ServedApp> {
  const fixture = await generateFixture('library', files);
  return serveFixture(fixture, async (app) => {
    const { libraryApiPlugin } = await fixture.load('library-api/server.ts');
    await app.register(libraryApiPlugin({ handlers: { ...LIBRARY_HANDLERS, ...handlers }, auth: {} }));
  });
}
