// The decay of promotion boosts (docs/ranking.md version 2), one process at a time (a try-lock):
// recomputes every boost at the clock's now and writes those that changed, with boosts.decayed so
// every replica refreshes. The boosted priorities are locked in id order (as the erasure locks)
// before summing, so a promotion applied meanwhile is either counted or recomputes the boost itself.
import type { PrioritiesContext } from '../context.ts';
import { PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS } from '../domain/promotion-boost.ts';
import { emitPromotionBoostsDecayed } from '../events.ts';

/** The decay job's advisory lock (two-key form: its own class, key 0), held for its transaction. */
const DECAY_LOCK = [0x50524932 /* 'PRI2' */, 0] as const;

const BOOST_PARAMS = '$2::int, $3::bigint, $4::bigint';

/** Returns the ids of the priorities whose boost changed. */
export async function decayPromotionBoosts(ctx: PrioritiesContext): Promise<string[]> {
  const at = ctx.platform.clock.now().toISOString();
  // Most runs change nothing: a look without locks first, so votes on boosted priorities never wait
  // for a run that writes nothing. A boost that falls due after this look is the next run's.
  const [due] = await ctx.db.query(
    `SELECT 1 FROM priorities.priorities
     WHERE promotion_boost > 0 AND promotion_boost <> priorities.promotion_boost_at(id, $1::timestamptz, ${BOOST_PARAMS}) LIMIT 1`,
    [at, PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS],
  );
  if (!due) return [];
  const changed = await ctx.db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS locked', [...DECAY_LOCK]);
    if (!lock!.locked) return [];
    await tx.query('SELECT id FROM priorities.priorities WHERE promotion_boost > 0 ORDER BY id FOR NO KEY UPDATE');
    const rows = await tx.query<{ id: string }>(
      `UPDATE priorities.priorities p
       SET promotion_boost = b.boost
       FROM (SELECT id, priorities.promotion_boost_at(id, $1::timestamptz, ${BOOST_PARAMS}) AS boost
             FROM priorities.priorities WHERE promotion_boost > 0) b
       WHERE p.id = b.id AND p.promotion_boost <> b.boost
       RETURNING p.id`,
      [at, PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS],
    );
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) await emitPromotionBoostsDecayed(tx, { priorityIds: ids, decayedAt: at });
    return ids;
  });
  if (changed.length > 0) {
    ctx.topPriorities.invalidate();
  }
  return changed;
}
