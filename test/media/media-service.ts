// The Files API of test/fixtures/media generated, served on loopback with the handlers a test gives, and
// its generated client; `store` is a temporary folder the handlers may write to. One setup for the media tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

export interface MediaService {
  readonly fixture: GeneratedFixture;
  readonly store: string;
  readonly base: string;
  readonly client: Loose;
  close(): Promise<void>;
}

export async function startMediaService(
  handlers: (kit: { readonly fixture: GeneratedFixture; readonly store: string }) => Promise<Loose>,
): Promise<MediaService> {
  const fixture = await generateFixture('media');
  const store = await mkdtemp(join(tmpdir(), 'svcgen-media-store-'));
  const server = await fixture.load('files-api/server.ts');
  const Client = (await fixture.load('files-api/client.ts'))['FilesApiClient'] as new (options: object) => Loose;
  const app = Fastify();
  await app.register(server['filesApiPlugin']({ handlers: await handlers({ fixture, store }), auth: {} }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    fixture,
    store,
    base,
    client: new Client({ baseUrl: base }),
    async close() {
      await app.close();
      await fixture.remove();
      await rm(store, { recursive: true, force: true });
    },
  };
}

/** A handler of a route a test does not call. */
export async function unused(): Promise<never> {
  throw new Error('not called');
}
