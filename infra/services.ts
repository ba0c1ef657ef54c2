// The processes of the distributed profile: each service of the roster (@civic/roster) with its entry
// point and default port, and the gateway. In port order, the order operators' commands name them in.
import { SERVICES_BY_PORT, serviceEntryFile } from '@civic/roster';

export interface ServiceProcess {
  name: string;
  entry: string;
  port: number;
}

export const SERVICE_PROCESSES: readonly ServiceProcess[] = SERVICES_BY_PORT.map((entry) => ({
  name: entry.name,
  entry: serviceEntryFile(entry),
  port: entry.port,
}));

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
