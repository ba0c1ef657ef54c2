// Hands outbox rows to the in-process hub, all the relay read at once in seq order (so a batch
// subscriber applies them in batches); a row some subscriber still has to retry is deferred by the
// relay with that subscriber's backoff.
import type { InProcessHub } from './in-process-hub.ts';
import type { HandOverOutcome, OutboxSink } from './outbox-relay.ts';

export function createInProcessSink(hub: InProcessHub): OutboxSink {
  return {
    isReady: () => hub.started,
    async handOver(rows) {
      const results = await hub.deliverAll(rows.map((row) => ({ envelope: row.envelope, headers: row.headers, attempt: row.attempts + 1 })));
      return rows.map((row, index): HandOverOutcome => {
        const { retryInMs, errors } = results[index]!;
        return retryInMs === null ? { id: row.envelope.id, ok: true } : { id: row.envelope.id, ok: false, retryInMs, error: errors.join('; ') };
      });
    },
  };
}
