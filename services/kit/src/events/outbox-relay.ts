// Moves a service's outbox rows to a transport (JetStream or the in-process hub) in seq order and
// marks them published. Runs when kicked after a commit (low latency) and on a poll timer, which also
// repairs a crash between commit and publish (SECURITY 22). Handing a row over twice is harmless:
// JetStream dedupes on Nats-Msg-Id and every consumer dedupes on its inbox.
import { describeError, type EventLogger } from './event-logger.ts';
import {
  deferOutboxRow,
  fetchDueOutboxRows,
  markOutboxRowsPublished,
  type OutboxBacklog,
  type OutboxRow,
  prunePublishedOutboxRows,
  readOutboxBacklog,
} from './outbox-store.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import { checkSchemaName } from './sql-names.ts';

export type HandOverOutcome = { id: string; ok: true } | { id: string; ok: false; retryInMs: number; error: string };

/** Where the relay hands rows: one outcome per row, in the same order. */
export interface OutboxSink {
  handOver(rows: readonly OutboxRow[]): Promise<HandOverOutcome[]>;
  /** False while the transport cannot take rows yet (the in-process hub before start()). */
  isReady?(): boolean;
}

export interface OutboxRelayOptions {
  db: SqlDriver;
  schema: string;
  service: string;
  sink: OutboxSink;
  logger: EventLogger;
  /** Reconciliation poll; default 500 ms. */
  pollIntervalMs?: number;
  /** Rows per round trip; default 256. */
  batchSize?: number;
  /** Published rows older than this are deleted; default 7 days. */
  retainPublishedMs?: number;
}

export interface OutboxRelay {
  readonly schema: string;
  readonly service: string;
  /** Publish soon (call after a commit that enqueued events). Coalesces while a run is going. */
  kick(): void;
  /** Publishes everything due now; resolves to the number of rows published. */
  runOnce(): Promise<number>;
  /** What is not handed over yet (read now, for metrics). */
  backlog(): Promise<OutboxBacklog>;
  /** Stops the timer and waits for the current run. */
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const NOT_READY_WARNING_AFTER_MS = 10_000;

export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, sink, logger, service } = options;
  const schema = checkSchemaName(options.schema);
  const batchSize = options.batchSize ?? 256;
  const retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * 60 * 60 * 1000;
  const log = { service, schema };

  let chain: Promise<unknown> = Promise.resolve();
  let kickQueued = false;
  let stopped = false;
  let lastPruneAt = 0;
  const startedAt = Date.now();
  let warnedNotReady = false;

  // Runs are serialised so two never hand over the same rows concurrently from one relay.
  function exclusive<R>(work: () => Promise<R>): Promise<R> {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  }

  async function drain(): Promise<number> {
    if (sink.isReady && !sink.isReady()) {
      if (!warnedNotReady && Date.now() - startedAt > NOT_READY_WARNING_AFTER_MS) {
        warnedNotReady = true;
        logger.warn(log, 'outbox relay is waiting for its transport to start (in-process hub.start() not called?)');
      }
      return 0;
    }
    let published = 0;
    while (!stopped) {
      const rows = await fetchDueOutboxRows(db, schema, batchSize);
      if (rows.length === 0) break;
      const outcomes = await sink.handOver(rows);
      const ok = outcomes.filter((o) => o.ok).map((o) => o.id);
      await markOutboxRowsPublished(db, schema, ok);
      const failed = outcomes.filter((o): o is Extract<HandOverOutcome, { ok: false }> => !o.ok);
      for (const failure of failed) {
        await deferOutboxRow(db, schema, failure.id, failure.retryInMs, failure.error);
      }
      if (failed.length > 0) {
        logger.warn({ ...log, failed: failed.length, firstError: failed[0]!.error }, 'outbox rows not handed over; will retry');
      }
      published += ok.length;
      // No progress (transport down, or every row failing): wait for the next poll instead of spinning.
      if (ok.length === 0) break;
      // A short batch was everything due when it was read: a row committed since then kicked
      // another run (queued behind this one) or waits for the poll, so no third statement is needed
      // to find the outbox empty.
      if (rows.length < batchSize) break;
    }
    if (published > 0) logger.debug({ ...log, published }, 'outbox rows published');
    await pruneIfDue();
    return published;
  }

  async function pruneIfDue(): Promise<void> {
    if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = Date.now();
    const deleted = await prunePublishedOutboxRows(db, schema, retainPublishedMs);
    if (deleted > 0) logger.debug({ ...log, deleted }, 'pruned published outbox rows');
  }

  function kick(): void {
    if (stopped || kickQueued) return;
    kickQueued = true;
    void exclusive(async () => {
      kickQueued = false;
      try {
        await drain();
      } catch (error) {
        // The database or transport is away; the poll retries.
        logger.warn({ ...log, err: describeError(error) }, 'outbox relay run failed');
      }
    });
  }

  const timer = setInterval(kick, options.pollIntervalMs ?? 500);
  timer.unref();
  kick();

  return {
    schema,
    service,
    kick,
    runOnce: () => exclusive(drain),
    backlog: () => readOutboxBacklog(db, schema),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
  };
}
