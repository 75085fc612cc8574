import type { SupportContact } from '@quickvend/shared/api/meta';

/** One way to reach the business, ready to link to. */
export type ContactLink = { kind: 'phone' | 'email' | 'whatsapp' | 'social'; label: string; href: string };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const https = (value: unknown): string | null => {
  const url = text(value);
  return url !== null && url.startsWith('https://') ? url : null;
};

/**
 * The contacts the server is configured with, as links, in the order people reach for them; only what the
 * server names, never a placeholder. Read by hand (the landing loads no schema library).
 */
export function contactLinks(meta: unknown): ContactLink[] {
  const found = (meta as { support?: unknown } | null)?.support;
  if (typeof found !== 'object' || found === null) return [];
  const support = found as Partial<Record<keyof SupportContact, unknown>>;
  const links: ContactLink[] = [];
  const phone = text(support.phone);
  if (phone) links.push({ kind: 'phone', label: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` });
  const whatsapp = https(support.whatsappUrl);
  if (whatsapp) links.push({ kind: 'whatsapp', label: 'WhatsApp', href: whatsapp });
  const email = text(support.email);
  if (email) links.push({ kind: 'email', label: email, href: `mailto:${email}` });
  if (Array.isArray(support.links)) {
    for (const link of support.links as unknown[]) {
      const name = text((link as { name?: unknown } | null)?.name);
      const url = https((link as { url?: unknown } | null)?.url);
      if (name && url) links.push({ kind: 'social', label: name, href: url });
    }
  }
  return links;
}
