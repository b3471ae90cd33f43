// $ref resolution within the document and to other local files, one step at a time: a chain of
// $refs that comes back to itself, or one that names nothing, is a located error.
import { dirname, resolve } from 'node:path';
import { isMapping } from '../definitions/schema-values.js';
import { loadFile, type LoadedFile } from './load.js';
import { ImportError, type ImportReport } from './report.js';

/** A place in a loaded file. */
export interface Place {
  readonly file: string;
  readonly pointer: string;
}

export interface Resolved<T = unknown> extends Place {
  readonly value: T;
  /** The $ref was followed: the place is that of the target. */
  readonly followed: boolean;
}

export class Refs {
  readonly files = new Map<string, LoadedFile>();
  /** Problems found in $refs, reported together at the end (nothing is written then). */
  readonly problems: string[] = [];

  constructor(
    root: LoadedFile,
    private readonly locate: (file: string, pointer: string) => string,
  ) {
    this.files.set(root.path, root);
  }

  /** The value at a place, following $refs (and $refs of $refs) to the first value that is not one. */
  deref<T = unknown>(value: unknown, at: Place): Resolved<T> | undefined {
    let current: Resolved = { ...at, value, followed: false };
    const visited = new Set<string>();
    while (isMapping(current.value) && typeof current.value.$ref === 'string') {
      const key = `${current.file}#${current.pointer}`;
      if (visited.has(key)) {
        this.problem(at, `$ref cycle: ${String((value as { $ref: string }).$ref)} leads back to itself`);
        return undefined;
      }
      visited.add(key);
      const target = this.target(current.value.$ref, current);
      if (!target) return undefined;
      current = { ...target, followed: true };
    }
    return current as Resolved<T>;
  }

  /** Where a $ref points, without following the target's own $ref. */
  target(ref: string, from: Place): Resolved | undefined {
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
      this.problem(from, `$ref ${ref}: only local files are read, not URLs`);
      return undefined;
    }
    let file = from.file;
    if (filePart !== '') {
      file = resolve(dirname(from.file), filePart);
      if (!this.files.has(file)) {
        try {
          this.files.set(file, loadFile(file));
        } catch (error) {
          if (!(error instanceof ImportError)) throw error;
          this.problem(from, `$ref ${ref}: ${error.lines[0] ?? 'cannot be read'}`);
          return undefined;
        }
      }
    }
    if (pointer !== '' && !pointer.startsWith('/')) {
      this.problem(from, `$ref ${ref}: not a JSON pointer`);
      return undefined;
    }
    let value = (this.files.get(file) as LoadedFile).value;
    for (const segment of pointer.split('/').slice(1)) {
      const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      if (!(isMapping(value) || Array.isArray(value)) || !Object.hasOwn(value, key)) {
        this.problem(from, `$ref ${ref} names nothing (no "${key}" there)`);
        return undefined;
      }
      value = (value as Record<string, unknown>)[key];
    }
    return { file, pointer, value, followed: true };
  }

  private problem(at: Place, text: string): void {
    const line = `${this.locate(at.file, at.pointer)}: ${text}`;
    if (!this.problems.includes(line)) this.problems.push(line);
  }
}

export type { ImportReport };
