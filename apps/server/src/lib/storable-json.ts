// eslint-disable-next-line no-control-regex -- NUL is exactly what jsonb refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A JSON value PostgreSQL's jsonb accepts: JSON text may carry a lone surrogate (`"\ud800"`) or a NUL, which
 * jsonb refuses; each becomes U+FFFD. What a vendor signed is checked on the raw bytes before this.
 */
export function toStorableJson(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '\uFFFD');
  if (Array.isArray(value)) return value.map(toStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [toStorableJson(key) as string, toStorableJson(entry)]),
    );
  }
  return value;
}
