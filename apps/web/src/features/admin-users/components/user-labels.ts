import type { InvitationStatus, UserStatus } from '@quickvend/shared/api/admin-users';
import type { Role } from '@quickvend/shared/api/auth';
import type { BadgeTone } from '@/components/ui/status-badge.tsx';

export const statusLabels: Record<UserStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  suspended: { label: 'Suspended', tone: 'warning' },
  deleted: { label: 'Deleted', tone: 'neutral' },
};

export const roleLabels: Record<Role, string> = { user: 'User', admin: 'Admin' };

export const invitationLabels: Record<InvitationStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'success' },
  used: { label: 'Used', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'error' },
};

/** `usr_…9ABCDE`: enough to tell ids apart at a glance; the full id is on the user's page. */
export function shortId(id: string): string {
  const [prefix, rest] = id.includes('_')
    ? [id.slice(0, id.indexOf('_')), id.slice(id.indexOf('_') + 1)]
    : ['', id];
  if (rest.length <= 8) return id;
  return `${prefix ? `${prefix}_` : ''}…${rest.slice(-6)}`;
}

/** The spec's Name column falls back to N/A. */
export const displayName = (name: string) => (name.trim() === '' ? 'N/A' : name);

const BROWSERS: readonly (readonly [string, RegExp])[] = [
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Samsung Internet', /SamsungBrowser\//],
  ['Chrome', /Chrome\//],
  ['Firefox', /Firefox\//],
  ['Safari', /Safari\//],
];
const SYSTEMS: readonly (readonly [string, RegExp])[] = [
  ['Android', /Android/],
  ['iPhone', /iPhone|iPad/],
  ['Windows', /Windows/],
  ['Mac', /Mac OS X/],
  ['Linux', /Linux/],
];
const firstMatch = (list: readonly (readonly [string, RegExp])[], text: string) =>
  list.find(([, pattern]) => pattern.test(text))?.[0] ?? null;

/** A browser as people name it, from its user agent: `Chrome on Android`. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}
