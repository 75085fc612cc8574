/**
 * Requests the first script (src/boot.ts) sends before the app has loaded, and how the app takes their answers.
 * Kept free of imports: the first script must stay a few hundred bytes.
 */

export const EARLY_KEY = '__quickvendEarly';

/** `/api/v1/purchases?limit=5`: the dashboard's latest purchases (features/dashboard RECENT_PURCHASES) */
export const RECENT_PURCHASES_PATH = '/api/v1/purchases?limit=5';

/** What a page asks first: the session everywhere, and on the dashboard its wallet and latest purchases. */
export function earlyPaths(pathname: string): string[] {
  const paths = ['/api/v1/session'];
  if (pathname.replace(/\/$/, '') === '/dashboard') paths.push('/api/v1/wallet', RECENT_PURCHASES_PATH);
  return paths;
}

/** Sends a page's first requests and keeps their answers for the app (src/boot.ts, before the app loads). */
export function startEarlyRequests(pathname: string): void {
  const early: Record<string, Promise<Response>> = {};
  for (const path of earlyPaths(pathname)) {
    const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // a failure is the app's to report when it takes the answer
    response.catch(() => undefined);
    early[path] = response;
  }
  (window as unknown as Record<string, unknown>)[EARLY_KEY] = early;
}

/**
 * The answer the first script already asked for `path`, once: a later request asks the server again. Answers
 * nobody took within a few seconds (a page that did not need them) are never used, so nothing stale is shown.
 */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[
    EARLY_KEY
  ];
  const response = early?.[path];
  if (!early || !response) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- each answer is taken once
  delete early[path];
  return performance.now() < EARLY_ANSWER_MS ? response : undefined;
}

/** how long after the page opened an early answer may still be taken */
const EARLY_ANSWER_MS = 15_000;
