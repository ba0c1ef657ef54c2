// DELETE /api/account (docs/protocols/account-data.md "Erasure"). In one transaction the account
// service erases its own rows, records the id as deleted and enqueues civic.account.user.deleted;
// every other service erases its part when the event reaches it, even if it is down right now.
// Sessions are revoked here, at once, rather than when auth gets the event (SECURITY 11, 25).
import type { AccountContext } from '../context.ts';
import { emitUserDeleted } from '../events.ts';
import { eraseNetworkReadModels } from '../network/apply-relation-changes.ts';
import { accountErasureGuard } from './erasure-guard.ts';

export async function deleteAccount(ctx: AccountContext, userId: string): Promise<void> {
  const deletedAt = ctx.platform.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Waits for the user's writes under way; later ones see the tombstone (erasure-guard.ts).
    await accountErasureGuard.lockExclusive(tx, userId);
    await tx.execute('DELETE FROM account.profiles WHERE user_id = $1::uuid', [userId]);
    await tx.execute('DELETE FROM account.settings WHERE user_id = $1::uuid', [userId]);
    await eraseNetworkReadModels(tx, userId);
    // A second deletion (a retried request) finds the tombstone and enqueues nothing new.
    if (await accountErasureGuard.markDeleted(tx, userId, deletedAt)) await emitUserDeleted(tx, { userId, deletedAt: deletedAt.toISOString() });
  });
  const revoked = await ctx.platform.sessions.revokeUser(userId);
  ctx.platform.logger.info({ userId, revokedSessions: revoked }, 'account deleted');
}
