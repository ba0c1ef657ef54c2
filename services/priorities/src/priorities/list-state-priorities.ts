// GET /api/priorities?state=XX: the agenda by state (issue 23, docs/ranking.md section 7). A
// priority's state tally is counted at read time from the votes of the members who share that state
// on a public profile (the members read model, members_counted_state_idx, then votes_user_id_idx);
// the votes table and the vote functions are not touched. A tally of fewer than
// STATE_TALLY_MIN_VOTERS voters is never answered (k-anonymity): the priority is listed, after every
// tallied one, in the national order, with stateTally null. Always read from the database and paid
// from the caller's read budget, like a filtered list.
import {
  STATE_TALLY_MIN_VOTERS,
  ZStatePriorityList,
  type TPriorityListQuery,
  type TStatePriority,
  type TStatePriorityList,
  type UsStateCode,
} from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { filtersOf } from './list-priorities.ts';
import { readCostOf } from './read-budget.ts';
import { selectPriorityViews, toPriorityView, type PriorityRow } from './priority-view.ts';

/**
 * The state order: tallied before untallied; state score (endorsements − oppositions among the
 * state's counted citizens), then state endorsements; ties (and every untallied priority) in the
 * national order of section 3: ranked before unranked, score, endorsements, age, id. $4 is
 * min_endorsements_for_ranking.
 */
const STATE_ORDER = `ORDER BY (c.priority_id IS NULL), (c.state_endorsements - c.state_oppositions) DESC, c.state_endorsements DESC,
  (p.endorsements >= $4::int) DESC, p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC`;

/**
 * The SQL of a page (exported so a test or a benchmark can EXPLAIN it). $1 the viewer (null: no
 * votes joined), $2 the state, $3 STATE_TALLY_MIN_VOTERS, $4 min_endorsements_for_ranking, then the
 * filters, limit and offset.
 */
export function statePageQuery(viewerId: string | null, query: TPriorityListQuery & { state: UsStateCode }, minEndorsements: number) {
  const filters = filtersOf(query, 5);
  const n = filters.params.length + 4;
  const where = ['p.is_active', ...filters.conditions].join(' AND ');
  const counted = `counted AS (
    SELECT v.priority_id,
           count(*) FILTER (WHERE v.vote_type = 'endorse')::int AS state_endorsements,
           count(*) FILTER (WHERE v.vote_type = 'oppose')::int AS state_oppositions
    FROM priorities.members m JOIN priorities.votes v ON v.user_id = m.user_id
    WHERE m.state = $2::text AND m.profile_public
    GROUP BY v.priority_id
    HAVING count(*) >= $3::int)`;
  const page = `SELECT p.* FROM priorities.priorities p LEFT JOIN counted c ON c.priority_id = p.id WHERE ${where} ${STATE_ORDER} LIMIT $${n + 1}::int OFFSET $${n + 2}::int`;
  const sql = `WITH ${counted} ${selectPriorityViews(page, ', c.state_endorsements, c.state_oppositions')} LEFT JOIN counted c ON c.priority_id = p.id ${STATE_ORDER}`;
  return { sql, params: [viewerId, query.state, STATE_TALLY_MIN_VOTERS, minEndorsements, ...filters.params, query.limit, query.offset] };
}

/** The state's counted citizens (public profile, state set) who voted on at least one active priority. */
export const VOTERS_COUNTED_SQL = `SELECT count(*)::int AS n FROM priorities.members m
  WHERE m.state = $1::text AND m.profile_public AND EXISTS (
    SELECT 1 FROM priorities.votes v JOIN priorities.priorities p ON p.id = v.priority_id AND p.is_active WHERE v.user_id = m.user_id)`;

interface StateRow extends PriorityRow {
  state_endorsements: number | null;
  state_oppositions: number | null;
}

export async function listStatePriorities(
  ctx: PrioritiesContext,
  viewerId: string,
  query: TPriorityListQuery & { state: UsStateCode },
): Promise<TStatePriorityList> {
  await ctx.readBudget.spend(viewerId, readCostOf(query));
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const { sql, params } = statePageQuery(viewerId, query, minEndorsements);
  const [rows, [voters]] = await Promise.all([
    ctx.db.$queryRawUnsafe<StateRow[]>(sql, ...params),
    ctx.db.$queryRawUnsafe<{ n: number }[]>(VOTERS_COUNTED_SQL, query.state),
  ]);
  const unfiltered = !query.search && !query.category;
  const priorities = rows.map((row, index): TStatePriority => {
    const tallied = row.state_endorsements !== null;
    // Tallied rows come first, so a tallied row's position in the unfiltered list is its state rank.
    const priority = toPriorityView(row, unfiltered && tallied ? query.offset + index + 1 : null);
    const stateTally = tallied ? { endorsements: Number(row.state_endorsements), oppositions: Number(row.state_oppositions) } : null;
    return { ...priority, stateTally };
  });
  return ZStatePriorityList.parse({ state: query.state, votersCounted: Number(voters!.n), minVoters: STATE_TALLY_MIN_VOTERS, priorities });
}
