// The Files API of test/fixtures/media generated, served on loopback with the handlers a test gives, and
// its generated client; `store` is a temporary folder the handlers may write to. One setup for the media tests.
import { rm } from 'node:fs/promises';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture } from '../helpers/served-fixture.js';
import { tempDir } from '../helpers/tree.js';

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
  const store = await tempDir('svcgen-media-store-');
  const served = await serveFixture(fixture, async (app) => {
    const server = await fixture.load('files-api/server.ts');
    await app.register(server['filesApiPlugin']({ handlers: await handlers({ fixture, store }), auth: {} }));
  });
  const Client = (await fixture.load('files-api/client.ts'))['FilesApiClient'] as new (options: object) => Loose;
  return {
    fixture,
    store,
    base: served.origin,
    client: new Client({ baseUrl: served.origin }),
    async close() {
      await served.close();
      await rm(store, { recursive: true, force: true });
    },
  };
}

/** A handler of a route a test does not call. */
export async function unused(): Promise<never> {
  throw new Error('not called');
}
