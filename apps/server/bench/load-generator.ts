// Forked by run.ts, so its CPU is not counted as the server's. Plain node:http with keep-alive: a light client,
// so the machine's cores go to the server, as pgbench's do.
import http from 'node:http';

export type LoadPlan = {
  url: string;
  /** One API key per customer; client i buys with keys[i % keys.length]. */
  keys: string[];
  seconds: number;
} & (
  | { mode: 'closed'; clients: number }
  /** A purchase every 1/rate s on a fixed schedule, whether or not the earlier ones have been answered. */
  | { mode: 'open'; rate: number }
);

export type LoadResult = {
  latencies: number[];
  failures: number;
  sample: string;
  /** the load generator's own CPU seconds */
  cpuSeconds: number;
  /** open loop: when (seconds after the first send) the purchases that took over 50 ms were due */
  slowAt: number[];
};

const agent = new http.Agent({ keepAlive: true });

function post(url: string, key: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let counter = 0;
let lastFailure = '';

/** True when the purchase was delivered. */
async function buy(plan: LoadPlan, key: string): Promise<boolean> {
  const requestId = `${plan.mode}-${process.pid}-${counter++}`;
  try {
    const response = await post(
      plan.url,
      key,
      JSON.stringify({ requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' }),
    );
    const delivered =
      response.status === 201 &&
      (JSON.parse(response.body) as { purchase?: { status?: string } }).purchase?.status === 'delivered';
    if (!delivered) lastFailure = `${response.status} ${response.body.slice(0, 200)}`;
    return delivered;
  } catch (error) {
    lastFailure = String(error);
    return false;
  }
}

async function closedLoop(plan: LoadPlan & { mode: 'closed' }): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const stopAt = performance.now() + plan.seconds * 1000;
  await Promise.all(
    Array.from({ length: plan.clients }, async (_, client) => {
      const key = plan.keys[client % plan.keys.length] ?? '';
      while (performance.now() < stopAt) {
        const started = performance.now();
        if (!(await buy(plan, key))) failures++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { latencies, failures, sample: lastFailure, cpuSeconds: 0, slowAt: [] };
}

async function openLoop(plan: LoadPlan & { mode: 'open' }): Promise<LoadResult> {
  const total = Math.round(plan.rate * plan.seconds);
  const interval = 1000 / plan.rate;
  const latencies: number[] = [];
  let failures = 0;
  const slowAt: number[] = [];
  const inFlight: Promise<void>[] = [];
  const firstAt = performance.now() + 20;
  let next = 0;
  await new Promise<void>((allSent) => {
    const tick = () => {
      // every send whose time has come, late ones included: a stalled loop shows as latency, not as fewer sends
      while (next < total && firstAt + next * interval <= performance.now()) {
        const scheduledAt = firstAt + next * interval;
        const key = plan.keys[next % plan.keys.length] ?? '';
        next++;
        inFlight.push(
          buy(plan, key).then((delivered) => {
            if (!delivered) failures++;
            const latency = performance.now() - scheduledAt;
            latencies.push(latency);
            if (latency > 50) slowAt.push((scheduledAt - firstAt) / 1000);
          }),
        );
      }
      if (next < total) setTimeout(tick, Math.max(0, firstAt + next * interval - performance.now()));
      else allSent();
    };
    tick();
  });
  await Promise.all(inFlight);
  return { latencies, failures, sample: lastFailure, cpuSeconds: 0, slowAt };
}

process.once('message', (plan: LoadPlan) => {
  const cpuBefore = process.cpuUsage();
  void (plan.mode === 'closed' ? closedLoop(plan) : openLoop(plan)).then((result) => {
    agent.destroy();
    const cpu = process.cpuUsage(cpuBefore);
    process.send?.({ ...result, cpuSeconds: (cpu.user + cpu.system) / 1e6 }, () => process.exit(0));
  });
});
// the bench stopped: no one is left to tell
process.once('disconnect', () => process.exit(1));
process.send?.('ready');
