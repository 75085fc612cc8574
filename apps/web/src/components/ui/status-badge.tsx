export type BadgeTone = 'success' | 'warning' | 'error' | 'neutral';

const toneClasses: Record<BadgeTone, string> = {
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-950',
  error: 'bg-red-100 text-red-900',
  neutral: 'bg-gray-200 text-gray-900',
};

/** A short status word in a coloured pill (the word carries the meaning; the colour only helps). */
export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${toneClasses[tone]}`}
    >
      {label}
    </span>
  );
}
