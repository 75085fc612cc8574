import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const OUTPUT_KEPT = 16 * 1024;

export type Env = Record<string, string>;

/** The operator CLI (`npm run cli -- ...`) against `env`; its stdout is one JSON line. */
export async function runCli(
  env: Env,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string; json: () => Record<string, unknown> }> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['apps/server/src/cli.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({
          code,
          stdout,
          stderr,
          json: () => {
            try {
              return JSON.parse(stdout) as Record<string, unknown>;
            } catch {
              throw new Error(`cli ${args.join(' ')} printed no JSON (exit ${code}):\n${stdout}\n${stderr}`);
            }
          },
        });
      },
    );
  });
}

export type RunningProcess = {
  name: string;
  child: ChildProcess;
  /** The last lines it wrote, stdout and stderr together: for a failure message. */
  output: () => string;
  isRunning: () => boolean;
  exited: Promise<void>;
};

/**
 * Child processes of one test file. Each runs under node itself with the tsx loader (no tsx wrapper
 * process), so a signal reaches the program: SIGKILL really kills it. `stopAll` belongs in afterAll.
 */
export function createProcessGroup() {
  const running = new Set<RunningProcess>();

  function start(name: string, script: string, args: string[], env: Env): RunningProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else
        child.once('exit', () => {
          resolve();
        });
    });
    const handle: RunningProcess = {
      name,
      child,
      output: () => output,
      isRunning: () => child.exitCode === null && child.signalCode === null,
      exited,
    };
    running.add(handle);
    void exited.then(() => running.delete(handle));
    return handle;
  }

  /** Resolves once `isReady` says so; rejects with the process's output when it exits or takes too long. */
  async function waitUntilReady(handle: RunningProcess, isReady: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!handle.isRunning()) throw new Error(`${handle.name} exited while starting:\n${handle.output()}`);
      if (await isReady()) return;
      await sleep(200);
    }
    throw new Error(`${handle.name} was not ready after ${timeoutMs} ms:\n${handle.output()}`);
  }

  return {
    /** `apps/server/src/main.ts` with `env`, once GET /readyz answers 200 on `port`. */
    async startServer(name: string, port: number, env: Env): Promise<RunningProcess> {
      const handle = start(name, 'apps/server/src/main.ts', [], { ...env, PORT: String(port) });
      await waitUntilReady(
        handle,
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200,
        60_000,
      );
      return handle;
    },

    /** `apps/server/src/main.ts` with ROLE=worker and `env` (LOG_LEVEL info or lower), once it runs jobs. */
    async startWorker(name: string, env: Env): Promise<RunningProcess> {
      const handle = start(name, 'apps/server/src/main.ts', [], { ...env, ROLE: 'worker' });
      await waitUntilReady(
        handle,
        () => Promise.resolve(handle.output().includes('QuickVend worker is running jobs')),
        60_000,
      );
      return handle;
    },

    /**
     * The standalone VTpass simulator of the benchmark (no duplicate window; keys `sandbox-api-key`,
     * `PK_sandbox`, `SK_sandbox`), its callbacks sent to `callbackUrl`.
     */
    async startVtpassSimulator(port: number, callbackUrl: string): Promise<RunningProcess> {
      const handle = start(
        'vtpass simulator',
        'apps/server/bench/vtpass-simulator-server.ts',
        [String(port), callbackUrl],
        {},
      );
      await waitUntilReady(handle, () => Promise.resolve(handle.output().includes('ready')), 60_000);
      return handle;
    },

    /** Sends `signal` and waits for the process to end. */
    async stop(handle: RunningProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
      if (handle.isRunning()) handle.child.kill(signal);
      await handle.exited;
    },

    /** Kills every process still running. */
    async stopAll(): Promise<void> {
      const left = [...running];
      for (const handle of left) handle.child.kill('SIGKILL');
      await Promise.all(left.map((handle) => handle.exited));
    },
  };
}
