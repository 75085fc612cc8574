import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { buttonClasses, type ButtonVariant } from './button.tsx';

/**
 * How a link moves to another page of the app without reloading it: the router's navigate, given by the
 * app's root. Pages shown outside the router (the landing, rendered at build and brought to life without React)
 * have none, and their links are plain links: a page load, which needs neither the router nor its code.
 */
const NavigateContext = createContext<((to: string) => void) | null>(null);
export const NavigateProvider = NavigateContext.Provider;

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.currentTarget.target
  );
}

/** A link to a page of the app (a path): the router moves there when there is one, the browser otherwise. */
export function AppLink({ to, onClick, children, ...rest }: AppLinkProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** An app link that looks like a button (for navigation, never for actions). */
export function AppLinkButton({
  variant = 'primary',
  className = '',
  ...rest
}: AppLinkProps & { variant?: ButtonVariant }) {
  return <AppLink {...rest} className={`${buttonClasses[variant]} ${className}`} />;
}
