// One operation's components built in the order the document would build them if this operation
// came first: its calls in order, each new component's own calls depth first. A component that a
// later operation is the first to call for is built the same way there: what comes before it in
// this order, but not in the document's, belongs to components named earlier, whose own calls
// reach only components named earlier too.
import type { Built, Call } from './components.js';
import { buildNow } from './document-names.js';

export class LocalOrder {
  private readonly found = new Map<string, Built>();
  private readonly walk: Iterator<void>;

  constructor(operationCalls: readonly Call[]) {
    this.walk = this.visit(operationCalls, new Set());
  }

  /** The component as this order first builds it. */
  find(section: string, owner: string): Built {
    const key = `${section} ${owner}`;
    while (!this.found.has(key))
      if (this.walk.next().done) throw new Error(`openapi: the operation does not call for ${key}`);
    return this.found.get(key) as Built;
  }

  private *visit(calls: readonly Call[], seen: Set<string>): Generator<void> {
    for (const call of calls) {
      const key = `${call.request[0]} ${call.request[1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const built = buildNow(call);
      this.found.set(key, built);
      yield;
      yield* this.visit(built.calls, seen);
    }
  }
}
