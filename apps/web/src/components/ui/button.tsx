import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70';

export const buttonClasses: Record<ButtonVariant, string> = {
  primary: `${base} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${base} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
  text: `${base} text-brand-800 underline-offset-4 hover:underline`,
};

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** While busy the button is disabled and shows `busyLabel` (for example the spec's `Processing...`). */
  isBusy?: boolean;
  busyLabel?: ReactNode;
  fullWidth?: boolean;
};

export function Button({
  variant = 'primary',
  isBusy = false,
  busyLabel,
  fullWidth = false,
  className = '',
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled === true || isBusy}
      aria-busy={isBusy || undefined}
      className={`${buttonClasses[variant]} ${fullWidth ? 'w-full' : ''} ${className}`}
    >
      {isBusy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
