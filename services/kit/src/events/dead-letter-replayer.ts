// Replays the dead letters an operator asked for (`npm run events:replay` sets replay_requested_at):
// each service process polls its own store and runs the consumer step of the letter's subscription
// again. The step is idempotent (processed_events), so two replicas replaying one letter, or a
// letter replayed twice, apply the event once. A replay that fails for the event's own reason goes
// back to waiting with the new error; one that meets an infrastructure outage is tried at the next poll.
import type { TEventEnvelope } from '@civic/contracts/shared/define-event';
import { startPeriodicJob } from '../jobs/periodic-job.ts';
import { fetchReplayRequests, markReplayed, markReplayFailed } from './dead-letters.ts';
import { describeError, type EventLogger } from './event-logger.ts';
import { errorLine } from './failure-decision.ts';
import { failureKindOf } from '../failure-kind.ts';
import type { ProcessOutcome } from './process-event.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import { runInConsumerSpan, type TraceHeaders } from './trace-headers.ts';

export type ReplayStep = (envelope: TEventEnvelope, headers: TraceHeaders) => Promise<ProcessOutcome>;

export interface DeadLetterReplayer {
  /** Registers the step of one subscription (consumer, subject, version). */
  register(consumer: string, subject: string, version: number, step: ReplayStep): void;
  /** Replays what is requested now; resolves to the number of letters replayed. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH = 50;

export function startDeadLetterReplayer(options: {
  db: SqlDriver;
  schema: string;
  logger: EventLogger;
  pollMs: number;
  system: 'nats' | 'in-process';
}): DeadLetterReplayer {
  const { db, schema, logger } = options;
  const steps = new Map<string, ReplayStep>();
  const keyOf = (consumer: string, subject: string, version: number | null) => `${consumer}|${subject}|${version}`;

  async function replayAll(): Promise<number> {
    let replayed = 0;
    for (const letter of await fetchReplayRequests(db, schema, BATCH)) {
      const step = steps.get(keyOf(letter.consumer, letter.subject, letter.version));
      // Another process of the service may hold the subscription (or a later version dropped it).
      if (!step) continue;
      const log = { schema, consumer: letter.consumer, subject: letter.subject, deadLetterId: letter.id, eventId: letter.envelope?.id };
      if (!letter.envelope) {
        await markReplayFailed(db, schema, letter.id, 'The message did not parse as an event envelope; it cannot be replayed.');
        continue;
      }
      const envelope = letter.envelope;
      try {
        const outcome = await runInConsumerSpan(letter.headers, envelope, letter.consumer, options.system, () => step(envelope, letter.headers));
        await markReplayed(db, schema, letter.id);
        replayed++;
        logger.info({ ...log, outcome }, 'dead letter replayed');
      } catch (error) {
        if (failureKindOf(error) === 'infrastructure') {
          logger.warn({ ...log, err: describeError(error) }, 'dead letter replay met an outage; tried again at the next poll');
          continue;
        }
        await markReplayFailed(db, schema, letter.id, errorLine(error));
        logger.error({ ...log, err: describeError(error) }, 'dead letter replay failed; the letter stays with the new error');
      }
    }
    return replayed;
  }

  let lastCount = 0;
  const job = startPeriodicJob(
    `dead-letter replay (${schema})`,
    options.pollMs,
    async () => {
      lastCount = await replayAll();
    },
    logger,
  );

  return {
    register(consumer, subject, version, step) {
      steps.set(keyOf(consumer, subject, version), step);
    },
    async runOnce() {
      await job.runNow();
      return lastCount;
    },
    stop: () => job.stop(),
  };
}
