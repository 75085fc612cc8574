/** A search's query without its empty filters (an empty text, an unticked box), which the URL leaves out. */
export function searchQueryOf<Q extends Record<string, unknown>>(query: Q): Partial<Q> {
  return Object.entries(query).reduce<Partial<Q>>(
    (kept, [name, value]) => (value === '' || value === false ? { ...kept, [name]: undefined } : kept),
    query,
  );
}
