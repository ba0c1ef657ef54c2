// POST and DELETE /api/priorities/{id}/vote (spec 4, SECURITY 18), without an interactive
// transaction (docs/ranking.md): one read, a decision (domain/vote-transition.ts), and one call of
// priorities.apply_vote, which re-checks under lock that the state is the one decided on.
// A first endorsement or opposition skips the read, assuming no vote yet (the common case); when
// apply_vote answers 'stale' (a wrong guess, or a racing request of the same user) the decision is
// taken again from a fresh read, so one user keeps one vote row.
import { isUuid, prioritiesEvents, voteCooldownMessage, type TVoteResult, type TVoteType } from '@civic/contracts';
import { AccountDeleted, settingOf, withRetryAt } from '@civic/service-kit';
import { buildOutboxRows } from '@civic/service-kit/events';
import type { PrioritiesContext } from '../context.ts';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';
import { decideVote, type VoteAction, type VoteDecision } from '../domain/vote-transition.ts';
import { userVoteOf } from '../priorities/priority-view.ts';
import { NoVote, PriorityNotFound, VoteCooldown, VoteContended } from '../errors.ts';
import type { AppliedVote, VoteChange } from './vote-batcher.ts';

/** A decision overtaken this many times in a row (the same user changing one vote in a tight loop) gives up. */
const MAX_ATTEMPTS = 8;

interface VoteState {
  endorsements: number;
  oppositions: number;
  deleted: boolean;
  vote_type: TVoteType | null;
  last_changed_at: Date | string | null;
}

/** A decision that changes something (cast, switched, removed). */
export type Change = Extract<VoteDecision, { delta: unknown }>;

async function readState(ctx: PrioritiesContext, priorityId: string, userId: string): Promise<VoteState | undefined> {
  const [state] = await ctx.db.query<VoteState>(
    `SELECT p.endorsements, p.oppositions,
            ${prioritiesErasureGuard.deletedSql('$2')} AS deleted,
            (SELECT v.vote_type FROM priorities.votes v WHERE v.priority_id = p.id AND v.user_id = $2::uuid) AS vote_type,
            (SELECT c.last_changed_at FROM priorities.vote_changes c WHERE c.priority_id = p.id AND c.user_id = $2::uuid) AS last_changed_at
     FROM priorities.priorities p WHERE p.id = $1::uuid AND p.is_active`,
    [priorityId, userId],
    'priorities_vote_state',
  );
  return state;
}

/** The event the change reports, as the outbox row apply_vote inserts (it writes vote.cast's priorityTitle). */
function outboxRowOf(change: Change, priorityId: string, userId: string, at: string) {
  const { rows } =
    change.outcome === 'removed'
      ? buildOutboxRows(prioritiesEvents.VoteRemoved, [{ priorityId, userId, voteType: change.removed, removedAt: at }])
      : buildOutboxRows(prioritiesEvents.VoteCast, [{ priorityId, userId, voteType: change.vote, priorityTitle: '', castAt: at }]);
  return rows[0]!;
}

/** What the decision assumed: the vote and the last change apply_vote must still find. */
export type Expected = Pick<VoteState, 'vote_type' | 'last_changed_at'>;

/** A first vote: no vote and no change on the priority yet. */
export const FIRST_VOTE: Expected = { vote_type: null, last_changed_at: null };

/** The change as apply_vote takes it: the decision, the state it was decided on, and its event. */
export function voteChangeOf(change: Change, state: Expected, priorityId: string, userId: string, now: Date): VoteChange {
  const at = now.toISOString();
  return {
    priorityId,
    userId,
    expectedVote: state.vote_type,
    expectedChangedAt: state.last_changed_at === null ? null : new Date(state.last_changed_at).toISOString(),
    outcome: change.outcome,
    vote: change.outcome === 'removed' ? null : change.vote,
    endorsementsDelta: change.delta.endorsements,
    oppositionsDelta: change.delta.oppositions,
    at,
    outbox: outboxRowOf(change, priorityId, userId, at),
  };
}

/** The answer to an applied change, once it is committed: the lists and streams learn of it. */
function appliedResult(
  ctx: PrioritiesContext,
  priorityId: string,
  userId: string,
  change: Change,
  applied: AppliedVote,
  before: Expected,
  now: Date,
): TVoteResult {
  if (applied.status === 'missing') throw new PriorityNotFound();
  if (applied.status === 'deleted') throw new AccountDeleted();
  ctx.topPriorities.invalidate();
  ctx.viewerVotes.invalidate(userId);
  // A cast keeps the last change it was decided on (a re-cast after a removal is still inside its cooldown); a switch is one.
  const userVote = change.outcome === 'removed' ? null : userVoteOf(change.vote, change.outcome === 'switched' ? now : before.last_changed_at);
  return { priorityId, endorsements: Number(applied.endorsements), oppositions: Number(applied.oppositions), userVote };
}

/** The first-vote shortcut (see the top): the answer, or undefined when the caller had voted or changed before. */
async function tryFirstVote(
  ctx: PrioritiesContext,
  priorityId: string,
  userId: string,
  action: VoteAction,
  cooldownHours: number,
): Promise<TVoteResult | undefined> {
  const now = ctx.platform.clock.now();
  const decision = decideVote(FIRST_VOTE.vote_type, action, null, now, cooldownHours);
  if (decision.outcome !== 'cast') return undefined;
  const applied = await ctx.votes.apply(voteChangeOf(decision, FIRST_VOTE, priorityId, userId, now));
  return applied.status === 'stale' ? undefined : appliedResult(ctx, priorityId, userId, decision, applied, FIRST_VOTE, now);
}

export async function recordVote(ctx: PrioritiesContext, userId: string, priorityId: string, action: VoteAction): Promise<TVoteResult> {
  // Anything that is not a UUID names no priority: a 404, not a database error.
  if (!isUuid(priorityId)) throw new PriorityNotFound();
  const id = priorityId.toLowerCase();
  const cooldownHours = settingOf(ctx, 'vote_change_cooldown_hours');
  if (action.kind === 'cast') {
    const first = await tryFirstVote(ctx, id, userId, action, cooldownHours);
    if (first) return first;
  }

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = ctx.platform.clock.now();
    const state = await readState(ctx, id, userId);
    if (!state) throw new PriorityNotFound();
    if (state.deleted) throw new AccountDeleted();
    const current = state.vote_type;
    const lastChangedAt = state.last_changed_at === null ? null : new Date(state.last_changed_at);
    const decision = decideVote(current, action, lastChangedAt, now, cooldownHours);
    switch (decision.outcome) {
      case 'no-vote':
        throw new NoVote();
      case 'cooldown':
        throw withRetryAt(new VoteCooldown(voteCooldownMessage(decision.msLeft)), new Date(now.getTime() + decision.msLeft), now);
      case 'unchanged':
        return {
          priorityId: id,
          endorsements: Number(state.endorsements),
          oppositions: Number(state.oppositions),
          userVote: current ? userVoteOf(current, state.last_changed_at) : null,
        };
      default: {
        const applied = await ctx.votes.apply(voteChangeOf(decision, state, id, userId, now));
        if (applied.status === 'stale') continue;
        return appliedResult(ctx, id, userId, decision, applied, state, now);
      }
    }
  }
  throw new VoteContended();
}
