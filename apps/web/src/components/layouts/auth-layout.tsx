import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.ts';
import { Brand } from '../ui/brand.tsx';

type AuthLayoutProps = { title: string; intro?: ReactNode; homePath: string; children: ReactNode };

/** A single card on a calm background: sign-up, login, password and admin forms. */
export function AuthLayout({ title, intro, homePath, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-6">
      <Link to={homePath} className="mb-6 rounded focus-visible:outline-3 focus-visible:outline-brand-500">
        <Brand />
      </Link>
      <main className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {intro ? <div className="mt-1 text-sm text-gray-700">{intro}</div> : null}
        <div className="mt-5">{children}</div>
      </main>
    </div>
  );
}
