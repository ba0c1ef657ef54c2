// Political capital for the benchmark's promoters, written straight into the ledger's database in one
// set-based statement, as the ledger itself would have written a sign-up credit: an account opened
// at version 1 and its one `initial` entry (version 1, balance_after = amount), so balance = sum of
// entries and version = count of entries hold from the start (migration 20261125000000_init). Only
// inserts: the append-only trigger refuses updates and deletes of entries. The credit's event id is a
// fresh one, standing for the registration event these users never had; no balance.changed event is
// written, since no other service reads these users' balances here.
import { LEDGER_DESCRIPTIONS } from '@civic/contracts';
import { query } from './support/query.ts';

/** Opens an account holding `amount` PC for each user (none may have an account yet). */
export async function seedLedgerAccounts(databaseUrl: string, userIds: readonly string[], amount: number): Promise<void> {
  // One statement: the entries' foreign key is checked at its end, when the accounts exist.
  await query(
    databaseUrl,
    `WITH opened AS (
       INSERT INTO ledger.accounts (user_id, balance, version, opened_at)
       SELECT user_id, $2::int, 1, now() FROM unnest($1::uuid[]) AS user_id
       RETURNING user_id, opened_at
     )
     INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, event_id, created_at)
     SELECT gen_random_uuid(), user_id, $2::int, 'initial', $3::text, 1, $2::int, gen_random_uuid(), opened_at FROM opened`,
    [userIds, amount, LEDGER_DESCRIPTIONS.initial],
  );
}
