import { useState, type ReactNode } from 'react';
import { paths } from '@/lib/paths.ts';
import { AppLink } from '../ui/app-link.tsx';
import { Brand } from '../ui/brand.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { Icon } from '../ui/icons.tsx';

export type LandingNavItem = { label: string; href: string };

type LandingLayoutProps = {
  nav: LandingNavItem[];
  signupPath: string;
  footer: ReactNode;
  children: ReactNode;
  /** where the brand goes: the top of the landing page, or the landing page from another public page */
  homeHref?: string;
  /**
   * Offers the dashboard instead of Login and Sign up. Unknown at build: the landing's script decides from the
   * session hint by setting `data-signed-in` on the header (features/landing/live-landing.ts).
   */
  isSignedIn?: boolean;
};

const anchorClasses =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-gray-800 hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-500';

/** The public pages' frame: a top bar (a compact menu on a phone), the page and a footer. */
export function LandingLayout({
  nav,
  signupPath,
  footer,
  children,
  homeHref = '#home',
  isSignedIn = false,
}: LandingLayoutProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const close = () => {
    setIsMenuOpen(false);
  };
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header
        data-signed-in={isSignedIn ? '' : undefined}
        className="group/session sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur print:hidden"
      >
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
          <a href={homeHref} className="rounded focus-visible:outline-3 focus-visible:outline-brand-500">
            <Brand />
          </a>
          <nav aria-label="Sections" className="ml-auto hidden items-center gap-1 md:flex">
            {nav.map((item) => (
              <a key={item.href} href={item.href} className={anchorClasses}>
                {item.label}
              </a>
            ))}
          </nav>
          {/* both choices share one cell, as wide as the wider, so switching them never moves the page */}
          <div className="ml-auto grid md:ml-2">
            <div className="col-start-1 row-start-1 flex items-center justify-end gap-2 group-data-signed-in/session:invisible">
              <AppLink to={paths.login} className={anchorClasses}>
                Login
              </AppLink>
              <AppLink to={signupPath} className={`${buttonClasses.primary} max-md:hidden`}>
                Signup
              </AppLink>
            </div>
            <div className="invisible col-start-1 row-start-1 flex items-center justify-end group-data-signed-in/session:visible">
              <AppLink to={paths.dashboard} className={buttonClasses.primary}>
                Dashboard
              </AppLink>
            </div>
          </div>
          <button
            type="button"
            aria-expanded={isMenuOpen}
            aria-controls="landing-menu"
            onClick={() => {
              setIsMenuOpen((open) => !open);
            }}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-brand-500 md:hidden"
          >
            <Icon name={isMenuOpen ? 'close' : 'menu'} />
            <span className="sr-only">Menu</span>
          </button>
        </div>
        <nav
          id="landing-menu"
          aria-label="Sections menu"
          hidden={!isMenuOpen}
          className="border-t border-gray-200 px-4 pb-3 md:hidden"
        >
          <ul className="flex flex-col">
            {nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={`${anchorClasses} w-full`} onClick={close}>
                  {item.label}
                </a>
              </li>
            ))}
            <li className="pt-2 group-data-signed-in/session:hidden">
              <AppLink to={signupPath} className={`${buttonClasses.primary} w-full`} onClick={close}>
                Signup
              </AppLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="home" className="flex-1">
        {children}
      </main>
      {footer}
    </div>
  );
}
