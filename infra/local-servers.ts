// A nats-server or redis-server of our own, started with authentication: the test
// stack starts one of each per stack, since the shared servers of these machines run without users,
// and `npm run start:distributed` starts its own. Configuration files hold passwords: mode 0600.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { reservePort } from './port-reservation.ts';

export interface LocalServer {
  port: number;
  stop(): Promise<void>;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` now. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  });
}

async function startServer(name: string, command: string, args: string[], port: number, timeoutMs = 10_000): Promise<LocalServer> {
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // The server never outlives its starter, whichever way that ends (a test file that fails midway).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    }),
  );
  child.unref();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  const deadline = Date.now() + timeoutMs;
  // Bounded wait for the port, polling every 20 ms; a server that exits instead fails at once.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited at start: ${stderr.trim()}`);
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not listen on ${port} within ${timeoutMs} ms: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.ref(); // the exit it waits for keeps the event loop running
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** nats-server with JetStream under `dir` and the given authorization block (nats-authorization.ts). */
export async function startNatsServer(options: { dir: string; authorization: string; port?: number; command?: string }): Promise<LocalServer> {
  const port = options.port ?? (await reservePort());
  await mkdir(join(options.dir, 'jetstream'), { recursive: true });
  const config = join(options.dir, 'nats-server.conf');
  await writeFile(config, `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(join(options.dir, 'jetstream'))} }\n${options.authorization}`, {
    mode: 0o600,
  });
  return startServer('nats-server', options.command ?? process.env.NATS_SERVER_BIN ?? 'nats-server', ['-c', config], port);
}

/**
 * redis-server whose default user is off: only the listed ACL users get in. In memory, unless
 * `persist`: then a stop (SIGTERM) saves a snapshot under `dir` that the next start on it loads, as a
 * deployment's Redis keeps its sessions across a restart.
 */
export async function startRedisServer(options: { dir: string; acl: string[]; port?: number; command?: string; persist?: boolean }): Promise<LocalServer> {
  const port = options.port ?? (await reservePort());
  await mkdir(options.dir, { recursive: true });
  const config = join(options.dir, 'redis.conf');
  const save = options.persist ? 'save 3600 1' : 'save ""';
  const lines = [
    `bind 127.0.0.1`,
    `port ${port}`,
    save,
    `appendonly no`,
    `dir ${options.dir}`,
    'user default off',
    ...options.acl.map((rule) => `user ${rule}`),
  ];
  await writeFile(config, `${lines.join('\n')}\n`, { mode: 0o600 });
  return startServer('redis-server', options.command ?? process.env.REDIS_SERVER_BIN ?? 'redis-server', [config], port);
}
