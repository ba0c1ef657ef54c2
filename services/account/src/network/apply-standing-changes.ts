// Keeps account's copy of each user's standing (the public profile's politicalCapital, followers and
// following) from the ledger's and social's events, in the consumer's transaction. Each part is
// applied only when its version is newer than the one held, so a late redelivery never overwrites a
// newer figure; a deleted user's row is never made again (deleted_users).
import type { EventPayload, ledgerEvents, socialEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';

const NOT_DELETED = 'NOT EXISTS (SELECT 1 FROM account.deleted_users WHERE user_id = $1::uuid)';

export async function applyBalanceChange(tx: SqlDriver, p: EventPayload<typeof ledgerEvents.BalanceChanged>): Promise<void> {
  await tx.execute(
    `INSERT INTO account.standings (user_id, political_capital, political_capital_version)
     SELECT $1::uuid, $2::int, $3::int WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET political_capital = excluded.political_capital, political_capital_version = excluded.political_capital_version
     WHERE account.standings.political_capital_version < excluded.political_capital_version`,
    [p.userId, p.balance, p.version],
  );
}

export async function applyCountsChange(tx: SqlDriver, p: EventPayload<typeof socialEvents.CountsChanged>): Promise<void> {
  await tx.execute(
    `INSERT INTO account.standings (user_id, followers, following, counts_version)
     SELECT $1::uuid, $2::int, $3::int, $4::int WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET followers = excluded.followers, following = excluded.following, counts_version = excluded.counts_version
     WHERE account.standings.counts_version < excluded.counts_version`,
    [p.userId, p.followers, p.following, p.version],
  );
}
