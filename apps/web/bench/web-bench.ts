// `npm run bench:web`: the web app's delivery targets, measured on this machine and printed beside
// each target. A measurement, not a test: it never fails on a missed target, it says so.
//
// It builds the web app when its sources changed, starts the real server on a fresh embedded database in
// sandbox mode, then measures with Debian's chromium: the JavaScript each page loads (Playwright), whether
// the landing's HTML has its content before any script, compression and caching (HTTP), and Lighthouse
// (mobile, simulated slow 4G and 4x slower CPU: its default) for the landing, the login page and the dashboard
// signed in, median of 3 runs. `BENCH_LIGHTHOUSE_RUNS=0` skips Lighthouse; `=1` is quicker;
// `BENCH_BOOT_PROFILE=1` adds a CPU profile of the dashboard's boot; `BENCH_LIGHTHOUSE_KEEP=<dir>` keeps each report there (LCP element, main-thread work, request chains).
import { loadavg } from 'node:os';
import { notes, print } from './report.ts';
import { buildIfNeeded, buyForReceipt, signUp, startServer } from './server.ts';
import { measureHttp, measureScripts } from './scripts.ts';
import { measureLighthouse } from './lighthouse.ts';
import { profileBoot } from './boot-profile.ts';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
buildIfNeeded();
notes.push(`machine load (1, 5, 15 min) at the start: ${load()}; Lighthouse's TBT and LCP grow with it`);
const server = await startServer();
try {
  const cookie = await signUp(server.base);
  await measureHttp(server.base);
  await measureScripts(server.base, cookie);
  if (process.env['BENCH_BOOT_PROFILE']) await profileBoot(server.base, cookie);
  const receipt = await buyForReceipt(server.base, cookie);
  measureLighthouse(server.base, cookie, receipt);
} finally {
  await server.stop();
}
notes.push(`machine load at the end: ${load()}`);
print();
