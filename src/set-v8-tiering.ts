// Sets V8's tiering for this process (see v8-tiering.ts). Imported by cli.ts before the work starts:
// first thing, or for `generate` once it knows it has something to build.
import { setFlagsFromString } from 'node:v8';
import { tieringFlags } from './v8-tiering.js';

for (const flag of tieringFlags(process.versions.v8, process.execArgv)) setFlagsFromString(flag);
