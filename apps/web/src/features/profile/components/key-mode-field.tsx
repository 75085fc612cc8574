import type { UseFormRegisterReturn } from 'react-hook-form';
import type { KeyMode } from '@quickvend/shared/api/api-keys';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

export const keyModeTexts = {
  legend: 'Kind of key',
  test: 'Test',
  testHint: 'Buys from our sandbox with test money. Nothing is really sent; your wallet is never touched.',
  live: 'Live',
  liveHint: 'Buys for real from your wallet.',
} as const;

const choices: { mode: KeyMode; label: string; hint: string }[] = [
  { mode: 'test', label: keyModeTexts.test, hint: keyModeTexts.testHint },
  { mode: 'live', label: keyModeTexts.live, hint: keyModeTexts.liveHint },
];

/** Test or live, as two large choices with what each does. */
export function KeyModeField({ field, value }: { field: UseFormRegisterReturn; value: KeyMode }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold text-gray-900">{keyModeTexts.legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {choices.map((choice) => (
          <label
            key={choice.mode}
            className={`flex min-h-11 cursor-pointer flex-col gap-0.5 rounded-lg border-2 p-2 has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
              value === choice.mode
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-gray-200 bg-white text-gray-900 hover:border-brand-600'
            }`}
          >
            <input type="radio" value={choice.mode} {...field} className="sr-only" />
            <span className="text-sm font-bold">{choice.label}</span>
            <span className="text-xs text-gray-700">{choice.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The mode of a listed key, in words. */
export function KeyModeBadge({ mode }: { mode: KeyMode }) {
  return mode === 'test' ? (
    <StatusBadge label="Test key" tone="warning" />
  ) : (
    <StatusBadge label="Live key" tone="neutral" />
  );
}
