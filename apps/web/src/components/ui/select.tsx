import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A native select (the phone's own picker) with a visible label, an optional hint and an announced error. */
export function Select({ label, hint, error, id, className = '', ref, children, ...rest }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      <select
        {...rest}
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600 ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" aria-live="polite">
          {error}
        </p>
      ) : null}
    </div>
  );
}
