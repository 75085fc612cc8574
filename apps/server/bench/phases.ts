import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadPlan, LoadResult } from './load-generator.ts';
import type { SamplerPlan, SamplerResult } from './lock-sampler.ts';
import { cpuSecondsOf, machineBusySeconds, ms } from './measure.ts';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** A helper process of the bench (its CPU is not the server's), once it says it is ready for its plan. */
async function forkBench(file: string): Promise<ChildProcess> {
  const child = fork(path.join(benchDir, file), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await nextMessage(child);
  return child;
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      reject(new Error(`a bench helper process exited early (${code})`));
    };
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const child = await forkBench('load-generator.ts');
  const result = nextMessage<LoadResult>(child);
  child.send(plan);
  return result;
}

export type Postgres = {
  url: (database: string) => string;
  /** CPU seconds of the whole PostgreSQL server (background processes included); null when it is elsewhere */
  cpu: () => number | null;
};

type Phase<T> = {
  result: T;
  serverCpu: { total: number; kernel: number };
  postgresCpu: number | null;
  providerCpu: number | null;
  /** CPU seconds the rest of the machine used meanwhile: other sessions' work, which slows every figure */
  othersCpu: number | null;
  seconds: number;
  locks: SamplerResult;
};

/**
 * Runs `work` with the lock sampler on `database`, measuring the CPU each process used meanwhile.
 * `clientCpu` says what the load's client used (given the CPU of this process's children reaped meanwhile).
 */
export async function measured<T>(
  postgres: Postgres,
  database: string,
  providerPid: number | null,
  work: () => Promise<T>,
  clientCpu: (result: T, reapedChildren: number) => number,
): Promise<Phase<T>> {
  const sampler = await forkBench('lock-sampler.ts');
  const started = nextMessage<{ pid: number }>(sampler);
  sampler.send({ databaseUrl: postgres.url('postgres'), database, intervalMs: 10 } satisfies SamplerPlan);
  const samplerBackend = (await started).pid;
  const samplerBefore = cpuSecondsOf(samplerBackend);
  const machineBefore = machineBusySeconds();
  const childrenBefore = (cpuSecondsOf(process.pid, true) ?? 0) - (cpuSecondsOf(process.pid) ?? 0);
  const serverBefore = process.cpuUsage();
  const postgresBefore = postgres.cpu();
  const providerBefore = providerPid === null ? null : cpuSecondsOf(providerPid);
  const startedAt = performance.now();
  const result = await work();
  const seconds = (performance.now() - startedAt) / 1000;
  const server = process.cpuUsage(serverBefore);
  const postgresAfter = postgres.cpu();
  const providerAfter = providerPid === null ? null : cpuSecondsOf(providerPid);
  const samplerAfter = cpuSecondsOf(samplerBackend);
  const childrenAfter = (cpuSecondsOf(process.pid, true) ?? 0) - (cpuSecondsOf(process.pid) ?? 0);
  const machineAfter = machineBusySeconds();
  const stopped = nextMessage<SamplerResult>(sampler);
  sampler.send('stop');
  const locks = await stopped;
  const difference = (before: number | null, after: number | null) =>
    before === null || after === null ? null : after - before;
  const serverCpu = (server.user + server.system) / 1e6;
  const samplerCpu = difference(samplerBefore, samplerAfter) ?? 0;
  const postgresCpu = difference(postgresBefore, postgresAfter);
  const providerCpu = difference(providerBefore, providerAfter);
  const machine = difference(machineBefore, machineAfter);
  return {
    result,
    serverCpu: { total: serverCpu, kernel: server.system / 1e6 },
    // the sampler's own backend is the bench's cost, not the workload's
    postgresCpu: postgresCpu === null ? null : postgresCpu - samplerCpu,
    providerCpu,
    othersCpu:
      machine === null || postgresCpu === null
        ? null
        : machine -
          serverCpu -
          postgresCpu -
          (providerCpu ?? 0) -
          locks.cpuSeconds -
          clientCpu(result, childrenAfter - childrenBefore),
    seconds,
    locks,
  };
}

export function describeLocks(locks: SamplerResult, purchases: number): string {
  const top = Object.entries(locks.byStatement)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([what, seconds]) => `\n      ${ms(seconds / purchases)} ${what}`)
    .join('');
  return `lock wait ${ms(locks.lockWaitSeconds / purchases)} per purchase (${locks.samples} samples)${top}`;
}

/** Says when other work shared the machine or the database during a phase: its figures are then worse. */
export function warnIfShared(phase: Phase<unknown>): void {
  const { locks, othersCpu, seconds } = phase;
  if (locks.elsewhereShare > 0.02)
    console.log(
      `    note: another database was at work in ${(locks.elsewhereShare * 100).toFixed(0)}% of the samples; ` +
        'the PostgreSQL CPU figures include that work',
    );
  if (othersCpu !== null && othersCpu / seconds > 0.1)
    console.log(
      `    note: other processes on this machine used ${((othersCpu / seconds) * 100).toFixed(0)}% of a core meanwhile`,
    );
}
