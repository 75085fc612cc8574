// `npm test`: every unit and integration test (on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set),
// then the browser journeys in Debian's chromium against the built app. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCi = Boolean(process.env.CI);
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const notes = [];
if (!process.env.TEST_DATABASE_URL) {
  if (isCi) fail('CI must run the money tests on PostgreSQL: TEST_DATABASE_URL is not set.');
  notes.push(
    'PostgreSQL: TEST_DATABASE_URL is not set, so the database tests ran on the embedded database only.',
  );
}

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'vitest.json')}`,
]);

let e2eStatus = 0;
if (existsSync(chromium)) {
  e2eStatus = run('npm', ['run', 'build', '-w', '@quickvend/web']);
  if (e2eStatus === 0) {
    e2eStatus = run('npx', ['playwright', 'test', '--config', 'apps/web/e2e/playwright.config.ts'], {
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    });
  }
} else {
  if (isCi) fail(`CI must run the browser tests: no chromium at ${chromium}.`);
  notes.push(
    `Browser tests NOT RUN: no chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
}

let passed = 0;
let failed = 0;
const failures = [];
const vitest = readJson('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  for (const file of vitest.testResults) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') {
        failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
      failures.push(`${where}: ${firstLine(file.message) || 'failed outside its tests'}`);
    }
  }
}
const e2e = readJson('e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected') failures.push([...titles, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of e2e.suites) walk(suite, [suite.title]);
}
if ((vitestStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1;
// The end of a long run is often all that a CI log keeps, so the failures are named again here.
for (const failure of failures) process.stdout.write(`\nFAILED ${failure}`);
for (const note of notes) process.stdout.write(`\n!! ${note}\n`);
process.stdout.write(`\nTotal: ${passed} passed, ${failed} failed\n`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 ? 1 : 0);

function readJson(name) {
  const file = path.join(results, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function firstLine(text) {
  return (text ?? '').trim().split('\n')[0].slice(0, 300);
}

function fail(message) {
  process.stderr.write(`\n${message}\n`);
  process.exit(1);
}
