// Servers for the benchmarks: the real entry points as child processes, their health, their CPU.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { spawnServerProcess, stopServerProcess } from '../../infra/distributed-processes.ts';

export class ServerProcesses {
  readonly byName = new Map<string, ChildProcess>();

  /** `nodeArgs`: extra Node options (e.g. --cpu-prof, which NODE_OPTIONS does not accept). */
  start(entry: string, env: NodeJS.ProcessEnv, name = entry, nodeArgs: string[] = []): void {
    const child = spawnServerProcess(
      entry,
      { ...process.env, LOG_LEVEL: 'warn', SERVE_FRONTENDS: 'false', ...env },
      [process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'ignore', 'inherit'],
      nodeArgs,
    );
    this.byName.set(name, child);
  }

  /**
   * Starts `services` (each on its port) and, once they are healthy, a gateway on `gatewayPort` that
   * routes to them only; resolves when the gateway is healthy too. `nodeArgs` go to every process.
   */
  async startStack(services: readonly { name: string; port: number }[], gatewayPort: number, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<void> {
    for (const { name, port } of services) this.start(`services/${name}/src/server.ts`, { ...env, PORT: String(port) }, name, nodeArgs);
    await Promise.all(services.map(({ port }) => waitHealthy(`http://127.0.0.1:${port}`)));
    this.start(
      'gateway/src/server.ts',
      {
        ...env,
        PORT: String(gatewayPort),
        GATEWAY_SERVICES: services.map(({ name }) => name).join(','),
        ...Object.fromEntries(services.map(({ name, port }) => [`SERVICE_URL_${name.toUpperCase()}`, `http://127.0.0.1:${port}`])),
      },
      'gateway',
      nodeArgs,
    );
    await waitHealthy(`http://127.0.0.1:${gatewayPort}`);
  }

  /**
   * Stops every server and waits until each has exited (at most 15 s, then SIGKILL): the benchmark
   * drops its databases next, and a server still closing then had its connections terminated under
   * it and logged the error ("second error, exiting") at the end of a run that had passed.
   */
  async stopAll(): Promise<void> {
    const children = [...this.byName.values()];
    this.byName.clear();
    await Promise.all(children.map((child) => stopServerProcess(child, 15_000)));
  }
}

/** CPU seconds a process has used so far (Linux /proc; 100 ticks a second). */
export function cpuSeconds(child: ChildProcess | undefined): number {
  try {
    const fields = readFileSync(`/proc/${child?.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Throws when something already answers at one of `urls`: servers left running by an earlier run
 * that was killed would answer waitHealthy in place of this run's (which cannot bind the port), and
 * the run would measure them, against databases it then fails to find.
 */
export async function assertNothingListening(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const answered = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) throw new Error(`${url} already answers: a server of an earlier run is still up (stop it first)`);
  }
}

export async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

/** CPU seconds used so far by each PostgreSQL backend serving a database whose name contains `database` (a backend's title names its database). */
function postgresBackendCpu(database: string): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)') || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database)) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {}
  }
  return byPid;
}

/**
 * Measures the CPU those backends use from now until `stop()`, per backend: one alive at the start
 * counts from its value then, one started meanwhile from zero, and one that exits meanwhile up to its
 * last sample (every 250 ms). A total taken at both ends instead lost the whole lifetime of every
 * backend that exited during the run: a pool closing an idle connection that had served the seed
 * made a run's PostgreSQL figure read ~50 instead of ~550 µs per vote.
 */
export function trackPostgresCpu(database: string): { stop(): number } {
  const atStart = postgresBackendCpu(database);
  const last = new Map(atStart);
  const sample = () => {
    for (const [pid, seconds] of postgresBackendCpu(database)) last.set(pid, seconds);
  };
  const timer = setInterval(sample, 250);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - (atStart.get(pid) ?? 0);
      return total;
    },
  };
}
