// The state tallies' hourly epoch (docs/ranking.md section 7a): state and visibility changes stay
// pending until an hour boundary moves them all at once, so a state's tallies never move by one
// citizen's change alone. The boundary's state_epochs row is the claim, so among replicas each
// boundary is applied once; a process that was down takes every missed hour together.
import type { PrioritiesContext } from '../context.ts';

const HOUR_MS = 3_600_000;

/** The epoch a moment belongs to: the start of its UTC hour. */
export const epochOf = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/** What a run did: the boundary it applied (null when it was applied already) and the members moved. */
export interface StateEpochRun {
  epoch: Date | null;
  membersMoved: number;
}

/** Applies the current hour's boundary unless it (or a later one) is applied already. */
export async function applyStateEpoch(ctx: PrioritiesContext): Promise<StateEpochRun> {
  const now = ctx.platform.clock.now();
  const epoch = epochOf(now);
  // Most runs find the boundary applied or nothing pending before it: a look without a transaction
  // first. An hour without changes needs no epoch (nor a row).
  const [look] = await ctx.db.query<{ due: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM priorities.state_epochs WHERE epoch >= $1::timestamptz)
        AND EXISTS (SELECT 1 FROM priorities.members WHERE tally_change_pending_since < $1::timestamptz) AS due`,
    [epoch],
  );
  if (!look!.due) return { epoch: null, membersMoved: 0 };
  const run = await ctx.db.transaction(async (tx): Promise<StateEpochRun> => {
    // A replica whose clock lags never claims a boundary older than one applied.
    const claimed = await tx.query<unknown>(
      `INSERT INTO priorities.state_epochs (epoch, applied_at, members_moved)
       SELECT $1::timestamptz, $2::timestamptz, 0
       WHERE NOT EXISTS (SELECT 1 FROM priorities.state_epochs WHERE epoch > $1::timestamptz)
       ON CONFLICT (epoch) DO NOTHING RETURNING epoch`,
      [epoch, now],
    );
    if (claimed.length === 0) return { epoch: null, membersMoved: 0 };
    // The pending rows, locked in user id order: the event consumers and the erasure write one member
    // each and the claim lets one epoch run at a time, so nothing waits on this in a cycle. A row a
    // consumer puts back meanwhile is no longer pending when its lock is granted, and is left out.
    const [moved] = await tx.query<{ n: number }>(
      `WITH pending AS (
         SELECT user_id, counted_state AS was FROM priorities.members
         WHERE tally_change_pending_since < $1::timestamptz ORDER BY user_id FOR UPDATE),
       applied AS (
         UPDATE priorities.members m
         SET counted_state = CASE WHEN m.profile_public THEN m.state END, tally_change_pending_since = NULL
         FROM pending WHERE m.user_id = pending.user_id
         RETURNING m.counted_state IS DISTINCT FROM pending.was AS moved)
       SELECT count(*) FILTER (WHERE moved)::int AS n FROM applied`,
      [epoch],
    );
    const membersMoved = Number(moved!.n);
    await tx.execute('UPDATE priorities.state_epochs SET members_moved = $2::int WHERE epoch = $1::timestamptz', [epoch, membersMoved]);
    return { epoch, membersMoved };
  });
  if (run.epoch) ctx.platform.logger.info({ epoch: run.epoch.toISOString(), membersMoved: run.membersMoved }, 'state tallies epoch applied');
  return run;
}
