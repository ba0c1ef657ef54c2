// Hands outbox rows to the in-process hub, one at a time in seq order; a row some subscriber still
// has to retry is deferred by the relay with that subscriber's backoff.
import type { InProcessHub } from './in-process-hub.ts';
import type { HandOverOutcome, OutboxSink } from './outbox-relay.ts';

export function createInProcessSink(hub: InProcessHub): OutboxSink {
  return {
    isReady: () => hub.started,
    async handOver(rows) {
      const outcomes: HandOverOutcome[] = [];
      for (const row of rows) {
        const { retryInMs, errors } = await hub.deliver(row.envelope, row.headers, row.attempts + 1);
        outcomes.push(retryInMs === null ? { id: row.envelope.id, ok: true } : { id: row.envelope.id, ok: false, retryInMs, error: errors.join('; ') });
      }
      return outcomes;
    },
  };
}
