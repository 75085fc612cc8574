// `npm run bench`: measurements, not pass/fail tests. Prints what it measured on this machine.

import { BOUNDED_READS_TARGETS, boundedReadsOnPostgres } from './bounded-reads.ts';
import { authLatency, engineWarnings, landingPayload } from './checks.ts';
import { notMeasured, printTargets, targets } from './measure.ts';
import { postgresSkipped, purchasesOnPostgres } from './postgres-purchases.ts';
import { embeddedDefault } from './embedded.ts';

// BENCH_ONLY=postgres, BENCH_ONLY=bounded or BENCH_ONLY=embedded runs one part, to compare a change quickly
const only = process.env['BENCH_ONLY'];
if (!only) {
  landingPayload();
  engineWarnings();
}
const benchDatabaseUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (only === 'embedded' || only === 'bounded')
  console.log(`purchase benchmarks on PostgreSQL: not run (BENCH_ONLY=${only})`);
else if (benchDatabaseUrl) await purchasesOnPostgres(benchDatabaseUrl);
else postgresSkipped('set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server on this machine');
if (!only || only === 'bounded') {
  if (benchDatabaseUrl) targets.push(...(await boundedReadsOnPostgres(benchDatabaseUrl)));
  else {
    for (const [name, target] of BOUNDED_READS_TARGETS) notMeasured(name, target);
    console.log('bounded reads on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
}
if (only !== 'postgres' && only !== 'bounded') await embeddedDefault();
if (!only) await authLatency();
printTargets();
