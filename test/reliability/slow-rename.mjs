// Fault injection for the atomic-output test, loaded with `node --import` before the CLI: every
// fs.promises.rename waits SVCGEN_TEST_RENAME_DELAY_MS first, so a kill can land between the two
// renames that swap a new output folder in. Nothing else about the run changes.
import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const delay = Number(process.env.SVCGEN_TEST_RENAME_DELAY_MS ?? 500);
const rename = fs.rename;
fs.rename = async (from, to) => {
  await new Promise((resolve) => setTimeout(resolve, delay));
  return rename(from, to);
};
syncBuiltinESMExports();
