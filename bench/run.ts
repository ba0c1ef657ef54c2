// `npm run bench`: req/s and p99 of GET /api/auth/user for a signed-in user,
//   - distributed: straight to the auth service vs through the gateway (ratio = gateway / direct),
//   - distributed through bench/support/bare-proxy.ts (Node's HTTP server and undici, nothing else):
//     the throughput any gateway built on Node could keep at best,
//   - embedded: the single process.
// Servers run as their real entry points in child processes; autocannon drives them from here.
// Timings on a shared 2-core machine are noisy: read the ratio, measured in one run.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createIdentitySigner } from '@civic/service-kit';
import { ApiClient } from '../test/support/api-client.ts';
import { LOCAL_INFRA } from '../test/support/infrastructure.ts';
import { generateIdentityKeyEnv } from '../infra/identity-key-env.ts';
import { readLatestMail } from '../test/support/mail-reader.ts';
import { dropBenchEnv } from './support/bench-env.ts';
import { cpuSeconds, ServerProcesses, waitHealthy } from './support/processes.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
/** Direct and gateway runs alternate this many times; the median of each is reported, so one noisy
 * stretch of the shared machine does not decide the ratio. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const servers = new ServerProcesses();
const processes = servers.byName;
const startProcess = (entry: string, env: NodeJS.ProcessEnv, name = entry) => servers.start(entry, env, name);

async function signIn(baseUrl: string, mailDir: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl, '127.0.0.1');
  const email = `bench.${Date.now()}@example.com`;
  const sent = await client.post('/api/auth/email/send-otp', { email });
  const { code } = await readLatestMail(mailDir, email);
  const verified = await client.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: code });
  if (verified.status !== 200) throw new Error(`sign-in failed: ${verified.text}`);
  return client;
}

interface Figures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  /** Microseconds of CPU per request, per server process. */
  cpu: Record<string, number>;
}

function print(figures: Figures): void {
  const cpu = Object.entries(figures.cpu)
    .map(([name, us]) => `${name} ${Math.round(us)} us`)
    .join(', ');
  console.log(
    `${figures.name.padEnd(34)} ${String(figures.rps).padStart(7)} req/s   p99 ${String(figures.p99).padStart(4)} ms   errors ${figures.errors}   CPU/request: ${cpu}`,
  );
}

async function run(name: string, url: string, headers: Record<string, string>): Promise<Figures> {
  const before = new Map([...processes].map(([n, child]) => [n, cpuSeconds(child)]));
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const cpu: Record<string, number> = {};
  for (const [n, child] of processes) {
    if (child.exitCode === null) cpu[n] = ((cpuSeconds(child) - before.get(n)!) * 1e6) / result.requests.total;
  }
  return { name, rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx, cpu };
}

function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return { ...middle, errors: runs.reduce((sum, r) => sum + r.errors, 0) };
}

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Figures> {
  await autocannon({ url, headers, connections: 10, duration: 2 }); // warm-up
  const figures = await run(name, url, headers);
  print(figures);
  return figures;
}

/** Alternates the targets ROUNDS times and reports each one's median run. */
async function measureAlternating(targets: { name: string; url: string; headers: Record<string, string> }[]): Promise<Figures[]> {
  for (const t of targets) await autocannon({ url: t.url, headers: t.headers, connections: 10, duration: 2 }); // warm-up
  const runs = targets.map(() => [] as Figures[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) runs[i]!.push(await run(t.name, t.url, t.headers));
  }
  const medians = runs.map(median);
  medians.forEach(print);
  return medians;
}

const dataDir = await mkdtemp(join(tmpdir(), 'civic-bench-'));
const runId = randomBytes(4).toString('hex');
const secrets = {
  ...generateIdentityKeyEnv(),
  CSRF_SECRET: randomBytes(32).toString('hex'),
  AUTH_CODE_KEY: randomBytes(32).toString('hex'),
};
const distributedEnv = {
  ...LOCAL_INFRA,
  ...secrets,
  PROFILE: 'distributed',
  MAIL_TRANSPORT: 'file',
  DATA_DIR: join(dataDir, 'distributed'),
  DATABASE_PREFIX: `civic_bench${runId}_`,
  REDIS_PREFIX: `civic:bench${runId}:`,
  NATS_PREFIX: `BENCH${runId}`,
  HOST: '127.0.0.1',
  RATE_LIMIT_READ: '100000000',
};
const results: Figures[] = [];
try {
  console.log(`GET /api/auth/user, signed in; ${CONNECTIONS} connections, ${DURATION} s a run; distributed: median of ${ROUNDS} alternating runs\n`);
  startProcess('services/auth/src/server.ts', { ...distributedEnv, PORT: '3211' }, 'auth');
  await waitHealthy('http://127.0.0.1:3211');
  startProcess('gateway/src/server.ts', { ...distributedEnv, PORT: '3210', GATEWAY_SERVICES: 'auth', SERVICE_URL_AUTH: 'http://127.0.0.1:3211' }, 'gateway');
  await waitHealthy('http://127.0.0.1:3210');
  startProcess(
    'bench/support/bare-proxy.ts',
    { ...distributedEnv, PORT: '3213', UPSTREAM_URL: 'http://127.0.0.1:3211', UPSTREAM_AUDIENCE: 'auth' },
    'bare proxy',
  );
  await waitHealthy('http://127.0.0.1:3213');
  const client = await signIn('http://127.0.0.1:3210', join(dataDir, 'distributed', 'mail'));
  const me = await client.get('/api/auth/user');
  // Direct calls carry what the gateway would add; a bench run is far shorter than the token's minute.
  const token = createIdentitySigner(secrets.IDENTITY_SIGNING_KEY)({ userId: me.body.id, isAdmin: false, isBanned: false, ip: '127.0.0.1' }, 'auth');
  results.push(
    ...(await measureAlternating([
      { name: 'distributed, direct to auth', url: 'http://127.0.0.1:3211/api/auth/user', headers: { 'x-civic-identity': token } },
      { name: 'distributed, through the gateway', url: 'http://127.0.0.1:3210/api/auth/user', headers: { cookie: client.cookieHeader() } },
      { name: 'distributed, through a bare proxy', url: 'http://127.0.0.1:3213/api/auth/user', headers: { 'x-bench-user': me.body.id } },
    ])),
  );
  await servers.stopAll();

  startProcess(
    'gateway/src/server.ts',
    { PROFILE: 'embedded', PORT: '3212', HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'embedded'), RATE_LIMIT_READ: '100000000' },
    'embedded',
  );
  await waitHealthy('http://127.0.0.1:3212');
  const embeddedClient = await signIn('http://127.0.0.1:3212', join(dataDir, 'embedded', 'mail'));
  results.push(await measure('embedded (one process)', 'http://127.0.0.1:3212/api/auth/user', { cookie: embeddedClient.cookieHeader() }));

  const [direct, gateway, bare] = results;
  const kept = (figures: Figures) => `${((100 * figures.rps) / direct!.rps).toFixed(0)}%`;
  console.log(`\ngateway keeps ${kept(gateway!)} of direct throughput (target >= 70%); a bare Node proxy keeps ${kept(bare!)}`);
} finally {
  await servers.stopAll();
  await dropBenchEnv(distributedEnv);
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(results.some((r) => r.errors > 0) ? 1 : 0);
