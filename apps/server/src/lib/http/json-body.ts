import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const NUL_MESSAGE = 'This contains a character we cannot accept.';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), and refused whole when any string in them
 * holds U+0000: PostgreSQL cannot store it in text or jsonb, so it is bad input, not a failure of ours.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw.toString();
    void parse(request, body, (error: Error | null, value?: unknown) => {
      if (error) {
        done(error);
        return;
      }
      // JSON can only carry U+0000 escaped, so most bodies need no walk
      const field = body.includes('\\u0000') ? pathToNul(value) : null;
      if (field === null) done(null, value);
      else done(new AppError('VALIDATION_FAILED', NUL_MESSAGE, { fields: { [field || '_']: NUL_MESSAGE } }));
    });
  });
}

/** The dotted path of the first string (value or key) holding U+0000, or null when there is none. */
function pathToNul(body: unknown): string | null {
  // a stack, not recursion: a body may nest deeper than the call stack allows
  const stack: [unknown, string][] = [[body, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      stack.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}
