// The credit lag for the ledger benchmark: priorities created through the gateway at a steady rate,
// then, per creation, the time from its civic.priorities.priority.created event (written in the
// creating transaction) to the ledger entry that pays the +5 for it. Both ends are timestamps the two
// services wrote (the event's time in the priorities outbox, the entry's in the ledger), joined on the
// event id after the run: nothing is timed here.
import type { BenchUser } from './support/sessions.ts';
import { query } from './support/query.ts';

export interface CreditLagLoad {
  gateway: string;
  /** At most 5 creations each (the spec's daily limit). */
  creators: readonly BenchUser[];
  creations: number;
  /** Creations per second. */
  rate: number;
  prioritiesDb: string;
  ledgerDb: string;
}

async function createPriority(gateway: string, user: BenchUser, n: number): Promise<void> {
  const answer = await fetch(`${gateway}/api/priorities`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `Benchmark priority for the credit lag, number ${n}`,
      description: 'A priority created by the ledger benchmark to time the +5 credit that its creation earns its author.',
    }),
  });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`create answered ${answer.status}: ${await answer.text()}`);
}

/** Creates `creations` priorities at `rate`, spread over the creators. */
async function createAtRate(load: CreditLagLoad): Promise<void> {
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; n < load.creations; n++) {
    const due = started + (n * 1000) / load.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(createPriority(load.gateway, load.creators[n % load.creators.length]!, n));
  }
  await Promise.all(pending);
}

/** Waits until the ledger holds a creation credit for every creation event, then joins the two sides. */
async function creditLags(load: CreditLagLoad): Promise<number[]> {
  const created = await query<{ id: string; at: Date }>(
    load.prioritiesDb,
    "SELECT id, created_at AS at FROM priorities.outbox WHERE subject LIKE '%priority.created'",
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const credits = await query<{ event_id: string; at: Date }>(
      load.ledgerDb,
      "SELECT event_id, created_at AS at FROM ledger.entries WHERE kind = 'priority_created'",
    );
    if (credits.length >= created.length || Date.now() > deadline) {
      const creditedAt = new Map(credits.map((c) => [c.event_id, c.at.getTime()]));
      const missing = created.filter((c) => !creditedAt.has(c.id)).length;
      if (missing > 0) console.log(`  (${missing} of ${created.length} creations not credited within 60 s)`);
      return created.filter((c) => creditedAt.has(c.id)).map((c) => creditedAt.get(c.id)! - c.at.getTime());
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Each credit's lag in ms, sorted. */
export async function creditLag(load: CreditLagLoad): Promise<number[]> {
  await createAtRate(load);
  return (await creditLags(load)).sort((a, b) => a - b);
}
