import fc from 'fast-check';
import { z } from 'zod';

/** JSON text that no JavaScript value serialises to (numbers past a double, deep nesting), with a short label. */
export class RawJson {
  constructor(
    readonly json: string,
    readonly label: string,
  ) {}

  [fc.toStringMethod](): string {
    return this.label;
  }
}

export const raw = (json: string, label = json) => new RawJson(json, label);

/** Text sent as is (a path, a query), shown shortened when fast-check reports a counterexample. */
export class SentText {
  constructor(readonly text: string) {}

  [fc.toStringMethod](): string {
    return JSON.stringify(abbreviate(this.text));
  }
}

export const abbreviate = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** Serialises a generated body: `RawJson` as written, own `__proto__` keys kept, anything else as JSON does. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** Sets a key as an own property, even `__proto__` (plain assignment would change the prototype instead). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** A property of a body, query or event: where it is, which JSON types it takes, whether it must be there. */
export type Field = { path: string[]; types: JsonType[]; isRequired: boolean };

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];
const isJsonType = (value: unknown): value is JsonType => JSON_TYPES.includes(value as JsonType);

type JsonSchemaNode = {
  type?: unknown;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
};

function typesOf(node: JsonSchemaNode): JsonType[] {
  const own = [node.type].flat().filter(isJsonType);
  const nested = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap(typesOf);
  return [...new Set([...own, ...nested])];
}

/** The top-level properties of an object schema, read from its JSON Schema; null when it cannot be converted. */
export function fieldsOfSchema(schema: unknown): Field[] | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: JsonSchemaNode;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  } catch {
    return null;
  }
  if (!json.properties) return null;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, node]) => ({
    path: [name],
    types: typesOf(node),
    isRequired: required.has(name),
  }));
}

/** The properties of a sample object, two levels deep: the shape of a body no schema describes. */
export function fieldsOfSample(sample: Record<string, unknown>, prefix: string[] = []): Field[] {
  return Object.entries(sample).flatMap(([name, value]) => {
    const path = [...prefix, name];
    const types: JsonType[] = [
      value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType),
    ];
    const field = { path, types, isRequired: true };
    return isPlainObject(value) && prefix.length === 0 ? [field, ...fieldsOfSample(value, path)] : [field];
  });
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);
