import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/helpers/net.ts';
import { httpStatus, megabytes, memoryOfTree, root, sleep, targets } from './measure.ts';

const COMPILED_SERVER = 'apps/server/dist/main.js';

/**
 * What `npm start` runs, without its build steps: the compiled server (built first when its sources are newer,
 * as start.mjs does, and not timed), or main.ts through tsx where there is no server build.
 */
function serverCommand(): { args: string[]; label: string; compiled: boolean } {
  const buildScript = path.join(root, 'scripts/build-server.mjs');
  if (existsSync(buildScript)) {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await (await import(${JSON.stringify(buildScript)})).buildServerIfStale()`,
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return { args: [path.join(root, COMPILED_SERVER)], label: COMPILED_SERVER, compiled: true };
  }
  return {
    args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    label: 'apps/server/src/main.ts through tsx (no server build script)',
    compiled: false,
  };
}

type Started = {
  child: ChildProcess;
  readySeconds: number;
  output: () => string;
  /**
   * The tree's peak so far, a short-lived child's included (the embedded database's first initdb runs in one):
   * `together`, the highest RSS of its processes at one time, sampled every 50 ms (may miss a briefer spike);
   * `bound`, the highest sum of their own peaks (VmHWM), never lower than the truth, higher when they peaked
   * at different times.
   */
  peak: () => { together: number; bound: number };
};

/** Starts the server on the embedded database in `dataDir`; resolves once /readyz answers 200. */
async function startEmbedded(args: string[], dataDir: string, port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL', 'ROLE', 'APP_URL'])
    Reflect.deleteProperty(env, name);
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const peak = { together: 0, bound: 0 };
  const sample = () => {
    const memory = memoryOfTree(child.pid ?? 0);
    peak.together = Math.max(peak.together, memory.rss);
    peak.bound = Math.max(peak.bound, memory.peak);
    return { ...peak };
  };
  const watchPeak = setInterval(sample, 50);
  child.once('exit', () => {
    clearInterval(watchPeak);
  });
  const deadline = startedAt + 120_000;
  while ((await httpStatus(`http://127.0.0.1:${port}/readyz`)) !== 200) {
    if (child.exitCode !== null || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await sleep(20);
  }
  return {
    child,
    readySeconds: (performance.now() - startedAt) / 1000,
    output: () => output,
    peak: sample,
  };
}

async function stopEmbedded({ child }: Started): Promise<number> {
  const startedAt = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return (performance.now() - startedAt) / 1000;
}

/**
 * Idle RSS is read twice: soon after ready, and once settled. Start-up (module loading, migrations) grows V8's
 * young generation to its 32 MB, and V8 gives that back only when its memory reducer sees the allocation rate
 * drop, ~10–15 s after the last work (measured: 301 MB at 5 and 10 s, 213–216 MB from 15 s to a minute on).
 */
const EARLY_IDLE_SECONDS = 5;
const SETTLED_IDLE_SECONDS = 30;

async function idleMemory(started: Started) {
  await sleep(EARLY_IDLE_SECONDS * 1000);
  const early = memoryOfTree(started.child.pid ?? 0).rss;
  await sleep((SETTLED_IDLE_SECONDS - EARLY_IDLE_SECONDS) * 1000);
  return { early, settled: memoryOfTree(started.child.pid ?? 0).rss, peak: started.peak() };
}

/**
 * The embedded default as `npm start` runs it with no DATABASE_URL, in its own process on a fresh data dir:
 * the first start, then a restart on the data it left.
 */
export async function embeddedDefault(): Promise<void> {
  const { args, label, compiled } = serverCommand();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-bench-data-'));
  try {
    const port = await freePort();
    const first = await startEmbedded(args, dataDir, port);
    const firstMemory = await idleMemory(first);
    const firstStop = await stopEmbedded(first);
    const again = await startEmbedded(args, dataDir, port);
    const memory = await idleMemory(again);
    await stopEmbedded(again);
    const idle = (each: { early: number; settled: number }) =>
      `RSS ${megabytes(each.early)} ${EARLY_IDLE_SECONDS} s after ready, ${megabytes(each.settled)} at ${SETTLED_IDLE_SECONDS} s`;
    console.log(`embedded default (no DATABASE_URL), server process: ${label}`);
    console.log(
      `  first start: ready in ${first.readySeconds.toFixed(2)} s; ${idle(firstMemory)}, ` +
        `peak ${megabytes(firstMemory.peak.together)} (its processes' own peaks summed: ${megabytes(firstMemory.peak.bound)}); ` +
        `stopped in ${firstStop.toFixed(2)} s`,
    );
    console.log(
      `  restart on its data: ready in ${again.readySeconds.toFixed(2)} s; ${idle(memory)}, ` +
        `peak ${megabytes(memory.peak.together)}`,
    );
    const startScript = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    targets.push(
      {
        name: 'npm start runs compiled JavaScript',
        figure: compiled ? label : 'no: TypeScript through tsx',
        target: 'compiled',
        met: compiled && !startScript.includes('tsx'),
      },
      {
        // both are figures a server lives with: after its first start, and after any later one
        name: `embedded idle RSS ${SETTLED_IDLE_SECONDS} s after ready (first start, restart)`,
        figure: `${megabytes(firstMemory.settled)}, ${megabytes(memory.settled)}`,
        target: '≤ 300 MB',
        met: Math.max(firstMemory.settled, memory.settled) <= 300e6,
      },
      {
        name: 'embedded first-start peak RSS',
        figure: megabytes(firstMemory.peak.together),
        target: '≤ 600 MB',
        met: firstMemory.peak.together <= 600e6,
      },
      {
        name: 'embedded restart to healthy (existing data)',
        figure: `${again.readySeconds.toFixed(2)} s`,
        target: '≤ 2 s',
        met: again.readySeconds <= 2,
      },
      {
        name: 'embedded first start to healthy',
        figure: `${first.readySeconds.toFixed(2)} s`,
        target: '≤ 10 s',
        met: first.readySeconds <= 10,
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
