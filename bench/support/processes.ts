// Servers for the benchmarks: the real entry points as child processes, their health, their CPU.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export class ServerProcesses {
  readonly byName = new Map<string, ChildProcess>();

  /** `nodeArgs`: extra Node options (e.g. --cpu-prof, which NODE_OPTIONS does not accept). */
  start(entry: string, env: NodeJS.ProcessEnv, name = entry, nodeArgs: string[] = []): void {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, entry)], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', SERVE_FRONTENDS: 'false', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.byName.set(name, child);
  }

  async stopAll(): Promise<void> {
    for (const child of this.byName.values()) child.kill('SIGTERM');
    this.byName.clear();
    await new Promise((r) => setTimeout(r, 500));
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

export async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

/**
 * CPU seconds the PostgreSQL backends serving databases whose name contains `database` have used so
 * far (a backend's title names its database; backends that exited meanwhile are missed).
 */
export function postgresCpuSeconds(database: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)') || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database)) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {}
  }
  return total;
}
