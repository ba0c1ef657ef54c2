// Vote changes as the service sends them to apply_vote / apply_votes, built by record-vote.ts's own
// code (the decision, then voteChangeOf), for tests that call the batcher or the SQL directly.
import type { TVoteType } from '@civic/contracts';
import { decideVote } from '../../src/domain/vote-transition.ts';
import { FIRST_VOTE, voteChangeOf } from '../../src/votes/record-vote.ts';
import type { VoteChange } from '../../src/votes/vote-batcher.ts';

/** A first vote (no vote and no change on the priority yet), as the first-vote shortcut sends it. */
export function firstVoteChange(priorityId: string, userId: string, voteType: TVoteType = 'endorse', now = new Date('2026-11-23T12:00:00.000Z')): VoteChange {
  const decision = decideVote(FIRST_VOTE.vote_type, { kind: 'cast', voteType }, null, now, 0);
  if (decision.outcome !== 'cast') throw new Error(`a first vote is cast, not ${decision.outcome}`);
  return voteChangeOf(decision, FIRST_VOTE, priorityId, userId, now);
}
