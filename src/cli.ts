#!/usr/bin/env node
// The entry point. A `generate` whose no-op stamp still holds (incremental/noop-stamp.ts) prints
// "up to date" having loaded one module; anything else runs the CLI (cli-main.ts), bundled by the build
// (cli-bundle.ts), or its modules when svcgen runs from its sources.
import { upToDateByStamp } from './incremental/noop-stamp.js';

const argv = process.argv.slice(2);
const upToDate = argv[0] === 'generate' ? upToDateByStamp(process.cwd(), argv) : undefined;
if (upToDate !== undefined) process.stdout.write(upToDate);
else if (!(await (await import('./cli-bundle.js')).runBundledCli())) await import('./cli-main.js');
