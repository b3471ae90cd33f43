// `svcgen scaffold` for the programmatic API: loads the scaffold (and, through it, ts-morph) on
// first call, so that importing svcgen's API loads neither.
import type { ConfigOverrides } from '../config.js';
import type { ScaffoldResult } from './scaffold.js';

export type { ModuleOutcome, ScaffoldResult } from './scaffold.js';

export async function scaffold(options: ConfigOverrides = {}): Promise<ScaffoldResult> {
  const loaded = await import('./scaffold.js');
  return loaded.scaffold(options);
}
