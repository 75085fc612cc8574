/**
 * Requests the first script (src/boot.ts) sends before the app has loaded, and how the app takes their answers.
 * Kept small: the first script must stay a few hundred bytes.
 */

export const EARLY_KEY = '__quickvendEarly';

/** `/api/v1/purchases?limit=5`: the dashboard's latest purchases (features/dashboard RECENT_PURCHASES) */
export const RECENT_PURCHASES_PATH = '/api/v1/purchases?limit=5';

type Early = { closed: boolean; responses: Record<string, Promise<Response>> };

const early = (): Early | undefined => (window as unknown as Record<string, Early | undefined>)[EARLY_KEY];

/** `/dashboard` (paths.dashboard, written here so the first script stays small), with or without a last slash */
export const isDashboardPath = (pathname: string) => pathname.replace(/\/$/, '') === '/dashboard';

/** What a page asks first: the session everywhere, and on the dashboard its wallet and latest purchases. */
export function earlyPaths(pathname: string): string[] {
  const paths = ['/api/v1/session'];
  if (isDashboardPath(pathname)) paths.push('/api/v1/wallet', RECENT_PURCHASES_PATH);
  return paths;
}

/**
 * Sends a page's first requests and keeps their answers for the app (src/boot.ts, before the app loads). Once
 * the app has started, it does nothing: an answer asked for then could be older than what the app knows.
 */
export function startEarlyRequests(pathname: string): void {
  if (early()?.closed) return;
  const responses: Record<string, Promise<Response>> = {};
  for (const path of earlyPaths(pathname)) {
    const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // a failure is the app's to report when it takes the answer
    response.catch(() => undefined);
    responses[path] = response;
  }
  (window as unknown as Record<string, Early>)[EARLY_KEY] = { closed: false, responses };
}

/** The answer the first script already asked for `path`, once, while the app is starting. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const state = early();
  if (!state || state.closed) return undefined;
  const response = state.responses[path];
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- each answer is taken once
  delete state.responses[path];
  return response;
}

/**
 * The app has sent its first requests: answers nobody took are dropped, and a first script that runs only now
 * sends nothing. Later requests always ask the server: an early answer could predate a sign-in.
 */
export function closeEarlyRequests(): void {
  (window as unknown as Record<string, Early>)[EARLY_KEY] = { closed: true, responses: {} };
}
