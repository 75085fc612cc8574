import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button.tsx';

export function ReportSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-3">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-lg font-bold text-gray-900 tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-gray-600">{note}</dd> : null}
    </div>
  );
}

/** A download of what the server sends as CSV: a plain link, so the browser saves the file itself. */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className={`${buttonClasses.secondary} text-sm`}>
      {label}
    </a>
  );
}
