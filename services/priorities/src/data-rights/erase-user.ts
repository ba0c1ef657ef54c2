// priorities' part of account erasure (civic.account.user.deleted; docs/protocols/account-data.md),
// in the consumer's transaction under the user's exclusive lock. The rows it changes are locked in
// id order, as apply_votes locks them, so erasures and vote groups never deadlock. Priorities and
// paid promotions stay, detached from the author; a redelivery finds nothing left to change.
// Tallies change without vote events: open streams see the new counts at the next vote or reload.
import type { SqlDriver } from '@civic/service-kit/db';
import { prioritiesErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlDriver, userId: string, deletedAt: string): Promise<void> {
  await prioritiesErasureGuard.lockExclusive(tx, userId);
  // Every priority this changes (voted on, authored or removed as an administrator), locked up front in id order.
  await tx.query(
    `SELECT p.id FROM priorities.priorities p
     WHERE p.id IN (SELECT priority_id FROM priorities.votes WHERE user_id = $1::uuid) OR p.author_id = $1::uuid
        OR (NOT p.is_active AND p.removed_by = $1::uuid)
     ORDER BY p.id FOR NO KEY UPDATE`,
    [userId],
  );
  await tx.execute(
    `UPDATE priorities.priorities p
     SET endorsements = p.endorsements - (v.vote_type = 'endorse')::int,
         oppositions = p.oppositions - (v.vote_type = 'oppose')::int
     FROM priorities.votes v
     WHERE v.user_id = $1::uuid AND v.priority_id = p.id`,
    [userId],
  );
  await tx.execute('DELETE FROM priorities.votes WHERE user_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM priorities.vote_changes WHERE user_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM priorities.daily_priority_counts WHERE user_id = $1::uuid', [userId]);
  await tx.execute('UPDATE priorities.priorities SET author_id = NULL WHERE author_id = $1::uuid', [userId]);
  // An administrator's removals stay removed, and the snapshots they asked for stay published; who did
  // either is the admin service's audit log's to keep.
  await tx.execute('UPDATE priorities.open_data_snapshots SET requested_by = NULL WHERE requested_by = $1::uuid', [userId]);
  await tx.execute('UPDATE priorities.priorities SET removed_by = NULL WHERE NOT is_active AND removed_by = $1::uuid', [userId]);
  for (const table of ['priorities.promotions', 'priorities.creation_charges']) {
    await tx.execute(`DELETE FROM ${table} WHERE user_id = $1::uuid AND status IN ('pending', 'refunding')`, [userId]);
  }
  await tx.execute('UPDATE priorities.promotions SET user_id = NULL WHERE user_id = $1::uuid', [userId]);
  // A creation's kept answer names its author: it goes with the key that could ask for it.
  await tx.execute(
    'UPDATE priorities.creation_charges SET user_id = NULL, idempotency_key = NULL, request_hash = NULL, response = NULL WHERE user_id = $1::uuid',
    [userId],
  );
  await tx.execute('DELETE FROM priorities.members WHERE user_id = $1::uuid', [userId]);
  // Briefing deletes the user's documents on the same event: the Talking Points tile drops them.
  await tx.execute('DELETE FROM priorities.briefing_documents WHERE author_id = $1::uuid', [userId]);
  await prioritiesErasureGuard.markDeleted(tx, userId, deletedAt);
}
