import { parseNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import type { SimVariation } from './vtpass-simulator.catalog.ts';

export type Body = Record<string, unknown>;
export type Answer = { code: string; response_description: string; content?: unknown };

export const asBody = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

export function readText(body: Body, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Naira on the wire as VTpass writes it: a float. Conversion only, no arithmetic. */
export const nairaNumber = (amount: Kobo): number => Number(toNairaString(amount));
export const nairaOf = (variation: SimVariation): Kobo => parseNaira(variation.naira);
// VTpass dates carry microseconds: 2025-03-10T10:02:57.000000Z
export const vtpassDate = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

export const answer = (code: string, description: string, content?: unknown): Answer => ({
  code,
  response_description: description,
  ...(content !== undefined && { content }),
});

export const INVALID_CREDENTIALS = answer('087', 'INVALID CREDENTIALS');
export const INVALID_ARGUMENTS = answer('011', 'INVALID ARGUMENTS');
export const INVALID_REQUEST_ID = answer('015', 'INVALID REQUEST ID');
export const NO_PRODUCT = answer('012', 'PRODUCT DOES NOT EXIST');
