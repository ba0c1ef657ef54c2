// The credit lag for the benchmarks: things that earn PC (priorities, briefing documents) created
// through the gateway, then, per creation, the time from its event (written in the creating
// transaction) to the ledger entry that pays for it. Both ends are timestamps the two services wrote
// (the event's time in the producer's outbox, the entry's in the ledger), joined on the event id
// after the run: nothing is timed here.
import type { BenchUser } from './support/sessions.ts';
import { query } from './support/query.ts';

/** Where a creation's event and its credit are written. */
export interface CreditSource {
  /** The producer's database and its outbox's schema (e.g. priorities). */
  producerDb: string;
  schema: string;
  /** The event's subject ends with this (e.g. priority.created). */
  subjectSuffix: string;
  ledgerDb: string;
  /** The ledger entry's kind (e.g. priority_created). */
  kind: string;
}

export interface CreditLagLoad {
  gateway: string;
  /** At most 5 creations each when the creation is a priority (the spec's daily limit). */
  creators: readonly BenchUser[];
  creations: number;
  /** Creations per second. */
  rate: number;
  /** Creates the n-th thing as `user`; throws unless it was created. Default: a priority. */
  create?: (gateway: string, user: BenchUser, n: number) => Promise<void>;
  source: CreditSource;
}

export async function createPriority(gateway: string, user: BenchUser, n: number): Promise<void> {
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

/** Creates `creations` things at `rate`, spread over the creators. */
async function createAtRate(load: CreditLagLoad): Promise<void> {
  const create = load.create ?? createPriority;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; n < load.creations; n++) {
    const due = started + (n * 1000) / load.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(create(load.gateway, load.creators[n % load.creators.length]!, n));
  }
  await Promise.all(pending);
}

/**
 * Waits (at most 60 s) until the ledger holds a credit of `kind` for every creation event the
 * producer has written since `since` (all when omitted), then joins the two sides: each credit's
 * lag in ms, sorted.
 */
export async function creditLags(source: CreditSource, since?: Date): Promise<number[]> {
  const created = await query<{ id: string; at: Date }>(
    source.producerDb,
    `SELECT id, created_at AS at FROM ${source.schema}.outbox WHERE subject LIKE $1 AND created_at >= $2`,
    [`%${source.subjectSuffix}`, since ?? new Date(0)],
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const credits = await query<{ event_id: string; at: Date }>(source.ledgerDb, 'SELECT event_id, created_at AS at FROM ledger.entries WHERE kind = $1', [
      source.kind,
    ]);
    const creditedAt = new Map(credits.map((c) => [c.event_id, c.at.getTime()]));
    const missing = created.filter((c) => !creditedAt.has(c.id)).length;
    if (missing === 0 || Date.now() > deadline) {
      if (missing > 0) console.log(`  (${missing} of ${created.length} creations not credited within 60 s)`);
      return created
        .filter((c) => creditedAt.has(c.id))
        .map((c) => creditedAt.get(c.id)! - c.at.getTime())
        .sort((a, b) => a - b);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Each credit's lag in ms, sorted. */
export async function creditLag(load: CreditLagLoad): Promise<number[]> {
  const since = new Date();
  await createAtRate(load);
  return creditLags(load.source, since);
}
