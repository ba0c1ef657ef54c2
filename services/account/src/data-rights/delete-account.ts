// DELETE /api/account (docs/protocols/account-data.md "Erasure"). In one transaction the account
// service erases its own rows, records the id as deleted and enqueues civic.account.user.deleted;
// every other service erases its part when the event reaches it, even if it is down right now.
// Sessions are revoked here, at once, rather than when auth gets the event (SECURITY 11, 25).
import type { AccountContext } from '../context.ts';
import { emitUserDeleted } from '../events.ts';
import { lockUserForDeletion } from './deleted-users.ts';

export async function deleteAccount(ctx: AccountContext, userId: string): Promise<void> {
  const deletedAt = ctx.platform.clock.now();
  await ctx.db.$transaction(async (tx) => {
    // Waits for the user's writes under way; later ones see the tombstone (deleted-users.ts).
    await lockUserForDeletion(tx, userId);
    await tx.profile.deleteMany({ where: { userId } });
    await tx.settings.deleteMany({ where: { userId } });
    // A second deletion (a retried request) finds the tombstone and enqueues nothing new.
    const tombstone = await tx.deletedUser.createMany({ data: [{ userId, deletedAt }], skipDuplicates: true });
    if (tombstone.count === 1) await emitUserDeleted(tx, { userId, deletedAt: deletedAt.toISOString() });
  });
  const revoked = await ctx.platform.sessions.revokeUser(userId);
  ctx.platform.logger.info({ userId, revokedSessions: revoked }, 'account deleted');
}
