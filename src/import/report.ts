// What import could not carry over exactly, one line each, and the operation counts of the summary.
import type { Locator } from './locate.js';

/** approximated: the contract changed (wider or narrower); dropped: left out; renamed: same wire, another name. */
export type NoteKind = 'approximated' | 'dropped' | 'renamed';

export interface Note {
  readonly kind: NoteKind;
  readonly file: string;
  readonly pointer: string;
  /** What the document says there, and what import did instead. */
  readonly text: string;
}

/** A problem that stops the import: the document is not one import can read. */
export class ImportError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}

/** Collects notes; the operation being imported is charged with every approximation made for it. */
export class ImportReport {
  readonly notes: Note[] = [];
  private readonly seen = new Set<string>();
  private operationMarks: Set<NoteKind> | undefined;
  private readonly everyMark = new Set<NoteKind>();
  readonly operations = { total: 0, exact: 0, approximated: 0, dropped: 0 };

  note(kind: NoteKind, file: string, pointer: string, text: string): void {
    if (this.operationMarks) this.operationMarks.add(kind);
    const key = `${kind}\0${file}\0${pointer}\0${text}`;
    if (this.seen.has(key)) return; // a shared schema is reported once, however many operations use it
    this.seen.add(key);
    this.notes.push({ kind, file, pointer, text });
  }

  /** Runs one operation's import and counts it by the worst note it drew. */
  operation<T>(work: () => T | undefined): T | undefined {
    this.operations.total += 1;
    this.operationMarks = new Set(this.everyMark);
    try {
      const result = work();
      if (result === undefined) this.operations.dropped += 1;
      else if (this.operationMarks.has('approximated') || this.operationMarks.has('dropped'))
        this.operations.approximated += 1;
      else this.operations.exact += 1;
      return result;
    } finally {
      this.operationMarks = undefined;
    }
  }

  /** Work whose notes count against every operation (the base path they are all served under). */
  everyOperation<T>(work: () => T): T {
    const marks = new Set<NoteKind>();
    const outer = this.operationMarks;
    this.operationMarks = marks;
    try {
      return work();
    } finally {
      this.operationMarks = outer;
      for (const mark of marks) this.everyMark.add(mark);
    }
  }

  /** A shared element (a record) read once but used by many operations: the marks it drew. */
  marksDuring(work: () => void): Set<NoteKind> {
    const outer = this.operationMarks;
    this.operationMarks = new Set();
    try {
      work();
      return this.operationMarks;
    } finally {
      const inner = this.operationMarks;
      this.operationMarks = outer;
      for (const mark of inner) outer?.add(mark);
    }
  }

  /** Charges the current operation with marks recorded earlier (a record it uses). */
  charge(marks: Iterable<NoteKind>): void {
    for (const mark of marks) this.operationMarks?.add(mark);
  }

  lines(locate: Locator): string[] {
    locate.prepare(this.notes);
    return this.notes.map((note) => `${locate(note.file, note.pointer)}: ${note.kind}: ${note.text}`);
  }

  summary(): string {
    const { total, exact, approximated, dropped } = this.operations;
    return `imported: ${exact} of ${total} operations exactly, ${approximated} approximated, ${dropped} dropped`;
  }
}

/** A JSON pointer segment, escaped (RFC 6901). */
export function pointerSegment(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function childPointer(pointer: string, ...keys: (string | number)[]): string {
  return pointer + keys.map((key) => `/${pointerSegment(key)}`).join('');
}
