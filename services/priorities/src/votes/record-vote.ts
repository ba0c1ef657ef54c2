// POST and DELETE /api/priorities/{id}/vote (spec 4, SECURITY 18). One transaction per call:
//   1. the caller's shared per-user lock (data-rights/user-lock.ts), then the priority row locked
//      FOR NO KEY UPDATE: every vote on one priority waits for the one before, so 50 parallel
//      endorsements from one user see each other and leave one vote;
//   2. the caller's vote and last change, read after the lock (a later statement: it sees what the
//      previous holder committed);
//   3. domain/vote-transition.ts decides; the vote row, the last-change row and the tallies are
//      written, and vote.cast / vote.removed goes to the outbox.
// The tallies are the priority's own columns (score is generated from them), so the index moves
// one entry per vote: O(log n) whatever the number of priorities or votes.
import { voteCooldownMessage, type TVoteResult, type TVoteType } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';
import { WRITE_TRANSACTION, type PrioritiesTx } from '../db.ts';
import { lockUserShared } from '../data-rights/user-lock.ts';
import { decideVote, type VoteAction, type VoteDecision } from '../domain/vote-transition.ts';
import { AccountDeleted, NoVote, PriorityNotFound, VoteCooldown } from '../errors.ts';
import { emitVoteCast, emitVoteRemoved, publishCommitted } from '../events.ts';
import { settingOf } from '../settings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LockedPriority {
  title: string;
  endorsements: number;
  oppositions: number;
  deleted: boolean;
}

async function writeDecision(
  tx: PrioritiesTx,
  decision: Extract<VoteDecision, { delta: unknown }>,
  priority: { id: string; title: string },
  userId: string,
  now: Date,
): Promise<{ endorsements: number; oppositions: number }> {
  const at = now.toISOString();
  if (decision.outcome === 'cast') {
    await tx.$executeRawUnsafe(
      'INSERT INTO priorities.votes (priority_id, user_id, vote_type, voted_at) VALUES ($1::uuid, $2::uuid, $3, $4::timestamptz)',
      priority.id,
      userId,
      decision.vote,
      at,
    );
  } else {
    if (decision.outcome === 'switched') {
      await tx.$executeRawUnsafe(
        'UPDATE priorities.votes SET vote_type = $3, voted_at = $4::timestamptz WHERE priority_id = $1::uuid AND user_id = $2::uuid',
        priority.id,
        userId,
        decision.vote,
        at,
      );
    } else {
      await tx.$executeRawUnsafe('DELETE FROM priorities.votes WHERE priority_id = $1::uuid AND user_id = $2::uuid', priority.id, userId);
    }
    await tx.$executeRawUnsafe(
      `INSERT INTO priorities.vote_changes (priority_id, user_id, last_changed_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz)
       ON CONFLICT (priority_id, user_id) DO UPDATE SET last_changed_at = EXCLUDED.last_changed_at`,
      priority.id,
      userId,
      at,
    );
  }
  const [tally] = await tx.$queryRawUnsafe<{ endorsements: number; oppositions: number }[]>(
    `UPDATE priorities.priorities SET endorsements = endorsements + $2::int, oppositions = oppositions + $3::int
     WHERE id = $1::uuid RETURNING endorsements, oppositions`,
    priority.id,
    decision.delta.endorsements,
    decision.delta.oppositions,
  );
  if (decision.outcome === 'removed') {
    await emitVoteRemoved(tx, { priorityId: priority.id, userId, voteType: decision.removed, removedAt: at });
  } else {
    await emitVoteCast(tx, { priorityId: priority.id, userId, voteType: decision.vote, priorityTitle: priority.title, castAt: at });
  }
  return tally!;
}

export async function recordVote(ctx: PrioritiesContext, userId: string, priorityId: string, action: VoteAction): Promise<TVoteResult> {
  // Anything that is not a UUID names no priority: a 404, not a database error.
  if (!UUID.test(priorityId)) throw new PriorityNotFound();
  const id = priorityId.toLowerCase();
  const now = ctx.platform.clock.now();
  const cooldownHours = settingOf(ctx, 'vote_change_cooldown_hours');

  const { result, changed } = await ctx.db.$transaction(async (tx) => {
    await lockUserShared(tx, userId);
    const [priority] = await tx.$queryRawUnsafe<LockedPriority[]>(
      `SELECT p.title, p.endorsements, p.oppositions,
              EXISTS (SELECT 1 FROM priorities.deleted_users d WHERE d.user_id = $2::uuid) AS deleted
       FROM priorities.priorities p WHERE p.id = $1::uuid AND p.is_active
       FOR NO KEY UPDATE`,
      id,
      userId,
    );
    if (!priority) throw new PriorityNotFound();
    if (priority.deleted) throw new AccountDeleted();
    const [mine] = await tx.$queryRawUnsafe<{ vote_type: TVoteType | null; last_changed_at: Date | string | null }[]>(
      `SELECT (SELECT vote_type FROM priorities.votes WHERE priority_id = $1::uuid AND user_id = $2::uuid) AS vote_type,
              (SELECT last_changed_at FROM priorities.vote_changes WHERE priority_id = $1::uuid AND user_id = $2::uuid) AS last_changed_at`,
      id,
      userId,
    );
    const current = mine!.vote_type;
    const lastChangedAt = mine!.last_changed_at === null ? null : new Date(mine!.last_changed_at);
    const decision = decideVote(current, action, lastChangedAt, now, cooldownHours);
    switch (decision.outcome) {
      case 'no-vote':
        throw new NoVote();
      case 'cooldown':
        throw new VoteCooldown(voteCooldownMessage(decision.msLeft));
      case 'unchanged':
        return {
          changed: false,
          result: { priorityId: id, endorsements: Number(priority.endorsements), oppositions: Number(priority.oppositions), userVote: current ? { voteType: current } : null },
        };
      default: {
        const tally = await writeDecision(tx, decision, { id, title: priority.title }, userId, now);
        const vote = decision.outcome === 'removed' ? null : decision.vote;
        return {
          changed: true,
          result: { priorityId: id, endorsements: Number(tally.endorsements), oppositions: Number(tally.oppositions), userVote: vote ? { voteType: vote } : null },
        };
      }
    }
  }, WRITE_TRANSACTION);
  if (changed) publishCommitted(ctx);
  return result;
}
