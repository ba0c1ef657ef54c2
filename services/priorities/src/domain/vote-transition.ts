// spec 4 "Vote on a priority" and the change cooldown (vote_change_cooldown_hours) as one pure
// decision: given the caller's current vote and the time of their last change on the priority,
// what a cast or a removal does. votes/record-vote.ts applies the decision in one transaction.
//
// - casting when there is no vote is always free (a first vote, or a re-cast after a removal);
// - casting the vote one already has changes nothing;
// - casting the other vote (a switch) and removing are changes: allowed when the last change on
//   this priority is at least the cooldown ago (or there was none); 0 hours turns the cooldown off.
export type VoteType = 'endorse' | 'oppose';
export type VoteAction = { kind: 'cast'; voteType: VoteType } | { kind: 'remove' };

export interface TallyDelta {
  endorsements: number;
  oppositions: number;
}

export type VoteDecision =
  | { outcome: 'unchanged'; vote: VoteType | null }
  | { outcome: 'cast'; vote: VoteType; delta: TallyDelta }
  | { outcome: 'switched'; vote: VoteType; delta: TallyDelta }
  | { outcome: 'removed'; removed: VoteType; delta: TallyDelta }
  | { outcome: 'no-vote' }
  | { outcome: 'cooldown'; msLeft: number };

const HOUR_MS = 60 * 60 * 1000;

function countOf(vote: VoteType, sign: 1 | -1): TallyDelta {
  return vote === 'endorse' ? { endorsements: sign, oppositions: 0 } : { endorsements: 0, oppositions: sign };
}

/** How long until a change is allowed again; 0 when it is allowed now. */
export function cooldownLeftMs(lastChangedAt: Date | null, now: Date, cooldownHours: number): number {
  if (!lastChangedAt || !(cooldownHours > 0)) return 0;
  return Math.max(0, lastChangedAt.getTime() + cooldownHours * HOUR_MS - now.getTime());
}

export function decideVote(current: VoteType | null, action: VoteAction, lastChangedAt: Date | null, now: Date, cooldownHours: number): VoteDecision {
  if (action.kind === 'cast') {
    if (current === action.voteType) return { outcome: 'unchanged', vote: current };
    if (current === null) return { outcome: 'cast', vote: action.voteType, delta: countOf(action.voteType, 1) };
  } else if (current === null) {
    return { outcome: 'no-vote' };
  }
  const msLeft = cooldownLeftMs(lastChangedAt, now, cooldownHours);
  if (msLeft > 0) return { outcome: 'cooldown', msLeft };
  if (action.kind === 'remove') return { outcome: 'removed', removed: current, delta: countOf(current, -1) };
  const off = countOf(current, -1);
  const on = countOf(action.voteType, 1);
  return {
    outcome: 'switched',
    vote: action.voteType,
    delta: { endorsements: off.endorsements + on.endorsements, oppositions: off.oppositions + on.oppositions },
  };
}
