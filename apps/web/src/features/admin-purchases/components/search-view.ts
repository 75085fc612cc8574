import type { z } from 'zod';

/**
 * A search as the address bar says it: what a link or the back button brings back. Each field is read on its
 * own, so one that does not make sense falls back to its default without losing the others.
 */
export function readSearch<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> {
  const view: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const given = field.safeParse(params.get(name) ?? undefined);
    view[name] = given.success ? given.data : field.safeParse(undefined).data;
  }
  return view as z.output<S>;
}

/** The address of a search: defaults and empty fields are left out, so the plain list has a plain address. */
export function writeSearch<S extends z.ZodObject>(schema: S, view: z.output<S>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const value = (view as Record<string, unknown>)[name];
    if (value === undefined || value === '' || value === false) continue;
    if (value === field.safeParse(undefined).data) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params.set(name, String(value));
  }
  return params;
}
