#!/usr/bin/env node
// The entry point. A `generate` whose no-op stamp still holds (incremental/noop-stamp.ts) prints
// "up to date" having loaded one module; anything else loads the CLI (cli-main.ts).
import { upToDateByStamp } from './incremental/noop-stamp.js';

const argv = process.argv.slice(2);
const upToDate = argv[0] === 'generate' ? upToDateByStamp(process.cwd(), argv) : undefined;
if (upToDate === undefined) await import('./cli-main.js');
else process.stdout.write(upToDate);
