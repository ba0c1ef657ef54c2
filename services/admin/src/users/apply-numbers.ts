// The row's two numbers: political capital from civic.ledger.balance.changed and followers from
// civic.social.counts.changed. Each carries its owner's version for the user and only a newer one is
// applied, so a redelivery or an overtaken event never sets an older number back (as auth's copies do,
// services/auth/src/users/apply-balance-change.ts and apply-counts-change.ts).
import type { SqlDriver } from '@civic/service-kit/db';
import { upsertDirectoryRow } from './directory-writes.ts';

export function applyBalance(tx: SqlDriver, p: { userId: string; balance: number; version: number }): Promise<void> {
  return upsertDirectoryRow(
    tx,
    p.userId,
    {
      columns: ['political_capital', 'political_capital_version'],
      values: ['$2::int', '$3::int'],
      update: 'political_capital = EXCLUDED.political_capital, political_capital_version = EXCLUDED.political_capital_version',
      guard: 'd.political_capital_version < EXCLUDED.political_capital_version',
    },
    p.balance,
    p.version,
  );
}

export function applyFollowers(tx: SqlDriver, p: { userId: string; followers: number; version: number }): Promise<void> {
  return upsertDirectoryRow(
    tx,
    p.userId,
    {
      columns: ['followers', 'followers_version'],
      values: ['$2::int', '$3::int'],
      update: 'followers = EXCLUDED.followers, followers_version = EXCLUDED.followers_version',
      guard: 'd.followers_version < EXCLUDED.followers_version',
    },
    p.followers,
    p.version,
  );
}
