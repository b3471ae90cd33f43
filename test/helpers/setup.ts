// Run before every test file: fast-check draws from the run's seed, and a failing test prints it.
import fc from 'fast-check';
import { afterEach } from 'vitest';
import { testSeed } from './seed.js';

fc.configureGlobal({ seed: testSeed() });

afterEach((context) => {
  if (context.task.result?.state === 'fail')
    console.error(
      `${context.task.name}: failed with SVC_SEED=${testSeed()} (rerun with that variable to draw the same)`,
    );
});
