import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** addresses, codes: a fixed-width face, so each character can be checked */
  isCode?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A few lines of text with a visible label, an optional hint and an announced error. */
export function TextArea({ label, hint, error, rows = 3, isCode = false, ref, ...rest }: TextAreaProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500 ${isCode ? 'font-mono text-sm' : 'text-base'} focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500 ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="text-sm font-medium text-red-700" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
