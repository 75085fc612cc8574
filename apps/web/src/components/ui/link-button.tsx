import { Link, type LinkProps } from '@/lib/router/index.ts';
import { buttonClasses, type ButtonVariant } from './button.tsx';

type LinkButtonProps = LinkProps & { variant?: ButtonVariant };

/** A router link that looks like a button (for navigation, never for actions). */
export function LinkButton({ variant = 'primary', className = '', ...rest }: LinkButtonProps) {
  return <Link {...rest} className={`${buttonClasses[variant]} ${className}`} />;
}
