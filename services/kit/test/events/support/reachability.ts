// Tests that need PostgreSQL or NATS run when they are reachable, fail when CI=true and they are not,
// and otherwise skip saying why (DESIGN 2).
import { connect as tcpConnect } from 'node:net';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const PG_HOSTPORT = { host: process.env.TEST_PG_HOST ?? '127.0.0.1', port: Number(process.env.TEST_PG_PORT ?? 5432) };

function canConnect(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * `false` when the service is reachable or CI=true (the test then runs, and fails if it is not);
 * otherwise a skip reason.
 */
export async function skipUnlessReachable(what: string, host: string, port: number): Promise<string | false> {
  if (await canConnect(host, port)) return false;
  if (process.env.CI === 'true') return false;
  return `${what} is not reachable at ${host}:${port} (set CI=true to make this a failure)`;
}

export function natsHostPort(): { host: string; port: number } {
  const url = new URL(NATS_URL.split(',')[0]!);
  return { host: url.hostname, port: Number(url.port || 4222) };
}
