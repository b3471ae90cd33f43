// An API a test writes, generated into a temporary folder and its server plugin served in-process on loopback:
// what the tests that drive one small API per case share.
import Fastify, { type FastifyInstance } from 'fastify';
import { generateFixture, type GeneratedFixture } from './generated-fixture.js';

type Loose = Record<string, any>;

export interface ServedFixture {
  readonly fixture: GeneratedFixture;
  readonly app: FastifyInstance;
  /** http://127.0.0.1:<port>, without the interface's basePath. */
  readonly origin: string;
  /** The generated client of the interface, pointed at the server. */
  readonly client: Loose;
  close(): Promise<void>;
}

/**
 * Generates `yaml` (one interface named `name`, e.g. "pets-api") and serves its plugin with `handlers` and no auth.
 */
export async function serveDefinitions(name: string, yaml: string, handlers: Loose): Promise<ServedFixture> {
  const fixture = await generateFixture(name, { [`${name}.yaml`]: yaml });
  const api = name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  const server = await fixture.load(`${name}/server.ts`);
  const app = Fastify();
  await app.register(server[`${api}Plugin`]({ handlers, auth: {} }));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const clientName = `${api.charAt(0).toUpperCase()}${api.slice(1)}Client`;
  const Client = (await fixture.load(`${name}/client.ts`))[clientName] as new (options: object) => Loose;
  return {
    fixture,
    app,
    origin,
    client: new Client({ baseUrl: origin, auth: {} }),
    async close() {
      await app.close();
      await fixture.remove();
    },
  };
}
