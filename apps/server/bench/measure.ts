import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const CLOCK_TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process has used (with its reaped children when asked), from /proc; null where unreadable. */
export function cpuSecondsOf(pid: number, withReapedChildren = false): number | null {
  try {
    // the fields after the command name, which may itself hold spaces and brackets
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];
    const ticks = (index: number) => Number(fields[index - 3] ?? 0);
    const own = ticks(14) + ticks(15);
    return (withReapedChildren ? own + ticks(16) + ticks(17) : own) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export const parentOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ')[1] ?? 0);

/**
 * CPU seconds used by a PostgreSQL server on this machine: the postmaster with the backends it has reaped,
 * plus its live children. null when the server is elsewhere.
 */
export function postgresCpuSeconds(postmaster: number): number | null {
  const total = cpuSecondsOf(postmaster, true);
  if (total === null) return null;
  let live = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === postmaster) continue;
    try {
      if (parentOf(pid) === postmaster) live += cpuSecondsOf(pid) ?? 0;
    } catch {
      // the process ended while we looked
    }
  }
  return total + live;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
export const ms = (seconds: number) => `${(seconds * 1000).toFixed(2)} ms`;

type TargetLine = { name: string; figure: string; target: string; met: boolean | null };
export const targets: TargetLine[] = [];
export const notMeasured = (name: string, target: string) =>
  targets.push({ name, figure: 'not measured (the reason is above)', target, met: null });

/** CPU seconds the whole machine has spent busy since it started. */
export function machineBusySeconds(): number | null {
  try {
    const fields =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The processes a process started that are still running (from each of its threads' children lists). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
      readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** VmRSS and VmHWM (peak) in bytes, summed over a process and its descendants. */
export function memoryOfTree(pid: number): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    pending.push(...childrenOf(next));
    try {
      const status = readFileSync(`/proc/${next}/status`, 'utf8');
      const kib = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      rss += kib('VmRSS') * 1024;
      peak += kib('VmHWM') * 1024;
    } catch {
      // ended
    }
  }
  return { rss, peak };
}

export function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => {
        resolve(0);
      });
  });
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function printTargets(): void {
  console.log('\nserver targets (figure, target):');
  const width = Math.max(...targets.map((line) => line.name.length));
  for (const { name, figure, target, met } of targets) {
    const mark = met === null ? '–' : met ? '✓' : '✗';
    console.log(`  ${mark} ${name.padEnd(width)}  ${figure}  (target ${target})`);
  }
}
