// How often and how fast a failing delivery is retried; the same numbers drive JetStream
// (max_deliver, nak delays) and the in-process hub.

export interface RetryPolicy {
  /** Total deliveries of one message to one consumer, the first included (JetStream max_deliver). */
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
