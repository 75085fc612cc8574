type Declaration = { name: string; isExported: boolean; text: string };

/** The file's top-level declarations, each with its comment and body (a line at column 0 starts the next). */
function declarationsOf(source: string): Declaration[] {
  const chunks = source.split(/\n(?=\/\*\*|export |function |const |type |async function )/);
  return chunks.flatMap((text) => {
    const match =
      /^(?:\/\*\*[\s\S]*?\*\/\n)?(export )?(?:async )?(?:function|const|type) ([A-Za-z_]\w*)/.exec(text);
    return match ? [{ name: match[2] ?? '', isExported: match[1] !== undefined, text }] : [];
  });
}

const isHook = (name: string) => /^use[A-Z]/.test(name);
const isOptions = (name: string) => /QueryOptions$/.test(name);
const makesRequest = (text: string) => /\bcall\(|\bfetch\(/.test(text);

/**
 * What keeps an API file from the one shape (bulletproof-react's features/x/api): a fetcher that makes the
 * request, then for a read its query options and the hook that uses them, for a write the mutation hook.
 * A file with neither request nor hook (shared keys, URL helpers) is not a request file and passes.
 */
export function apiFileProblems(source: string): string[] {
  const declarations = declarationsOf(source);
  const exported = declarations.filter((d) => d.isExported);
  const hooks = exported.filter((d) => isHook(d.name));
  const options = exported.filter((d) => isOptions(d.name));
  const fetchers = exported.filter((d) => !isHook(d.name) && !isOptions(d.name) && makesRequest(d.text));
  if (hooks.length === 0 && options.length === 0 && !makesRequest(source)) return [];
  const problems: string[] = [];
  if (fetchers.length === 0) problems.push('no exported fetcher making the request');
  for (const d of [...hooks, ...options]) {
    if (makesRequest(d.text))
      problems.push(`${d.name} makes the request itself instead of calling the fetcher`);
  }
  const writes = hooks.filter((d) => d.text.includes('useMutation('));
  if (writes.length === 0) {
    if (options.length === 0) problems.push('a read without exported query options');
    if (hooks.length === 0) problems.push('a read without a hook');
  }
  if (hooks.length > 1 || fetchers.length > 1) problems.push('more than one request in one file');
  const at = (list: Declaration[]) => (list[0] ? declarations.indexOf(list[0]) : -1);
  const order = [at(fetchers), at(options), at(hooks)].filter((i) => i >= 0);
  if (order.some((i, n) => n > 0 && i < (order[n - 1] ?? 0)))
    problems.push('not in the order fetcher, options, hook');
  return problems;
}
