/**
 * The app's first script: tiny, run as soon as it arrives. It asks the server for the session (and on the
 * dashboard for the wallet and the latest purchases) and starts the dashboard's code, while the app's own script
 * (React, the router, the query cache) is still on its way: on slow 4G the first screen no longer waits a second
 * or more for it. The app takes each answer once (lib/api-client.ts).
 */
import { isDashboardPath, startEarlyRequests } from './lib/early-requests.ts';

startEarlyRequests(window.location.pathname);
if (isDashboardPath(window.location.pathname)) {
  // offline, the app's own router shows why a page cannot open: nothing to report here
  import('./app/routes/dashboard-shell.tsx').catch(() => undefined);
  import('./features/dashboard/components/dashboard-page.tsx').catch(() => undefined);
}
