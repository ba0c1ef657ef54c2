// After the promotion runs: did the load buy what it says it bought? A benchmark that counted answers
// without checking them could report refusals or double charges as throughput. Checks, from the
// services' own tables:
//   - every ledger account's balance = the sum of its entries, its version = their count, and its
//     last entry's balance_after = its balance (SECURITY 16);
//   - the promotions answered 2xx = the promoters' debits not refunded = the applied promotion rows,
//     each debit of the promotion cost; no purchase left pending or refunding.
import { query } from './support/query.ts';

export interface LedgerCheck {
  ledgerDb: string;
  prioritiesDb: string;
  promoterIds: readonly string[];
  /** Promotions the gateway answered 2xx, over every run. */
  succeeded: number;
  cost: number;
}

/** Prints what it found; returns false when anything does not add up. */
export async function checkLedger(check: LedgerCheck): Promise<boolean> {
  const [accounts] = await query<{ accounts: number; off: number }>(
    check.ledgerDb,
    `SELECT count(*)::int AS accounts,
            count(*) FILTER (WHERE a.balance <> e.total OR a.version <> e.entries OR a.balance <> e.last_balance)::int AS off
     FROM ledger.accounts a
     JOIN LATERAL (
       SELECT coalesce(sum(amount), 0) AS total, count(*) AS entries,
              (SELECT balance_after FROM ledger.entries l WHERE l.user_id = a.user_id ORDER BY version DESC LIMIT 1) AS last_balance
       FROM ledger.entries x WHERE x.user_id = a.user_id
     ) e ON true`,
  );
  const [spent] = await query<{ debits: number; refunds: number; wrong_amount: number }>(
    check.ledgerDb,
    `SELECT count(*) FILTER (WHERE kind = 'debit')::int AS debits,
            count(*) FILTER (WHERE kind = 'refund')::int AS refunds,
            count(*) FILTER (WHERE kind = 'debit' AND amount <> -$2::int)::int AS wrong_amount
     FROM ledger.entries WHERE user_id = ANY($1::uuid[])`,
    [check.promoterIds, check.cost],
  );
  const statuses = await query<{ status: string; count: number }>(
    check.prioritiesDb,
    'SELECT status, count(*)::int AS count FROM priorities.promotions WHERE user_id = ANY($1::uuid[]) GROUP BY status',
    [check.promoterIds],
  );
  const byStatus = Object.fromEntries(statuses.map((s) => [s.status, s.count]));
  const applied = byStatus.applied ?? 0;
  const unsettled = (byStatus.pending ?? 0) + (byStatus.refunding ?? 0);
  const kept = spent!.debits - spent!.refunds;

  const balancesOk = accounts!.off === 0;
  const promotionsOk = check.succeeded === kept && kept === applied && spent!.wrong_amount === 0 && unsettled === 0;
  console.log(
    `ledger: ${accounts!.accounts} accounts, ${balancesOk ? 'every balance = the sum of its entries' : `**${accounts!.off} whose balance is not the sum of their entries**`}`,
  );
  console.log(
    `promotions answered 2xx ${check.succeeded}, debits ${spent!.debits} - refunds ${spent!.refunds} = ${kept}, applied rows ${applied}` +
      `${unsettled ? `, unsettled ${unsettled}` : ''}${spent!.wrong_amount ? `, debits not of ${check.cost} PC ${spent!.wrong_amount}` : ''}: ` +
      (promotionsOk ? 'they agree' : '**they do not agree**'),
  );
  return balancesOk && promotionsOk;
}
