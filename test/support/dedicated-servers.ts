// Fault injection needs servers a test may stop and start: a Redis and a NATS (JetStream) of its own,
// on free ports, started from the binaries on the machine. Every wait is bounded.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { accepts } from '../../infra/local-servers.ts';
import { reservePort } from '../../infra/port-reservation.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function waitForPort(port: number, open: boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await accepts(port)) === open) return;
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

interface DedicatedOptions {
  /** Run as this user (PostgreSQL refuses to run as root). */
  user?: { uid: number; gid: number };
  /** Signal that makes an outage of it (default SIGKILL). */
  stopSignal?: NodeJS.Signals;
  /** Resolves once the server answers more than a TCP connect. */
  ready?: (port: number) => Promise<void>;
}

async function dedicated(
  what: string,
  command: string,
  args: (port: number) => string[],
  url: (port: number) => string,
  dir: string | null,
  options: DedicatedOptions = {},
): Promise<DedicatedServer> {
  const port = await reservePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    child = spawn(command, args(port), { stdio: 'ignore', ...(options.user ?? {}) });
    const started = child;
    // The server never outlives the test process, however the test ends.
    const killOnExit = () => started.kill('SIGKILL');
    process.once('exit', killOnExit);
    started.once('exit', () => {
      process.removeListener('exit', killOnExit);
      if (child === started) child = null;
    });
    await waitForPort(port, true, what);
    await options.ready?.(port);
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(options.stopSignal ?? 'SIGKILL');
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

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, versions[0]!, 'bin');
}

/** PostgreSQL runs as the postgres user when the tests run as root (as CI does). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

/** An initialised cluster, made once per machine and copied for each server (initdb costs seconds). */
async function postgresTemplate(bin: string, user: { uid: number; gid: number } | undefined): Promise<string> {
  const template = join(tmpdir(), `civic-pg-template-${bin.split('/').at(-2)}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const building = await mkdtemp(join(tmpdir(), 'civic-pg-building-'));
  if (user) await chown(building, user.uid, user.gid);
  const result = spawnSync(join(bin, 'initdb'), ['-D', building, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    stdio: 'ignore',
    ...(user ?? {}),
  });
  if (result.status !== 0) throw new Error(`initdb for the dedicated PostgreSQL failed (exit ${result.status})`);
  // Built aside and renamed into place, so parallel test files never see half a cluster.
  await rename(building, template).catch(async () => rm(building, { recursive: true, force: true }));
  return template;
}

async function chownTree(dir: string, user: { uid: number; gid: number }): Promise<void> {
  execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
}

/**
 * A PostgreSQL of the test's own (trust auth, fsync off: its data is thrown away). stop() is an
 * immediate shutdown (SIGQUIT: connections are cut as in a crash); start() runs crash recovery.
 */
export async function startDedicatedPostgres(): Promise<DedicatedServer> {
  const bin = postgresBinDir();
  const user = postgresUser();
  const template = await postgresTemplate(bin, user);
  const dir = await mkdtemp(join(tmpdir(), 'civic-pg-'));
  await cp(template, dir, { recursive: true });
  if (user) await chownTree(dir, user);
  execFileSync('chmod', ['700', dir]);
  const { default: pg } = await import('pg');
  return dedicated(
    'postgres',
    join(bin, 'postgres'),
    (port) => [
      '-D',
      dir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=100',
    ],
    (port) => `postgresql://postgres@127.0.0.1:${port}/postgres`,
    dir,
    {
      user,
      stopSignal: 'SIGQUIT',
      // The port opens before the server takes queries (57P03 "starting up", or recovering).
      async ready(port) {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
          client.on('error', () => {});
          try {
            await client.connect();
            await client.query('SELECT 1');
            return;
          } catch (error) {
            if (Date.now() > deadline) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          } finally {
            await client.end().catch(() => {});
          }
        }
      },
    },
  );
}
