import { messages } from '@quickvend/shared/messages';
import { Skeleton } from '@/components/ui/skeleton.tsx';

/** The dashboard's outline while the session or a page's code loads: no layout jump after. */
export function ShellSkeleton() {
  return (
    <div className="flex min-h-dvh bg-gray-50" aria-busy="true">
      <p className="sr-only" role="status">
        {messages.common.loading}
      </p>
      <div className="hidden w-64 shrink-0 bg-brand-900 md:block" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-[61px] items-center gap-3 border-b border-gray-200 bg-white px-4 md:px-6">
          <Skeleton className="h-8 w-8 md:hidden" />
          <Skeleton className="ml-auto h-8 w-24 rounded-full" />
        </div>
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-5 md:px-6 lg:px-8">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-32 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      </div>
      <div className="fixed inset-x-0 bottom-0 h-16 border-t border-gray-200 bg-white md:hidden" />
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p className="sr-only" role="status">
        {messages.common.loading}
      </p>
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  );
}

/** First load of a public page's code: a quiet blank page (most of these load in a blink). */
export function BlankLoading() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <p className="sr-only" role="status">
        {messages.common.loading}
      </p>
    </div>
  );
}
