// Sets V8's tiering for this process (see v8-tiering.ts). Imported first by cli.ts, so that it runs
// before any other svcgen module does.
import { setFlagsFromString } from 'node:v8';
import { tieringFlags } from './v8-tiering.js';

for (const flag of tieringFlags(process.versions.v8, process.execArgv)) setFlagsFromString(flag);
