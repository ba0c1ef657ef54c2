// Keeps auth's copy of a user's political capital (politicalCapital in GET /api/auth/user) from
// civic.ledger.balance.changed, in the consumer's transaction. Balance events of one account may
// arrive out of order (a redelivery, a retried one overtaken by the next), so a balance is applied
// only when its account version is newer than the one held: the latest balance always wins.
import type { EventPayload, ledgerEvents } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';

export async function applyBalanceChange(tx: SqlExecutor, p: EventPayload<typeof ledgerEvents.BalanceChanged>): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE auth.users SET political_capital = $2::int, political_capital_version = $3::int
     WHERE id = $1::uuid AND political_capital_version < $3::int`,
    p.userId,
    p.balance,
    p.version,
  );
}
