// Fault injection needs servers a test may stop and start: a Redis and a NATS (JetStream) of its own,
// on free ports, started from the binaries on the machine. Every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, open: boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await portAnswers(port)) === open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not ${open ? 'open' : 'close'} port ${port} within ${timeoutMs} ms`);
}

export interface DedicatedServer {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: an outage, not a clean shutdown) and waits until its port is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same port (and, for NATS, the same store) and waits until it accepts. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  dispose(): Promise<void>;
}

async function dedicated(what: string, command: string, args: (port: number) => string[], url: (port: number) => string, dir: string | null): Promise<DedicatedServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    child = spawn(command, args(port), { stdio: 'ignore' });
    const started = child;
    started.once('exit', () => {
      if (child === started) child = null;
    });
    await waitForPort(port, true, what);
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    await waitForPort(port, false, what);
  };
  await start();
  return {
    url: url(port),
    port,
    start,
    stop,
    async dispose() {
      await stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function startDedicatedRedis(): Promise<DedicatedServer> {
  return dedicated(
    'redis-server',
    'redis-server',
    (port) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    (port) => `redis://127.0.0.1:${port}`,
    null,
  );
}

export async function startDedicatedNats(): Promise<DedicatedServer> {
  const dir = await mkdtemp(join(tmpdir(), 'civic-nats-'));
  return dedicated(
    'nats-server',
    'nats-server',
    (port) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
    (port) => `nats://127.0.0.1:${port}`,
    dir,
  );
}
