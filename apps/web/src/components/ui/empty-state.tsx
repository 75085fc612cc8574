import type { ReactNode } from 'react';

type EmptyStateProps = { title: string; children?: ReactNode; action?: ReactNode };

export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-4 py-8 text-center">
      <p className="text-base font-semibold text-gray-900">{title}</p>
      {children ? <div className="text-sm text-gray-700">{children}</div> : null}
      {action}
    </div>
  );
}
