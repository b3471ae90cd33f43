// Optional peer dependencies an output needs that its project cannot load: said by `generate`, at the definition
// that needs one, rather than left to a TS2307 from tsc later. Today one: a client of GET-body routes imports undici
// (fetch cannot send a GET body; runtime/client/client-get-body.ts).
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { Ir } from '../ir/types.js';

const GET_BODY_MODULE = /(?:^|\/)runtime\/client\/client-get-body\.ts$/;

/**
 * One line per GET route with a body, `file:line:col: warning: …`, when the output holds the client transport that
 * sends them and `undici` cannot be resolved from the output folder; none otherwise.
 */
export function peerWarnings(ir: Ir, outDir: string, outputs: readonly string[]): string[] {
  if (!outputs.some((path) => GET_BODY_MODULE.test(path)) || resolvable('undici', outDir)) return [];
  return ir.modules.flatMap((module) =>
    module.routes
      .filter((route) => route.method === 'GET' && route.body !== undefined)
      .map(({ name, location }) => {
        const where = `${location.file}:${location.line}:${location.column}`;
        const out = relative(process.cwd(), outDir) || '.';
        return `${where}: warning: route ${name} sends a body on GET: its client needs undici, which ${out} cannot load (npm install undici)`;
      }),
  );
}

function resolvable(name: string, from: string): boolean {
  try {
    createRequire(join(from, 'index.js')).resolve(name);
    return true;
  } catch {
    return false;
  }
}
