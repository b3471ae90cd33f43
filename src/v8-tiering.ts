// How soon V8 hands a function to its optimising compiler, for the svcgen CLI only (set by
// set-v8-tiering.ts, which cli.ts imports first; the library leaves the process's settings alone).
//
// A run is short: much of svcgen's code runs often enough for V8's default budget (about 66 KiB
// of bytecode executed) to queue it for TurboFan, but not long enough to repay the compile, which
// takes time on the same two cores the run needs. A budget eight times the default leaves such
// code to the tiers that compile fast and still optimises what runs hot: cold runs and runs after
// one change both take about 15% less time (docs/performance.md).
//
// Only for the V8 it was measured on (Node 20's V8 11); on another, or when the user passes the
// flag to node themselves, V8's own setting stands.
const MEASURED_V8_MAJOR = 11;
const INTERRUPT_BUDGET = 8 * 67_584;

/** The V8 flags to set for a process running on V8 `v8Version`, started with node flags `execArgv`. */
export function tieringFlags(v8Version: string, execArgv: readonly string[]): string[] {
  if (Number.parseInt(v8Version, 10) !== MEASURED_V8_MAJOR) return [];
  const setByUser = execArgv.some((argument) => argument.startsWith('--interrupt-budget'));
  return setByUser ? [] : [`--interrupt-budget=${INTERRUPT_BUDGET}`];
}
