// One operation's components built in the order the document would build them if this operation
// came first: its calls in order, each new component's own calls depth first. A component that a
// later operation is the first to call for is built the same way there: what comes before it in
// this order, but not in the document's, belongs to components named earlier, whose own calls
// reach only components named earlier too.
import type { Components } from './components.js';
import { buildComponent, liveCalls, type BuiltComponent, type Calls } from './printed-operation.js';

export class LocalOrder {
  private readonly found = new Map<string, BuiltComponent>();
  private readonly walk: Iterator<void>;

  constructor(components: Components) {
    this.walk = this.visit(liveCalls(components, components.operationCalls()), new Set());
  }

  /** The component as this order first builds it. */
  find(section: string, owner: string): BuiltComponent {
    const key = `${section} ${owner}`;
    for (let built = this.found.get(key); ; built = this.found.get(key)) {
      if (built) return built;
      if (this.walk.next().done) throw new Error(`openapi: the operation does not call for ${key}`);
    }
  }

  private *visit(calls: Calls, seen: Set<string>): Generator<void> {
    for (const live of calls.live ?? []) {
      const key = `${live.call.section} ${live.call.name.owner}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const built = buildComponent(live);
      this.found.set(key, built);
      yield;
      yield* this.visit(built.calls, seen);
    }
  }
}
