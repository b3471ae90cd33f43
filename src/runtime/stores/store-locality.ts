// Whether a process keeps some state in a shared store and some in its own memory: behind a load balancer such an
// instance gives each instance its own copy of the memory-kept state (a login budget per instance, an idempotency
// key that another instance runs again). The PostgreSQL and Redis stores say so as they are made; a memory store
// checks at its first write and warns once per kind (process warning SVCGEN_MEMORY_STORE).

let sharedIn: string | undefined;
const warned = new Set<string>();

/** Called by a PostgreSQL or Redis store as it is made: this process shares state through `server`. */
export function noteSharedStore(server: string): void {
  sharedIn ??= server;
}

/** Called by a memory store as it writes: warns once for its kind when this process shares other stores. */
export function noteMemoryStoreWrite(store: string, holds: string): void {
  if (sharedIn === undefined || warned.has(store)) return;
  warned.add(store);
  process.emitWarning(
    `${store} keeps ${holds} in this process while others of its stores are in ${sharedIn}: behind a load balancer ` +
      `every instance keeps its own; give it the ${sharedIn} store (docs/server.md, "Several instances")`,
    { code: 'SVCGEN_MEMORY_STORE' },
  );
}
