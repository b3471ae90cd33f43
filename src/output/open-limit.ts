// At most OPEN_LIMIT files open at once by this thread's own reads and writes. A run reads and
// writes a file per output file, and hundreds of definition files give thousands: started all at
// once they pass the common 1,024 (or macOS's 256) open-file limit and fail with EMFILE.
const OPEN_LIMIT = 48;

let open = 0;
const waiting: (() => void)[] = [];

/** Runs `work` (which opens one file at a time) once fewer than OPEN_LIMIT others are running. */
export async function withOpenFile<T>(work: () => Promise<T>): Promise<T> {
  if (open >= OPEN_LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  open += 1;
  try {
    return await work();
  } finally {
    open -= 1;
    waiting.shift()?.();
  }
}
