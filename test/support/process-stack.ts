// The distributed profile as real OS processes, for tests that must see a process die or survive
// (issue 15 item 3): every service and the gateway spawned as `npm run start:distributed` spawns them
// (infra/distributed-processes.ts), against a NATS and Redis of the stack's own (secured-network.ts)
// and the given PostgreSQL. Each child's output goes to a file under the stack's directory;
// `outputOf` shows its tail on failure. Every exit before
// close() is recorded. close() ends every child (SIGTERM, then SIGKILL after a bound), and a test
// process that ends first takes its children with it.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, listDatabases } from '@civic/service-kit/db';
import { spawnDistributedProcesses, stopServerProcess, type DistributedProcess } from '../../infra/distributed-processes.ts';
import { reservePort } from '../../infra/port-reservation.ts';
import { startSecuredNetwork, type SecuredNetwork } from '../../infra/secured-network.ts';
import { SERVICE_PROCESSES } from '../../infra/services.ts';
import { generateIdentityKeyEnv } from '../../infra/identity-key-env.ts';
import { ApiClient } from './api-client.ts';
import { readLatestMail, type ReadMail } from './mail-reader.ts';

export interface ProcessStackOptions {
  /** The PostgreSQL server, as its administrator. */
  databaseUrl: string;
  /** Settings every process gets (rate-limit budgets, ...). */
  env?: Record<string, string>;
  /** Redis keeps its data across a restart of `infrastructure.redis`. */
  persistentRedis?: boolean;
  /** How long every process may take to answer /readyz (they compile and migrate at start). */
  readyTimeoutMs?: number;
}

export interface ProcessExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export interface ProcessStack {
  baseUrl: string;
  /** Each service's own base URL, and the gateway's. */
  urls: Record<string, string>;
  /** The administrator's settings (DATABASE_URL, DATABASE_PREFIX, ...), to look behind the services. */
  env: Record<string, string>;
  /** The stack's own NATS and Redis, to stop and start (fault injection). */
  infrastructure: SecuredNetwork['servers'];
  /** The processes that exited before close(), in order. */
  exits: readonly ProcessExit[];
  /** The last `lines` of a process's output (stdout and stderr). */
  outputOf(name: string, lines?: number): string;
  client(ip?: string): ApiClient;
  readLatestMail(to: string, after?: number): Promise<ReadMail>;
  close(): Promise<void>;
}

const STOP_BOUND_MS = 10_000;

async function waitUntilReady(processes: DistributedProcess[], exits: ProcessExit[], output: (name: string) => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(processes.map((p) => p.name));
  for (;;) {
    // Checked after the last answer too: a process that exited as the others became ready (one whose
    // port another process took, and whose /readyz that one answered) fails the start.
    if (exits.length > 0) throw new Error(`${exits[0]!.name} exited at start (${exits[0]!.signal ?? exits[0]!.code}):\n${output(exits[0]!.name)}`);
    for (const { name, url } of processes.filter((p) => pending.has(p.name))) {
      const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
      if (ready?.status === 200) pending.delete(name);
    }
    if (pending.size === 0 && exits.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`not ready within ${timeoutMs} ms: ${[...pending].map((name) => `${name}:\n${output(name)}`).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startProcessStack(options: ProcessStackOptions): Promise<ProcessStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-processes-'));
  const run = randomBytes(4).toString('hex');
  const network = await startSecuredNetwork({
    dir: dataDir,
    services: SERVICE_PROCESSES.map((s) => s.name),
    databaseUrl: options.databaseUrl,
    databasePrefix: `civic_p${run}_`,
    natsPrefix: `P${run}_`,
    redisPrefix: `civic:p${run}:`,
    dropRolesOnClose: true,
    persistentRedis: options.persistentRedis,
  });
  const { NODE_TEST_CONTEXT: _testRunner, ...inherited } = process.env;
  const base: Record<string, string | undefined> = {
    ...inherited,
    PROFILE: 'distributed',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: 'true',
    SERVE_FRONTENDS: 'false',
    MAIL_TRANSPORT: 'file',
    ...generateIdentityKeyEnv(),
    CSRF_SECRET: randomBytes(32).toString('hex'),
    AUTH_CODE_KEY: randomBytes(32).toString('hex'),
    NOTIFICATIONS_LINK_KEY: randomBytes(32).toString('hex'),
    ...options.env,
  };
  const ports = Object.fromEntries(await Promise.all(SERVICE_PROCESSES.map(async (s) => [s.name, await reservePort()] as const)));
  const logFile = (name: string) => join(dataDir, `${name}.log`);
  const outputOf = (name: string, lines = 12) => {
    try {
      // The last lines, each cut short: a log line with an error object can run to kilobytes.
      const text = readFileSync(logFile(name), 'utf8').trimEnd().split('\n').slice(-lines);
      return text.map((line) => (line.length > 800 ? `${line.slice(0, 800)}…` : line)).join('\n');
    } catch {
      return '(no output)';
    }
  };
  const exits: ProcessExit[] = [];
  let closing = false;
  // Each child writes straight into its file (no pipe through this process, which a busy test
  // could leave full and so block the child).
  const logs = new Map([...SERVICE_PROCESSES.map((s) => s.name), 'gateway'].map((name) => [name, openSync(logFile(name), 'a')]));
  const processes = spawnDistributedProcesses({
    envOf: (name) => ({ ...base, ...network.envOf(name) }),
    portOf: (service) => ports[service]!,
    gatewayPort: await reservePort(),
    stdioOf: (name) => ['ignore', logs.get(name)!, logs.get(name)!],
  });
  for (const fd of logs.values()) closeSync(fd);
  for (const { name, child } of processes) {
    child.once('exit', (code, signal) => {
      if (!closing) exits.push({ name, code, signal, at: Date.now() });
    });
  }
  const killAll = () => {
    for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  // A test process that ends takes its children along. A signal would end it without 'exit', so it
  // becomes an exit (with the signal's status): this stack's children and the servers that other
  // helpers kill at 'exit' (local-servers.ts, dedicated-servers.ts) all go.
  const onSignal = (signal: NodeJS.Signals) => process.exit(128 + constants.signals[signal]);
  process.once('exit', killAll);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  const close = async () => {
    closing = true;
    await Promise.all(processes.map(({ child }) => stopServerProcess(child, STOP_BOUND_MS)));
    process.removeListener('exit', killAll);
    process.removeListener('SIGTERM', onSignal);
    process.removeListener('SIGINT', onSignal);
    try {
      const { DATABASE_URL, DATABASE_PREFIX } = network.adminEnv;
      for (const database of await listDatabases(DATABASE_URL!, DATABASE_PREFIX!)) await dropDatabase(DATABASE_URL!, database);
    } finally {
      // The servers and files go even when PostgreSQL cannot be reached to drop the databases.
      await network.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  };

  try {
    await waitUntilReady(processes, exits, (name) => outputOf(name), options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  const urls = Object.fromEntries(processes.map((p) => [p.name, p.url]));
  return {
    baseUrl: urls.gateway!,
    urls,
    env: network.adminEnv,
    infrastructure: network.servers,
    exits,
    outputOf,
    client: (ip) => new ApiClient(urls.gateway!, ip),
    readLatestMail: (to, after) => readLatestMail(join(dataDir, 'mail'), to, 5000, after),
    close,
  };
}
