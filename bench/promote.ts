// Promotions through the gateway for the ledger benchmark: POST /api/priorities/{id}/promote, each
// with a fresh Idempotency-Key as the client sends one per click (so each request is a purchase of
// its own: a pending row, a ledger debit over NATS request/reply, the boost). Request n is promoter
// n mod promoters on seeded priority n mod priorities.
//
// A run ends after `amount` answers rather than after a duration: autocannon drops the requests
// still in flight when a duration ends, and the server would go on to charge them, so the
// successes it counted could not be compared with the ledger's debits. Its mean per second would
// then count the idle part of the last one-second sample, so the rate is timed here, from the start
// to the last answer.
import autocannon from 'autocannon';
import { seededPriorityId } from './seed-priorities.ts';
import type { BenchUser } from './support/sessions.ts';

export interface PromotionLoad {
  gateway: string;
  promoters: readonly BenchUser[];
  /** How many seeded priorities the promotions are spread over. */
  priorities: number;
  amount: number;
  connections: number;
  overallRate?: number;
  /** Carries n across runs, so no two runs repeat a (promoter, priority) sequence. */
  offset: { n: number };
}

export interface PromotionRun {
  result: autocannon.Result;
  /** Answers per second, from the first request to the last answer. */
  rate: number;
}

export async function promote(load: PromotionLoad): Promise<PromotionRun> {
  let lastAnswer = 0;
  const started = performance.now();
  const result = await autocannon({
    url: load.gateway,
    connections: load.connections,
    amount: load.amount,
    ...(load.overallRate ? { overallRate: load.overallRate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = load.offset.n++;
          const promoter = load.promoters[n % load.promoters.length]!;
          return {
            ...request,
            path: `/api/priorities/${seededPriorityId(n % load.priorities)}/promote`,
            headers: { cookie: promoter.cookie, 'x-csrf-token': promoter.csrf, 'idempotency-key': crypto.randomUUID() },
          };
        },
        onResponse: () => {
          lastAnswer = performance.now();
        },
      },
    ],
  });
  return { result, rate: (result.requests.total * 1000) / Math.max(1, lastAnswer - started) };
}
