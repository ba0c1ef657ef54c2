// Spawns the distributed profile's processes: every service of services.ts on its port, then the
// gateway pointed at them. Used by `npm run start:distributed` (run-distributed.ts) and by the tests
// that need real processes (test/support/process-stack.ts); each caller decides the environments,
// the ports and where the output goes. A service's process never gets the gateway's private
// identity keys (identity-key-env.ts), whatever its caller's environment holds.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { identityKeysFor } from './identity-key-env.ts';
import { GATEWAY_ENTRY, SERVER_NODE_FLAGS, SERVICE_PROCESSES } from './services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface DistributedProcess {
  /** A service's name, or `gateway`. */
  name: string;
  child: ChildProcess;
  /** Where it listens. */
  url: string;
}

export interface DistributedProcessOptions {
  /** The environment of one process (its own credentials included). */
  envOf(name: string): NodeJS.ProcessEnv;
  /** The port a service listens on. */
  portOf(service: string): number;
  gatewayPort: number;
  /** Where a process's input and output go. */
  stdioOf(name: string): StdioOptions;
}

/**
 * One server process: node with the servers' flags (and `nodeArgs`, e.g. --cpu-prof, which
 * NODE_OPTIONS does not accept), running `entry` through tsx.
 */
export function spawnServerProcess(entry: string, env: NodeJS.ProcessEnv, stdio: StdioOptions, nodeArgs: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', resolve(ROOT, entry)], { cwd: ROOT, env, stdio });
}

/**
 * Stops a server process and resolves once it has exited: SIGTERM (it drains), then SIGKILL when it
 * has not exited within `killAfterMs`. A process that already exited resolves at once.
 */
export async function stopServerProcess(child: ChildProcess, killAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited.finally(() => clearTimeout(killer));
}

/** Starts every service and the gateway (last in the list); it does not wait for them to listen. */
export function spawnDistributedProcesses(options: DistributedProcessOptions): DistributedProcess[] {
  const processes: DistributedProcess[] = [];
  const upstreams: NodeJS.ProcessEnv = {};
  // One host: with METRICS_PORT set, the gateway serves its metrics there and each service on the next ports, in order.
  const metricsBase = Number(options.envOf('gateway').METRICS_PORT || 0);
  const metricsPort = (index: number): NodeJS.ProcessEnv => (metricsBase > 0 ? { METRICS_PORT: String(metricsBase + index) } : {});
  for (const [index, service] of SERVICE_PROCESSES.entries()) {
    const port = options.portOf(service.name);
    const url = `http://127.0.0.1:${port}`;
    const child = spawnServerProcess(
      service.entry,
      { ...identityKeysFor(service.name, options.envOf(service.name)), HOST: '127.0.0.1', PORT: String(port), ...metricsPort(index + 1) },
      options.stdioOf(service.name),
    );
    processes.push({ name: service.name, child, url });
    upstreams[`SERVICE_URL_${service.name.toUpperCase()}`] = url;
  }
  const gateway = spawnServerProcess(
    GATEWAY_ENTRY,
    { ...options.envOf('gateway'), ...upstreams, PORT: String(options.gatewayPort), ...metricsPort(0) },
    options.stdioOf('gateway'),
  );
  processes.push({ name: 'gateway', child: gateway, url: `http://127.0.0.1:${options.gatewayPort}` });
  return processes;
}
