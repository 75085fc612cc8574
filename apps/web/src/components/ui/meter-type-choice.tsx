import { useId } from 'react';
import { meterTypeLabels, type MeterType } from '@quickvend/shared/beneficiaries';
import { METER_TYPES } from '@quickvend/shared/services';

/** Prepaid or postpaid as two large buttons; `null` starts with neither chosen. */
export function MeterTypeChoice({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: MeterType | null;
  onChange: (type: MeterType) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold text-gray-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {METER_TYPES.map((type) => (
          <label
            key={type}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border-2 text-sm font-bold has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
              value === type
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-gray-200 bg-white text-gray-900 hover:border-brand-600'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => {
                onChange(type);
              }}
              className="sr-only"
            />
            {meterTypeLabels[type]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
