// How often and how fast a failing delivery is retried, on both transports (nak delays on JetStream,
// the relay's deferral in-process). Failures of the consumer's own dependencies are retried without
// limit (the last backoff step repeats); `maxDeliver` bounds only failures that come from the event,
// after which it is dead-lettered (failure-decision.ts).

export interface RetryPolicy {
  /**
   * Deliveries of an event that fails for a reason of its own (the first included) before it is
   * dead-lettered. The JetStream consumer itself redelivers without limit.
   */
  maxDeliver: number;
  /** Delay before delivery n+1 after failed delivery n; the last entry repeats. */
  backoffMs: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxDeliver: 10,
  backoffMs: [1_000, 2_000, 5_000, 10_000, 30_000, 60_000],
};

export function resolveRetryPolicy(...overrides: (Partial<RetryPolicy> | undefined)[]): RetryPolicy {
  const policy = Object.assign({}, DEFAULT_RETRY_POLICY, ...overrides.filter(Boolean)) as RetryPolicy;
  if (!Number.isInteger(policy.maxDeliver) || policy.maxDeliver < 1) {
    throw new Error(`retry.maxDeliver must be a positive integer, got ${policy.maxDeliver}`);
  }
  if (policy.backoffMs.length === 0 || policy.backoffMs.some((ms) => !(ms >= 0))) {
    throw new Error('retry.backoffMs must be a non-empty list of non-negative numbers');
  }
  return policy;
}

/** Delay after the `failedDelivery`-th delivery (1-based) failed. */
export function retryDelayMs(policy: RetryPolicy, failedDelivery: number): number {
  const index = Math.min(Math.max(failedDelivery, 1), policy.backoffMs.length) - 1;
  return policy.backoffMs[index]!;
}
