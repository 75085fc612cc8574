/**
 * Each cycle of an import graph once, as the files around it: the walk behind the server's and the web app's
 * import-cycle tests.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push(onPath.slice(at));
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}
