import type { FastifyReply } from 'fastify';
import { kobo, type Kobo } from '@quickvend/shared/money';

export type Body = Record<string, unknown>;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^\d+$/;

export const asBody = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

export function readText(body: Body, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Kobo sent as an integer or a string of digits, as Paystack accepts it. */
export function readKobo(body: Body, name: string): Kobo | null {
  const value = body[name];
  const n = typeof value === 'string' && DIGITS.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? kobo(n) : null;
}

export function readMetadata(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

export const refuse = (reply: FastifyReply, status: number, message: string, extra: Body = {}) =>
  reply.status(status).send({ status: false, message, ...extra });

export const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
