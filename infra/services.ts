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
 * --no-memory-reducer: after an idle spell V8's memory reducer shrinks the heap, and a server then
 * runs a full mark-compact every few MB of growth under load (docs/benchmarks.md). A server keeps the
 * heap it needed at its busiest, which is what it will need again.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];
