import { PRODUCT_NAME } from '@quickvend/shared/services';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { paths } from '@/lib/paths.ts';

export function NotFoundPage() {
  return (
    <div className="flex flex-col gap-4">
      <title>{`Page not found · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Page not found</h1>
      <EmptyState
        title="We could not find that page."
        action={
          <LinkButton to={paths.dashboard} variant="secondary">
            Back to dashboard
          </LinkButton>
        }
      >
        The link may be old or mistyped. Go back to the dashboard to find what you were looking for.
      </EmptyState>
    </div>
  );
}
