// The top-ten job (docs/ranking.md 5c): records priorities entering the top 10 for the first time,
// with their entered_top_ten event, so each author is told once. Most runs find nothing new without
// a lock; new ones are locked FOR SHARE in id order (the order votes, the decay job and the erasure
// use), so a priority an administrator is removing never enters. The primary key decides between
// replicas. First deployment: top_ten_baseline in the migration 20261207000000_top_ten_entries.
import { settingOf } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { emitPriorityEnteredTopTen } from '../events.ts';
import { RANK_ORDER } from './list-priorities.ts';

export const TOP_TEN = 10;

/** The current top 10 as `top (id, author_id, title, rank)`; $1 is min_endorsements_for_ranking. */
const TOP_TEN_CTE = `top AS (
  SELECT p.id, p.author_id, p.title, (row_number() OVER (${RANK_ORDER}))::int AS rank
  FROM (SELECT p.id, p.author_id, p.title, p.score, p.endorsements, p.created_at FROM priorities.priorities p
        WHERE p.is_active AND p.endorsements >= $1::int ${RANK_ORDER} LIMIT ${TOP_TEN}) p)`;

interface EnteredRow {
  id: string;
  author_id: string | null;
  title: string;
  rank: number;
}

/** Returns the ids of the priorities this run recorded as having entered the top 10 (in rank order). */
export async function recordTopTenEntries(ctx: PrioritiesContext): Promise<string[]> {
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const [look] = await ctx.db.query<{ fresh: string[]; baseline: boolean }>(
    `WITH ${TOP_TEN_CTE}
     SELECT COALESCE(array_agg(top.id ORDER BY top.id) FILTER (
              WHERE NOT EXISTS (SELECT 1 FROM priorities.top_ten_entries e WHERE e.priority_id = top.id)), '{}')::text[] AS fresh,
            EXISTS (SELECT 1 FROM priorities.top_ten_baseline) AS baseline
     FROM top`,
    [minEndorsements],
  );
  if (look!.fresh.length === 0 && !look!.baseline) return [];
  const enteredAt = ctx.platform.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    // The first run after the migration made the marker records the top 10 it sees without events
    // (they were there before the notices existed); the DELETE lets exactly one run do so.
    const baseline = (await tx.query<unknown>('DELETE FROM priorities.top_ten_baseline RETURNING pending')).length > 0;
    const locked = await tx.query<{ id: string }>(
      `SELECT id FROM priorities.priorities WHERE id = ANY(string_to_array($1, ',')::uuid[]) AND is_active ORDER BY id FOR SHARE`,
      [look!.fresh.join(',')],
    );
    if (locked.length === 0) return [];
    // Read again after the locks: ranks as of now; a priority that fell out meanwhile is not recorded,
    // one that came in meanwhile waits for the next run. Inserted in id order, as locked.
    const entered = await tx.query<EnteredRow>(
      `WITH ${TOP_TEN_CTE},
       inserted AS (
         INSERT INTO priorities.top_ten_entries (priority_id, entered_at)
         SELECT id, $2::timestamptz FROM top WHERE id = ANY(string_to_array($3, ',')::uuid[]) ORDER BY id
         ON CONFLICT (priority_id) DO NOTHING
         RETURNING priority_id)
       SELECT top.id, top.author_id, top.title, top.rank FROM top JOIN inserted ON inserted.priority_id = top.id ORDER BY top.rank`,
      [minEndorsements, enteredAt, locked.map((row) => row.id).join(',')],
    );
    if (baseline) return [];
    for (const row of entered) {
      await emitPriorityEnteredTopTen(tx, { priorityId: row.id, authorId: row.author_id, title: row.title, rank: Number(row.rank), enteredAt });
    }
    return entered.map((row) => row.id);
  });
}
