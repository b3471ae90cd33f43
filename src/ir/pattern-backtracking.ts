// How much a backtracking engine (V8's) can pay for a pattern on a value that does not match, told
// at generation time (issue 31: `^(a+)+$` blocked a server for seconds on 29 characters).
//
// The analysis is the ambiguity test of Weideman et al. ("Analyzing matching time behavior of
// backtracking regular expression matchers by using ambiguity of NFA", 2016) on the position
// automaton of pattern-automaton.ts:
// - exponential: some position q has two different paths from q back to q reading the same text,
//   found as a component of the pair automaton holding (q, q) and a pair off the diagonal (or two
//   parallel edges). Each turn of the loop doubles the ways to split the text.
// - polynomial of degree d: a chain of d loops p1 … pd where, on one text w, p_i loops, p_i reaches
//   p_(i+1) and p_(i+1) loops (the triple automaton from (p, p, q) reaches (p, q, q)). The text can
//   be shared among the loops in about n^(d-1) ways, times n offsets without a leading ^.
// A loop a match can leave at once without `$` after it is harmless (the engine stops at the first
// match), so its witnesses are dropped. The work is bounded: past WORK_LIMIT the answer is
// 'too-complex', never a guess.
import {
  intersect,
  overlaps,
  patternAutomaton,
  type CharSet,
  type LoopOrigin,
  type PatternAutomaton,
} from './pattern-automaton.js';

export type Backtracking =
  | { readonly kind: 'linear' }
  | { readonly kind: 'exponential'; readonly loop: LoopOrigin }
  | { readonly kind: 'polynomial'; readonly degree: number; readonly loops: readonly LoopOrigin[] }
  | { readonly kind: 'too-complex' };

const WORK_LIMIT = 400_000;

class TooComplex extends Error {}

export function backtracking(pattern: string): Backtracking {
  let automaton: PatternAutomaton;
  try {
    automaton = patternAutomaton(pattern);
  } catch {
    // V8 compiled it (SVC106 reports those it does not), the parser did not: nothing is proved safe.
    return { kind: 'too-complex' };
  }
  let work = 0;
  const spend = (amount: number) => {
    work += amount;
    if (work > WORK_LIMIT) throw new TooComplex();
  };
  try {
    const components = loopComponents(automaton);
    for (const component of components) {
      const loop = exponentialLoop(automaton, component, spend);
      if (loop) return { kind: 'exponential', loop };
    }
    const chain = polynomialChain(automaton, components, spend);
    return chain.length >= 2 ? { kind: 'polynomial', degree: chain.length, loops: chain } : { kind: 'linear' };
  } catch (error) {
    if (error instanceof TooComplex) return { kind: 'too-complex' };
    throw error;
  }
}

/** A loop whose end can be the end of the match without `$` costs nothing: the engine stops there. */
const canFailAt = (automaton: PatternAutomaton, position: number) =>
  automaton.endAnchored || !automaton.finals.has(position);

/** The strongly connected components of positions that hold a loop, in topological order. */
function loopComponents(automaton: PatternAutomaton): number[][] {
  const successors = (v: number) => automaton.edges[v]!.map((e) => e.to);
  return stronglyConnected(automaton.sets.length, successors)
    .filter((c) => c.length > 1 || automaton.edges[c[0]!]!.some((e) => e.to === c[0]))
    .reverse();
}

function exponentialLoop(
  automaton: PatternAutomaton,
  component: readonly number[],
  spend: (n: number) => void,
): LoopOrigin | undefined {
  const k = component.length;
  const local = new Map(component.map((p, i) => [p, i]));
  const overlap = compatibility(automaton);
  const inside = component.map((p) => automaton.edges[p]!.filter((e) => local.has(e.to)));
  const pairEdges = (node: number) => {
    const a = Math.floor(node / k);
    const b = node % k;
    spend(inside[a]!.length * inside[b]!.length);
    const out: { to: number; branching: boolean; origins: LoopOrigin[] }[] = [];
    for (const e1 of inside[a]!)
      for (const e2 of inside[b]!) {
        if (!overlap(e1.to, e2.to)) continue;
        const to = local.get(e1.to)! * k + local.get(e2.to)!;
        const origins = [e1.loop, e2.loop].filter((o): o is LoopOrigin => o !== undefined);
        out.push({ to, branching: a === b && e1 !== e2 && e1.to === e2.to, origins });
      }
    return out;
  };
  const edgesOf = new Map<number, ReturnType<typeof pairEdges>>();
  const memoEdges = (node: number) => edgesOf.get(node) ?? edgesOf.set(node, pairEdges(node)).get(node)!;
  const pairComponents = stronglyConnected(k * k, (node) => memoEdges(node).map((e) => e.to));
  for (const members of pairComponents) {
    const set = new Set(members);
    const diagonal = members.some((n) => n % (k + 1) === 0 && canFailAt(automaton, component[n % k]!));
    if (!diagonal) continue;
    const offDiagonal = members.some((n) => n % (k + 1) !== 0);
    const internal = members.flatMap((n) => memoEdges(n).filter((e) => set.has(e.to)));
    if (offDiagonal || internal.some((e) => e.branching)) return outermost(internal.flatMap((e) => e.origins));
  }
  return undefined;
}

function polynomialChain(
  automaton: PatternAutomaton,
  components: readonly number[][],
  spend: (n: number) => void,
): LoopOrigin[] {
  const n = automaton.sets.length;
  const both = new Map<number, CharSet>();
  const overlap3 = (a: number, b: number, c: number) => {
    const key = a * n + b;
    let ab = both.get(key);
    if (ab === undefined) both.set(key, (ab = intersect(automaton.sets[a]!, automaton.sets[b]!)));
    return ab.length > 0 && overlaps(ab, automaton.sets[c]!);
  };
  /** On one text: p loops, p reaches q, q loops. */
  const shared = (p: number, q: number, inA: Set<number>, inB: Set<number>, between: Set<number>) => {
    const key = (x: number, y: number, z: number) => (x * n + y) * n + z;
    const goal = key(p, q, q);
    const seen = new Set([key(p, p, q)]);
    const queue: [number, number, number][] = [[p, p, q]];
    while (queue.length > 0) {
      const [x, y, z] = queue.pop()!;
      for (const ex of automaton.edges[x]!) {
        if (!inA.has(ex.to)) continue;
        for (const ey of automaton.edges[y]!) {
          if (!between.has(ey.to)) continue;
          spend(automaton.edges[z]!.length);
          for (const ez of automaton.edges[z]!) {
            if (!inB.has(ez.to) || !overlap3(ex.to, ey.to, ez.to)) continue;
            const next = key(ex.to, ey.to, ez.to);
            if (next === goal) return true;
            if (seen.has(next)) continue;
            seen.add(next);
            queue.push([ex.to, ey.to, ez.to]);
          }
        }
      }
    }
    return false;
  };
  // Which components reach which (components are in topological order).
  const reach = components.map(() => new Set<number>());
  const forward = components.map((c) => reachableFrom(automaton, c));
  const reverse = automaton.edges.map(() => [] as number[]);
  automaton.edges.forEach((edges, from) => edges.forEach((e) => reverse[e.to]!.push(from)));
  const backward = components.map((c) => reachableFrom(automaton, c, (v) => reverse[v]!));
  for (let i = components.length - 1; i >= 0; i--) {
    const from = forward[i]!;
    components.forEach((c, j) => {
      if (j !== i && from.has(c[0]!)) reach[i]!.add(j);
    });
  }
  const longest = new Map<number, LoopOrigin[]>();
  /** The longest chain of loops that starts with component i, itself included. */
  const chainFrom = (i: number): LoopOrigin[] => {
    const known = longest.get(i);
    if (known) return known;
    const inA = new Set(components[i]);
    let best: LoopOrigin[] = [loopOf(automaton, components[i]!)];
    for (const j of reach[i]!) {
      const rest = chainFrom(j);
      if (rest.length + 1 <= best.length) continue;
      const inB = new Set(components[j]);
      // The middle path runs from A to B: positions outside both reach sets cannot be on it.
      const between = new Set([...forward[i]!].filter((v) => backward[j]!.has(v)));
      const linked = components[i]!.some((p) =>
        components[j]!.some((q) => canFailAt(automaton, q) && shared(p, q, inA, inB, between)),
      );
      if (linked) best = [best[0]!, ...rest];
    }
    longest.set(i, best);
    return best;
  };
  return components.reduce<LoopOrigin[]>((result, _, i) => {
    const chain = chainFrom(i);
    return chain.length > result.length ? chain : result;
  }, []);
}

/** The positions reachable from start in one step or more (backwards with predecessors). */
function reachableFrom(
  automaton: PatternAutomaton,
  start: readonly number[],
  next: (v: number) => readonly number[] = (v) => automaton.edges[v]!.map((e) => e.to),
): Set<number> {
  const seen = new Set<number>();
  const stack = [...start];
  while (stack.length > 0) {
    for (const to of next(stack.pop()!)) {
      if (seen.has(to)) continue;
      seen.add(to);
      stack.push(to);
    }
  }
  return seen;
}

/** The repetition that makes a component a loop: the outermost one among its edges. */
function loopOf(automaton: PatternAutomaton, component: readonly number[]): LoopOrigin {
  const members = new Set(component);
  return outermost(
    component.flatMap((p) =>
      automaton.edges[p]!.filter((e) => members.has(e.to) && e.loop !== undefined).map((e) => e.loop!),
    ),
  );
}

function outermost(origins: readonly LoopOrigin[]): LoopOrigin {
  const width = (o: LoopOrigin) => (o === 'unanchored start' ? -1 : o.end - o.start);
  return origins.reduce((a, b) => (width(b) > width(a) ? b : a), origins[0] ?? 'unanchored start');
}

/** Whether two positions match a common character, computed once per pair. */
function compatibility(automaton: PatternAutomaton): (a: number, b: number) => boolean {
  const known = new Map<number, boolean>();
  const n = automaton.sets.length;
  return (a, b) => {
    const key = a * n + b;
    let value = known.get(key);
    if (value === undefined) {
      value = overlaps(automaton.sets[a]!, automaton.sets[b]!);
      known.set(key, value);
    }
    return value;
  };
}

/** Tarjan's algorithm, iterative; components come out in reverse topological order. */
function stronglyConnected(size: number, successors: (v: number) => readonly number[]): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < size; root++) {
    if (index.has(root)) continue;
    const work: { v: number; next: readonly number[]; i: number }[] = [];
    const open = (v: number) => {
      index.set(v, counter);
      low.set(v, counter++);
      stack.push(v);
      onStack.add(v);
      work.push({ v, next: successors(v), i: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      if (frame.i < frame.next.length) {
        const w = frame.next[frame.i++]!;
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(frame.v, Math.min(low.get(frame.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.v, Math.min(low.get(parent.v)!, low.get(frame.v)!));
      if (low.get(frame.v) === index.get(frame.v)) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.v);
        components.push(component);
      }
    }
  }
  return components;
}
