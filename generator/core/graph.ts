/**
 * Nodes on a cycle of a directed graph: members of a strongly connected component with more than
 * one node, or with an edge to itself (Tarjan's algorithm). Iterative, so a long chain of
 * references cannot overflow the stack. Used for `$ref` cycles by the validator compiler (calls
 * into a cycle are depth-limited) and the types emitter (recursive named types).
 */
export function nodesOnCycles<T>(
  nodes: Iterable<T>,
  edges: (node: T) => Iterable<T>,
): Set<T> {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const cyclic = new Set<T>();
  let counter = 0;
  const enter = (node: T) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    return { node, next: edges(node)[Symbol.iterator](), selfLoop: false };
  };
  for (const start of nodes) {
    if (index.has(start)) continue;
    // Each frame: a node and where it is in its list of edges.
    const frames = [enter(start)];
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const to = step.value;
        if (to === frame.node) frame.selfLoop = true;
        if (!index.has(to)) frames.push(enter(to));
        else if (onStack.has(to))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent)
        low.set(
          parent.node,
          Math.min(low.get(parent.node)!, low.get(frame.node)!),
        );
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: T[] = [];
      for (;;) {
        const member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
        if (member === frame.node) break;
      }
      if (component.length > 1 || frame.selfLoop)
        for (const m of component) cyclic.add(m);
    }
  }
  return cyclic;
}
