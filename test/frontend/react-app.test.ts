// Issue 36 acceptance, examples/react-app: its products screen against the generated MSW handlers with
// no service (react-app-components.ts), then built, served and driven in headless Chromium against the
// reference service (react-app-browser.ts). One file, so the app's output is generated once, before both.
import { beforeAll, expect } from 'vitest';
import { generate } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';

beforeAll(async () => {
  const generated = await generate({ cwd: `${ROOT}/examples/react-app`, cache: false, gitattributes: false });
  expect(generated.ok).toBe(true);
}, 120_000);

await import('./react-app-components.js');
await import('./react-app-browser.js');
