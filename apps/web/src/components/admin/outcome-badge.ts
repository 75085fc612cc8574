import type { BadgeTone } from '@/components/ui/status-badge.tsx';

const outcomeTones: Record<string, BadgeTone> = {
  delivered: 'success',
  failed: 'error',
  pending: 'warning',
  processing: 'warning',
  requested: 'neutral',
  unknown: 'neutral',
};

/** The outcome word of a timeline line, as a badge; none when the line has no outcome. */
export function outcomeBadge(outcome: string | null): { label: string; tone: BadgeTone } | null {
  if (!outcome) return null;
  const label =
    outcome === 'unknown' ? 'Not known to VTpass' : `${outcome.charAt(0).toUpperCase()}${outcome.slice(1)}`;
  return { label, tone: outcomeTones[outcome] ?? 'neutral' };
}
