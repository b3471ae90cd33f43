// Every property test draws from one seed: SVC_SEED when set, else a fixed default, so that a run is
// reproducible and a counterexample one run found is found again (test/helpers/setup.ts applies it).
const DEFAULT_SEED = 20_261_128;

/** The seed of this run's random tests (fast-check, the API and definition fuzzers). */
export function testSeed(): number {
  const text = process.env.SVC_SEED;
  if (text === undefined || text === '') return DEFAULT_SEED;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`SVC_SEED must be an integer, not ${JSON.stringify(text)}`);
  return seed;
}

/** A reproducible source of whole numbers below a bound, drawn from the run's seed (or the one given). */
export function seededRandom(seed = testSeed()): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state % below;
  };
}
