import { useId, type InputHTMLAttributes, type Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A text input with a visible label, an optional hint and an announced error. */
export function Input({ label, hint, error, id, className = '', ref, ...rest }: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500 read-only:bg-gray-100 ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="text-sm font-medium text-red-700" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
