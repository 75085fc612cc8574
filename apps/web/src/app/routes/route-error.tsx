import { useMemo, type ReactNode } from 'react';
import { Link, useRouteError } from '@/lib/router/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { chunkFailureOf, useReloadWhenReachable, type ChunkLoadFailure } from '@/lib/pwa/chunk-failure.ts';
import { paths } from '@/lib/paths.ts';

export const NEW_VERSION_TEXT = 'A new version of QuickVend is available. Reload the page to get it.';
export const WAITING_HEADING = 'Waiting for your connection';
export const WAITING_TEXT =
  'This page could not load without a signal. It opens by itself when your connection returns.';

const UNEXPECTED_TEXT = 'An unexpected problem stopped this page from showing.';

function ErrorFrame({
  heading,
  text,
  action,
  isInsideLayout,
}: {
  heading: string;
  text: string;
  action: ReactNode;
  isInsideLayout: boolean;
}) {
  return (
    <div
      className={`mx-auto flex max-w-md flex-col items-center gap-4 px-4 text-center ${
        isInsideLayout ? 'py-10' : 'min-h-dvh justify-center'
      }`}
    >
      <h1 className="text-2xl font-bold text-gray-900">{heading}</h1>
      <p role="alert" className="text-gray-700">
        {text}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {action}
        <Link
          to={paths.landing}
          className="inline-flex min-h-11 items-center px-3 font-semibold text-brand-800 underline"
        >
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

const reloadButton = (
  <Button
    onClick={() => {
      window.location.reload();
    }}
  >
    Reload the page
  </Button>
);

/** A page whose code did not load: offline, it waits for the signal and opens by itself; else a new version. */
function ChunkError({ failure, isInsideLayout }: { failure: ChunkLoadFailure; isInsideLayout: boolean }) {
  const { kind, checkNow } = useReloadWhenReachable(failure);
  if (kind === 'new-version') {
    return (
      <ErrorFrame
        heading="Something went wrong"
        text={NEW_VERSION_TEXT}
        action={reloadButton}
        isInsideLayout={isInsideLayout}
      />
    );
  }
  return (
    <ErrorFrame
      heading={WAITING_HEADING}
      text={WAITING_TEXT}
      action={<Button onClick={checkNow}>Try again</Button>}
      isInsideLayout={isInsideLayout}
    />
  );
}

/** Shown when a page fails to load or throws; the rest of the app keeps working. */
export function RouteError({ isInsideLayout = false }: { isInsideLayout?: boolean }) {
  const error = useRouteError();
  const failure = useMemo(() => chunkFailureOf(error), [error]);
  if (failure) return <ChunkError failure={failure} isInsideLayout={isInsideLayout} />;
  return (
    <ErrorFrame
      heading="Something went wrong"
      text={UNEXPECTED_TEXT}
      action={reloadButton}
      isInsideLayout={isInsideLayout}
    />
  );
}

export function PageError() {
  return <RouteError isInsideLayout />;
}
