// A file-system problem the user can act on: the output folder cannot be used or written, or an
// input is not a readable regular file. Printed as one line naming the path (exit code 3, README).
export class OutputError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

/** The error's code (EACCES, EROFS, ...) or its message: short enough for a one-line report. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string') return FS_CODES[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}

const FS_CODES: Readonly<Record<string, string>> = {
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  EROFS: 'read-only file system (EROFS)',
  ENOSPC: 'no space left on the device (ENOSPC)',
  EMFILE: 'too many open files (EMFILE)',
  ENOTDIR: 'a file is where a folder is needed (ENOTDIR)',
  EISDIR: 'a folder is where a file is needed (EISDIR)',
  EEXIST: 'already exists (EEXIST)',
  ENOENT: 'does not exist (ENOENT)',
  EBUSY: 'busy (EBUSY)',
};
