// Hooks that write down every module a child process loads, by import (an ESM resolve hook) or by
// require() (svcgen's bundled CLI requires the packages it does not bundle: prettier, ts-morph):
// `node ...loadLogArgs(dir) script` with SVCGEN_LOAD_LOG set to the log file, one URL a line.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ESM_HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}
`;

const REGISTER = `import { register } from 'node:module';
register(new URL('./load-hooks.mjs', import.meta.url).href, { data: { log: process.env.SVCGEN_LOAD_LOG } });
`;

const REQUIRE_HOOK = `const Module = require('node:module');
const { appendFileSync } = require('node:fs');
const { isAbsolute } = require('node:path');
const { pathToFileURL } = require('node:url');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const found = resolveFilename.apply(this, args);
  if (isAbsolute(found)) appendFileSync(process.env.SVCGEN_LOAD_LOG, pathToFileURL(found).href + '\\n');
  return found;
};
`;

/** Writes the hooks into `dir`; the node arguments that install them. */
export async function loadLogArgs(dir: string): Promise<string[]> {
  await writeFile(join(dir, 'load-hooks.mjs'), ESM_HOOKS);
  await writeFile(join(dir, 'load-register.mjs'), REGISTER);
  await writeFile(join(dir, 'load-require-hook.cjs'), REQUIRE_HOOK);
  return [
    '--import',
    pathToFileURL(join(dir, 'load-register.mjs')).href,
    '--require',
    join(dir, 'load-require-hook.cjs'),
  ];
}
