// social's part of account erasure (civic.account.user.deleted), in the consumer's transaction: the
// user's activities and member row go, and the id is remembered so a late event about the user
// records nothing. A follow activity names the user it followed, so those go too, whoever wrote them
// (none exist before the follow slice). A redelivery finds nothing left and changes nothing.
import type { SqlExecutor } from '@civic/service-kit/events';
import { eraseRecruits } from '../recruits/record-recruit.ts';
import { socialErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
  // Waits for the writes about the user under way; later ones see the tombstone (erasure-guard.ts).
  await socialErasureGuard.lockExclusive(tx, userId);
  await tx.$executeRawUnsafe(`DELETE FROM social.activities WHERE user_id = $1::uuid OR (type = 'follow' AND subject_id = $1::uuid)`, userId);
  await tx.$executeRawUnsafe('DELETE FROM social.members WHERE user_id = $1::uuid', userId);
  await eraseRecruits(tx, userId);
  await socialErasureGuard.markDeleted(tx, userId, deletedAt);
}
