// Ports for servers that bind some time after the port is chosen (a service that compiles first, a
// PostgreSQL an outage test restarts). A kernel-chosen port can be taken by another process in that
// window, so these come from below the ephemeral range, each reserved across processes by a lock
// file holding its owner's pid.
import { randomInt } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidLockHolder } from '@civic/service-kit/db';

const LOCK_DIR = join(tmpdir(), 'civic-port-locks');
/** How far below the ephemeral range reservations reach (the range is 32768-60999 by default). */
const SPAN = 12_000;
const ATTEMPTS = 500;

const held = new Set<string>();
let releaseAtExit = false;

/** The first port of the kernel's ephemeral range (Linux), or the default where it cannot be read. */
function ephemeralRangeStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 1024 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * Takes the lock file for `port`, or false when a live process holds it. A file left by a process
 * that died without its exit handler (SIGKILL) is left alone: another port is chosen instead, since
 * removing it could race another process doing the same.
 */
function lock(port: number): boolean {
  const file = join(LOCK_DIR, String(port));
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  held.add(file);
  if (!releaseAtExit) {
    releaseAtExit = true;
    process.once('exit', () => {
      for (const each of held) unlinkQuietly(each);
    });
  }
  return true;
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Whether a server could listen on 127.0.0.1:`port` now (nothing outside our locks uses it). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port of 127.0.0.1 that no other process will be given until this one exits. */
export async function reservePort(): Promise<number> {
  mkdirSync(LOCK_DIR, { recursive: true });
  const end = ephemeralRangeStart();
  const start = Math.max(1_025, end - SPAN);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = randomInt(start, end);
    if (!lock(port)) continue;
    if (await canListen(port)) return port;
    // Something that takes no lock (a system service) listens there: keep the lock, so no one else
    // tries it again, and choose another.
  }
  throw new Error(`no port free below ${end} after ${ATTEMPTS} attempts (locks in ${LOCK_DIR})`);
}

/** The live process holding a port's lock, or null: for tests. */
export function lockHolder(port: number): number | null {
  return pidLockHolder(join(LOCK_DIR, String(port)));
}
