// Keeps auth's copy of users' political capital (GET /api/auth/user) from civic.ledger.balance.changed.
// Applied only when newer than the account version held, so the latest balance wins whatever the
// order and the events can be taken in batches, as apply-counts-change.ts does.
import type { EventPayload, ledgerEvents } from '@civic/contracts';
import type { BatchItem } from '@civic/service-kit/events';
import type { SqlDriver } from '@civic/service-kit/db';

type BalanceChanged = EventPayload<typeof ledgerEvents.BalanceChanged>;

export async function applyBalanceChanges(tx: SqlDriver, items: readonly BatchItem<BalanceChanged>[]): Promise<void> {
  const balances = items.map(({ payload: p }) => ({ id: p.userId, balance: p.balance, version: p.version }));
  await tx.execute(
    `WITH newest AS (
       SELECT DISTINCT ON (b.id) b.* FROM jsonb_to_recordset($1::jsonb) AS b(id uuid, balance int, version int)
       ORDER BY b.id, b.version DESC
     ), locked AS (
       SELECT u.id FROM auth.users u JOIN newest n ON n.id = u.id WHERE u.political_capital_version < n.version ORDER BY u.id FOR UPDATE OF u
     )
     UPDATE auth.users u SET political_capital = n.balance, political_capital_version = n.version
     FROM newest n WHERE u.id = n.id AND u.id IN (SELECT id FROM locked) AND u.political_capital_version < n.version`,
    [JSON.stringify(balances)],
  );
}
