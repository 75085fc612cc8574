// Forked by run.ts: samples pg_stat_activity on its own connection while a phase of the bench runs.
//
// Lock wait is measured by sampling, as PostgreSQL keeps no running total of it: every 10 ms, the backends of
// the bench's database whose wait_event_type is 'Lock' (heavyweight locks: rows, transaction ids, tuples,
// relations, advisory; not LWLocks) are counted. The sum over samples of (backends waiting × time since the
// previous sample) is an unbiased estimate of the backend-seconds spent waiting for locks, however short each
// wait, as long as the sampling does not move in step with the workload.
import pg from 'pg';

export type SamplerPlan = { databaseUrl: string; database: string; intervalMs: number };

export type SamplerResult = {
  samples: number;
  /** backend-seconds spent waiting on heavyweight locks in the bench's database */
  lockWaitSeconds: number;
  /** the same, by wait event and the start of the waiting statement */
  byStatement: Record<string, number>;
  /** share of the samples in which another database had a client backend at work */
  elsewhereShare: number;
  /** the sampler's own CPU seconds (this process, not its backend) */
  cpuSeconds: number;
};

type Row = { waiting: string | null; elsewhere: number; query: string | null; event: string | null };

const SAMPLE = `
  select
    (select count(*)::int from pg_stat_activity
      where datname is distinct from $1 and backend_type = 'client backend' and state = 'active'
        and pid <> pg_backend_pid()) as elsewhere,
    w.wait_event as event, left(regexp_replace(w.query, '\\s+', ' ', 'g'), 70) as query, w.waiting
  from (select 1) one
  left join lateral (
    select wait_event, query, count(*)::text as waiting from pg_stat_activity
    where datname = $1 and wait_event_type = 'Lock' group by wait_event, query
  ) w on true`;

process.once('message', (plan: SamplerPlan) => {
  void (async () => {
    const client = new pg.Client({ connectionString: plan.databaseUrl });
    await client.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
    const cpuBefore = process.cpuUsage();
    const result: SamplerResult = {
      samples: 0,
      lockWaitSeconds: 0,
      byStatement: {},
      elsewhereShare: 0,
      cpuSeconds: 0,
    };
    let elsewhereSamples = 0;
    const told = { stop: false };
    process.once('message', () => {
      told.stop = true;
    });
    process.once('disconnect', () => process.exit(1));
    process.send?.({ pid });
    let previous = performance.now();
    const firstAt = previous;
    while (!told.stop) {
      const { rows } = await client.query<Row>(SAMPLE, [plan.database]);
      const now = performance.now();
      const weight = (now - previous) / 1000;
      previous = now;
      result.samples++;
      if ((rows[0]?.elsewhere ?? 0) > 0) elsewhereSamples++;
      for (const row of rows) {
        if (row.waiting === null) continue;
        const seconds = Number(row.waiting) * weight;
        result.lockWaitSeconds += seconds;
        const what = `${row.event ?? '?'}: ${row.query ?? ''}`;
        result.byStatement[what] = (result.byStatement[what] ?? 0) + seconds;
      }
      const nextAt = firstAt + result.samples * plan.intervalMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextAt - performance.now())));
    }
    result.elsewhereShare = result.samples ? elsewhereSamples / result.samples : 0;
    const cpu = process.cpuUsage(cpuBefore);
    result.cpuSeconds = (cpu.user + cpu.system) / 1e6;
    await client.end();
    process.send?.(result, () => process.exit(0));
  })();
});
process.send?.('ready');
