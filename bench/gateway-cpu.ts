// `npm run bench:gateway-cpu`: the gateway's CPU per request against the service's, on the read the
// issue-21 target names (GET /api/priorities?limit=50, signed in, an even 1,000/s). Auth, priorities
// and a gateway on the distributed profile, 1,000 seeded priorities (the answer is the same 50 items
// as with 50,000; the service's Node work does not depend on the table's size), 200 sessions taking
// turns. Each round is a paced run (bench/support/paced-load.ts) with the CPU each server process
// spent over it divided by the requests sent; the figure to read is the ratio, measured in one run.
// Each round then sends the same load through bench/support/bare-proxy.ts (Node's HTTP server and
// undici, nothing else) to the same service: the floor of any gateway built on Node, beside the
// gateway's own figure.
//
//   BENCH_ROUNDS (3)  BENCH_DURATION (6 s)  BENCH_RATE (1,000/s)
//   BENCH_CPU_PROF=<dir>  V8 CPU profiles of the gateway and the service, written when they exit
import { reservePort } from '../infra/port-reservation.ts';
import { databaseUrl } from '@civic/service-kit/db';
import { SEED_USERS, seededUserId, seedPriorities } from './seed-priorities.ts';
import { benchEnv, dropBenchEnv } from './support/bench-env.ts';
import { readFileSync } from 'node:fs';
import { ServerProcesses } from './support/processes.ts';
import { pacedLoad } from './support/paced-load.ts';
import { createSessions } from './support/sessions.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const USERS = 200;
const CPU_PROF = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** User and system CPU seconds a server process has used so far (Linux /proc; 100 ticks a second). */
function cpuOf(name: string): { user: number; system: number } {
  const fields = readFileSync(`/proc/${servers.byName.get(name)?.pid}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** Waits up to 3 minutes for a server's /healthz. */
async function healthy(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${url}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within 3 minutes`);
}

const env = await benchEnv('g');
const servers = new ServerProcesses();
try {
  const [gatewayPort, authPort, prioritiesPort, barePort] = [await reservePort(), await reservePort(), await reservePort(), await reservePort()];
  // Started here rather than by startStack: on a machine shared with other work a service's start
  // can take longer than waitHealthy's 30 s.
  const services = [
    { name: 'auth', port: authPort },
    { name: 'priorities', port: prioritiesPort },
  ];
  for (const { name, port } of services) servers.start(`services/${name}/src/server.ts`, { ...env, PORT: String(port) }, name, CPU_PROF);
  await Promise.all(services.map(({ port }) => healthy(`http://127.0.0.1:${port}`)));
  servers.start(
    'gateway/src/server.ts',
    {
      ...env,
      PORT: String(gatewayPort),
      GATEWAY_SERVICES: 'auth,priorities',
      SERVICE_URL_AUTH: `http://127.0.0.1:${authPort}`,
      SERVICE_URL_PRIORITIES: `http://127.0.0.1:${prioritiesPort}`,
    },
    'gateway',
    CPU_PROF,
  );
  await healthy(`http://127.0.0.1:${gatewayPort}`);
  servers.start(
    'bench/support/bare-proxy.ts',
    { ...env, PORT: String(barePort), UPSTREAM_URL: `http://127.0.0.1:${prioritiesPort}`, UPSTREAM_AUDIENCE: 'priorities' },
    'bare proxy',
    CPU_PROF,
  );
  await healthy(`http://127.0.0.1:${barePort}`);
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  await seedPriorities(databaseUrl(env.DATABASE_URL, `${env.DATABASE_PREFIX}priorities`), { priorities: 1_000, votes: 20_000 });
  const users = await createSessions(
    { redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX, gateway },
    Array.from({ length: USERS }, (_, j) => seededUserId(SEED_USERS + j)),
  );
  /** Through the gateway (signed in by cookie), or through the bare proxy (the user named in a header). */
  const run = (durationS: number, through: 'gateway' | 'bare proxy' = 'gateway') =>
    pacedLoad({
      origin: through === 'gateway' ? gateway : `http://127.0.0.1:${barePort}`,
      rate: RATE,
      durationS,
      request: (k) => ({
        method: 'GET',
        path: '/api/priorities?limit=50',
        headers: (through === 'gateway' ? { cookie: users[k % USERS]!.cookie } : { 'x-bench-user': users[k % USERS]!.userId }) as Record<string, string>,
      }),
    });
  await run(3); // warm-up: JIT, pools
  await run(3, 'bare proxy');
  console.log(`GET /api/priorities?limit=50 through the gateway, then through the bare proxy, paced ${RATE}/s, ${DURATION} s a round`);
  const ratios: Record<'gateway' | 'bare proxy', number[]> = { gateway: [], 'bare proxy': [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const through of ['gateway', 'bare proxy'] as const) {
      const before = [through, 'priorities'].map(cpuOf);
      const result = await run(DURATION, through);
      const [proxy, service] = [through, 'priorities'].map((name, i) => {
        const after = cpuOf(name);
        const perRequest = (seconds: number) => (seconds * 1e6) / result.requests.total;
        return { user: perRequest(after.user - before[i]!.user), system: perRequest(after.system - before[i]!.system) };
      }) as [{ user: number; system: number }, { user: number; system: number }];
      const proxyUs = proxy.user + proxy.system;
      const serviceUs = service.user + service.system;
      const split = (cpu: { user: number; system: number }) => `(user ${Math.round(cpu.user)} + system ${Math.round(cpu.system)})`;
      const failed = Object.values(result.failures).reduce((sum, n) => sum + n, 0);
      ratios[through].push(proxyUs / serviceUs);
      console.log(
        `round ${round}, ${through.padEnd(10)}: ${Math.round(proxyUs)} µs ${split(proxy)}, priorities ${Math.round(serviceUs)} µs ${split(service)} per request: ratio ${(proxyUs / serviceUs).toFixed(2)}   p50 ${result.p50} ms, p99 ${result.p99} ms, failures ${failed}`,
      );
      if (failed > 0) process.exitCode = 1;
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(2);
  console.log(
    `median gateway / service CPU: ${median(ratios.gateway)} (target <= 0.5); the bare proxy's (the floor of a Node gateway): ${median(ratios['bare proxy'])}`,
  );
} finally {
  await servers.stopAll();
  await dropBenchEnv(env);
}
