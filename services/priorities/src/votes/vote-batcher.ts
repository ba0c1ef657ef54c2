// Hands decided vote changes to PostgreSQL, grouping those that wait (docs/ranking.md 5).
// A change goes at once while fewer than `maxInFlight` calls are running, alone, as the prepared
// statement `apply_vote`, so a quiet service answers at once. Changes that arrive while
// that many calls are running wait, and the next call to finish sends everything waiting as one
// `apply_votes` call (prisma/functions/apply_votes.sql): one round trip, one transaction and one
// WAL flush for the group, which costs PostgreSQL less per vote (docs/ranking.md 5).
// The group adds no wait of its own: it forms only from the changes that would otherwise queue for
// a connection.
// Each change keeps its own answer; if the group's call fails as a whole (an error rolls the call
// back), the service applies that group's changes one by one, so an error is only its own change's.
import type { SqlDriver } from '@civic/service-kit/db';
import type { TVoteType } from '@civic/contracts';

/** A change decided by domain/vote-transition.ts, with the state it was decided on. */
export interface VoteChange {
  priorityId: string;
  userId: string;
  /** The caller's vote and last change as the decision saw them; apply_vote answers 'stale' otherwise. */
  expectedVote: TVoteType | null;
  expectedChangedAt: string | null;
  outcome: 'cast' | 'switched' | 'removed';
  vote: TVoteType | null;
  endorsementsDelta: number;
  oppositionsDelta: number;
  at: string;
  /** The vote event's outbox row (apply_vote writes the priority's title into vote.cast's payload). */
  outbox: unknown;
}

export type AppliedVote = { status: 'applied' | 'stale' | 'missing' | 'deleted'; endorsements: number; oppositions: number };

export interface VoteBatcher {
  apply(change: VoteChange): Promise<AppliedVote>;
}

export interface VoteBatcherOptions {
  /** Calls running at once (PRIORITIES_VOTE_CALLS); default 4. */
  maxInFlight?: number;
  /** Most changes in one call; default 64. */
  maxGroup?: number;
  /** Told when a group's call failed and its changes were sent one by one. */
  onGroupFailed?(error: unknown, size: number): void;
}

interface Waiting {
  change: VoteChange;
  resolve(applied: AppliedVote): void;
  reject(error: unknown): void;
}

async function applyOne(sql: SqlDriver, change: VoteChange): Promise<AppliedVote> {
  const [applied] = await sql.query<AppliedVote>(
    'SELECT status, endorsements, oppositions FROM priorities.apply_vote($1::uuid, $2::uuid, $3::text, $4::timestamptz, $5::text, $6::text, $7::int, $8::int, $9::timestamptz, $10::jsonb)',
    [
      change.priorityId,
      change.userId,
      change.expectedVote,
      change.expectedChangedAt,
      change.outcome,
      change.vote,
      change.endorsementsDelta,
      change.oppositionsDelta,
      change.at,
      JSON.stringify(change.outbox),
    ],
    'priorities_apply_vote',
  );
  return applied!;
}

/** Each change's answer by its position (apply_votes answers in priority order). */
async function applyGroup(sql: SqlDriver, changes: readonly VoteChange[]): Promise<Array<AppliedVote | undefined>> {
  const rows = await sql.query<AppliedVote & { item: number }>(
    'SELECT item, status, endorsements, oppositions FROM priorities.apply_votes($1::jsonb)',
    [JSON.stringify(changes)],
    'priorities_apply_votes',
  );
  const answers = new Array<AppliedVote | undefined>(changes.length);
  for (const { item, ...applied } of rows) answers[item] = applied;
  return answers;
}

export function createVoteBatcher(sql: SqlDriver, options: VoteBatcherOptions = {}): VoteBatcher {
  const maxInFlight = options.maxInFlight ?? 4;
  const maxGroup = options.maxGroup ?? 64;
  const waiting: Waiting[] = [];
  let inFlight = 0;

  function settle(entry: Waiting, result: Promise<AppliedVote>): Promise<void> {
    return result.then(entry.resolve, entry.reject);
  }

  async function send(group: Waiting[]): Promise<void> {
    if (group.length === 1) return settle(group[0]!, applyOne(sql, group[0]!.change));
    let answers: Array<AppliedVote | undefined>;
    try {
      answers = await applyGroup(
        sql,
        group.map((entry) => entry.change),
      );
    } catch (error) {
      options.onGroupFailed?.(error, group.length);
      // An error rolled the whole call back (one call, one transaction): each change on its own, so
      // a change that fails fails alone, with its own error. Were the group committed and only its
      // answer lost, sending a change again is still safe: apply_vote finds the state changed and
      // answers 'stale', writing nothing, and record-vote.ts reads and decides again.
      await Promise.all(group.map((entry) => settle(entry, applyOne(sql, entry.change))));
      return;
    }
    group.forEach((entry, i) => {
      const answer = answers[i];
      // Cannot happen (one row per item); were it to, the change's fate is unknown, so it is not retried.
      if (answer) entry.resolve(answer);
      else entry.reject(new Error('apply_votes gave no answer for this change'));
    });
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.splice(0, maxGroup);
      inFlight++;
      void send(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    apply(change) {
      return new Promise<AppliedVote>((resolve, reject) => {
        waiting.push({ change, resolve, reject });
        pump();
      });
    },
  };
}
