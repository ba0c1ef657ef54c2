// What a transport does with a delivery that failed (docs/protocols/events.md): an event that failed
// because the consumer's dependencies were away is retried without limit, with the policy's capped
// backoff; one that failed for a reason of its own is retried up to `maxDeliver` deliveries and then
// dead-lettered; one that does not fit the consumer's schema is dead-lettered at once.
import { failureKindOf, type FailureKind } from '../failure-kind.ts';
import { PoisonEventError } from './process-event.ts';
import { retryDelayMs, type RetryPolicy } from './retry-policy.ts';

export type FailureDecision = { action: 'retry'; delayMs: number; kind: FailureKind } | { action: 'dead-letter'; kind: 'event' };

export function decideAfterFailure(policy: RetryPolicy, error: unknown, deliveries: number): FailureDecision {
  if (error instanceof PoisonEventError) return { action: 'dead-letter', kind: 'event' };
  const kind = failureKindOf(error);
  if (kind === 'event' && deliveries >= policy.maxDeliver) return { action: 'dead-letter', kind };
  return { action: 'retry', delayMs: retryDelayMs(policy, deliveries), kind };
}

/** The error as one line for the dead-letter store and logs. */
export function errorLine(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
