import { useId, useRef } from 'react';
import { TRANSACTION_PIN_LENGTH } from '@quickvend/shared/services';

type PinPadProps = {
  /** what the PIN is for, read out and shown above the dots */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** called once the last digit is entered */
  onComplete?: (value: string) => void;
  isDisabled?: boolean;
  error?: string | null | undefined;
};

const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

const keyClasses =
  'inline-flex h-11 items-center justify-center rounded-xl bg-gray-100 text-2xl font-semibold text-gray-900 hover:bg-gray-200 active:bg-gray-300 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:opacity-50';

/**
 * A 4-digit PIN: big on-screen keys for a thumb, and a real `inputmode="numeric"` field behind the dots
 * for keyboards, screen readers and password managers.
 */
export function PinPad({ label, value, onChange, onComplete, isDisabled = false, error }: PinPadProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);

  const update = (next: string) => {
    const digits = next.replace(/\D/g, '').slice(0, TRANSACTION_PIN_LENGTH);
    onChange(digits);
    if (digits.length === TRANSACTION_PIN_LENGTH && digits !== value) onComplete?.(digits);
  };

  return (
    <div className="flex flex-col items-center gap-1.5">
      <label htmlFor={inputId} className="text-base font-semibold text-gray-900">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={TRANSACTION_PIN_LENGTH}
          value={value}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            update(event.target.value);
          }}
          className="peer absolute inset-0 h-full w-full cursor-text opacity-0"
        />
        <div
          aria-hidden="true"
          className="flex gap-4 rounded-xl px-3 py-2 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500"
        >
          {Array.from({ length: TRANSACTION_PIN_LENGTH }, (_, index) => (
            <span
              key={index}
              className={`h-4 w-4 rounded-full border-2 ${
                index < value.length ? 'border-brand-700 bg-brand-700' : 'border-gray-400'
              }`}
            />
          ))}
        </div>
      </div>
      <p id={errorId} role="alert" className="min-h-5 text-center text-sm font-medium text-red-700">
        {error ?? ''}
      </p>
      <div className="grid w-full max-w-72 grid-cols-3 gap-1.5" role="group" aria-label="PIN keys">
        {keys.map((key) => (
          <button
            key={key}
            type="button"
            className={keyClasses}
            disabled={isDisabled}
            onClick={() => {
              update(value + key);
            }}
          >
            {key}
          </button>
        ))}
        <button
          type="button"
          className={`${keyClasses} text-base`}
          disabled={isDisabled || value === ''}
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
        >
          Clear
        </button>
        <button
          type="button"
          className={keyClasses}
          disabled={isDisabled}
          onClick={() => {
            update(`${value}0`);
          }}
        >
          0
        </button>
        <button
          type="button"
          className={`${keyClasses} text-base`}
          disabled={isDisabled || value === ''}
          onClick={() => {
            onChange(value.slice(0, -1));
          }}
        >
          <span aria-hidden="true">⌫</span>
          <span className="sr-only">Delete</span>
        </button>
      </div>
    </div>
  );
}
