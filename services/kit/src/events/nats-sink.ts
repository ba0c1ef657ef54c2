// Hands outbox rows to JetStream. The envelope id is the Nats-Msg-Id, so a row published twice within
// the stream's duplicate window is stored once (SECURITY 19).
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import { describeError } from './event-logger.ts';
import { wireSubjectFor } from './naming.ts';
import type { HandOverOutcome, OutboxSink } from './outbox-relay.ts';
import type { OutboxRow } from './outbox-store.ts';

export interface NatsSinkOptions {
  js: JetStreamClient;
  namespace?: string;
  /** Wait before retrying rows JetStream did not acknowledge; default 1 s. */
  retryInMs?: number;
}

export function createNatsSink(options: NatsSinkOptions): OutboxSink {
  const retryInMs = options.retryInMs ?? 1_000;

  function publish(row: OutboxRow) {
    const h = natsHeaders();
    for (const [key, value] of Object.entries(row.headers)) h.set(key, value);
    return options.js.publish(wireSubjectFor(row.envelope.subject, options.namespace), JSON.stringify(row.envelope), {
      msgID: row.envelope.id,
      headers: h,
    });
  }

  return {
    async handOver(rows) {
      // Publishes are pipelined on one connection, so the stream stores them in seq order while the
      // acks come back together (one sequential ack wait per row would cap the relay at a few k/s).
      const results = await Promise.allSettled(rows.map(publish));
      return results.map((result, index): HandOverOutcome => {
        const id = rows[index]!.envelope.id;
        return result.status === 'fulfilled' ? { id, ok: true } : { id, ok: false, retryInMs, error: describeError(result.reason).message };
      });
    },
  };
}
