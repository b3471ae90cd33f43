// Starts the reference service: `npm start`. Settings come from the environment (see config.ts);
// SIGTERM and SIGINT close the server and the database cleanly.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  const address = await app.listen({ host: config.host, port: config.port });
  // Only the address and where the data is: credentials (a URL's password too) are never printed.
  const data = config.databaseUrl === undefined ? config.dataFile : `PostgreSQL schema ${config.databaseSchema}`;
  const redis = config.redisUrl === undefined ? '' : ', throttles and nonces in Redis';
  app.log.info(`svcgen reference service listening on ${address} (data: ${data}${redis})`);
  if (!config.logger) console.log(`svcgen reference service listening on ${address}`);
}

main().catch((error: unknown) => {
  console.error('svcgen reference service failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
