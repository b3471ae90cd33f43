// The command line of the generated sides of the server budgets (generated-server.mjs, plain-generated-server.mjs):
// `node --import tsx <script> <out> [port] [--no-validate-responses]` builds the server from the output folder,
// listens on 127.0.0.1 and prints `listening <url>`; SIGTERM and SIGINT close it.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs `build(outDir, { validateResponses })` as the script at `moduleUrl` when that script is the one node ran. */
export async function serveGeneratedFromCommandLine(moduleUrl, build) {
  const script = fileURLToPath(moduleUrl);
  if (!process.argv[1] || script !== process.argv[1]) return;
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write(`usage: node --import tsx bench/${basename(script)} <out> [port] [--no-validate-responses]\n`);
    process.exit(2);
  }
  const app = await build(outDir, { validateResponses: !process.argv.includes('--no-validate-responses') });
  const address = await app.listen({ host: '127.0.0.1', port: Number(process.argv[3] ?? 0) });
  process.stdout.write(`listening ${address}\n`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
