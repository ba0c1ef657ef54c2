// The processes of the distributed profile: each service's entry point and default port.
// A service joins here when it is built (and in gateway/src/services.ts for the embedded profile).
export interface ServiceProcess {
  name: string;
  entry: string;
  port: number;
}

export const SERVICE_PROCESSES: readonly ServiceProcess[] = [
  { name: 'auth', entry: 'services/auth/src/server.ts', port: 3101 },
  { name: 'priorities', entry: 'services/priorities/src/server.ts', port: 3102 },
  { name: 'ledger', entry: 'services/ledger/src/server.ts', port: 3103 },
  { name: 'briefing', entry: 'services/briefing/src/server.ts', port: 3104 },
  { name: 'social', entry: 'services/social/src/server.ts', port: 3105 },
  { name: 'account', entry: 'services/account/src/server.ts', port: 3106 },
  { name: 'admin', entry: 'services/admin/src/server.ts', port: 3107 },
  { name: 'notifications', entry: 'services/notifications/src/server.ts', port: 3108 },
];

export const GATEWAY_ENTRY = 'gateway/src/server.ts';

/**
 * Node options of every server process (run-distributed.ts, the Dockerfile, `npm start`, the
 * benchmarks; test/server-node-flags.test.ts checks they agree).
 *
 * --no-memory-reducer: V8's memory reducer shrinks the heap of a process it finds idle, and leaves
 * the heap growing slowly afterwards, so a server that was quiet and then gets traffic runs a full
 * mark-compact every time its heap grows by a few MB. Measured (--trace-gc) on the gateway at 1,000
 * reads/s after an idle minute: one mark-compact every ~200 ms, each ~50 ms of marking on a helper
 * thread and a few ms of pause, ~100 in a benchmark run; 12 with the reducer off, and the reads'
 * p99 at an even 1,000/s went from 21-26 ms to 12-13 ms. A server keeps the heap it needed at its
 * busiest, which is what it will need again.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];
