// Loaded with `node --require` when /usr/bin/time is missing: at exit, appends this process's peak
// resident set size (KiB) and CPU time (user + system, seconds) to $BENCH_RSS_FILE, one line per
// node process. The runner takes the largest RSS and the sum of the CPU times.
'use strict';
const { appendFileSync } = require('node:fs');

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const usage = process.resourceUsage();
      appendFileSync(file, `${usage.maxRSS} ${(usage.userCPUTime + usage.systemCPUTime) / 1e6}\n`);
    } catch {
      // Measuring must never change the measured program's outcome.
    }
  });
}
