// The main thread's memo store (src/emitters/shared/memo.ts) is kept in two shares: the checks of
// the definitions, read before the IR is built, and its emitters' parts, read right after the
// first share and seeded only before the emitters run. (Parsing that share only once the worker
// has its job gained nothing: after the job is posted, this thread's emitters take about as long
// as the worker's.)
import { seedMemo, startMemo, usedMemo, type MemoEntry } from '../emitters/shared/memo.js';
import { readMemo, writeMemo, type MemoLocation } from './memo-file.js';

export class MainThreadMemo {
  private checksRead: MemoEntry[] = [];
  private emittersRead: MemoEntry[] = [];
  private emitterShare: Promise<MemoEntry[]> | undefined;

  /** `location` 'off': a run without caches. */
  constructor(private readonly location: MemoLocation | 'off') {}

  /** Seeds the checks of the definitions and starts reading the emitters' share. */
  async start(): Promise<void> {
    if (this.location === 'off') return startMemo('off');
    this.checksRead = await readMemo(this.location, 'definitions');
    startMemo(this.checksRead);
    this.emitterShare = readMemo(this.location, 'main');
  }

  /** Seeds the emitters' share: before this thread's emitters run. */
  async seedEmitters(): Promise<void> {
    if (this.emitterShare) seedMemo((this.emittersRead = await this.emitterShare));
  }

  /** Saves what this run used, each entry to its share (a key names its kind first). */
  async save(): Promise<void> {
    if (this.location === 'off') return;
    const checks: MemoEntry[] = [];
    const emitters: MemoEntry[] = [];
    for (const entry of usedMemo()) (entry[0].startsWith('definitions/') ? checks : emitters).push(entry);
    await Promise.all([writeMemo(this.location, 'definitions', checks, this.checksRead), writeMemo(this.location, 'main', emitters, this.emittersRead)]);
  }
}
