import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { paths } from '@/lib/paths.ts';

/** A page whose feature is not built yet: its title, the spec's text, and a way back. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-4">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <EmptyState
        title={messages.common.comingSoon}
        action={
          <LinkButton to={paths.dashboard} variant="secondary">
            Back to dashboard
          </LinkButton>
        }
      />
    </div>
  );
}

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
        The link may be old or mistyped. Everything you need is in the menu.
      </EmptyState>
    </div>
  );
}
