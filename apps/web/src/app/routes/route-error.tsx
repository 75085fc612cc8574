import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/lib/paths.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
    return 'A new version of QuickVend may be available, or the connection dropped while loading the page.';
  }
  return 'An unexpected problem stopped this page from showing.';
}

/** Shown when a page fails to load or throws; the rest of the app keeps working. */
export function RouteError({ isInsideLayout = false }: { isInsideLayout?: boolean }) {
  const error = useRouteError();
  return (
    <div
      className={`mx-auto flex max-w-md flex-col items-center gap-4 px-4 text-center ${
        isInsideLayout ? 'py-10' : 'min-h-dvh justify-center'
      }`}
    >
      <h1 className="text-2xl font-bold text-gray-900">Something went wrong</h1>
      <p role="alert" className="text-gray-700">
        {describe(error)}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload the page
        </Button>
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

export function PageError() {
  return <RouteError isInsideLayout />;
}
