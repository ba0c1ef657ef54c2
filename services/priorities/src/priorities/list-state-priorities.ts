// GET /api/priorities?state=XX: the agenda by state (docs/ranking.md section 7). Tallies count the
// votes of the members counted in the state as of the last hourly epoch, kept per state for a while
// (state-tallies-cache.ts); fewer than STATE_TALLY_MIN_VOTERS voters are never answered (k-anonymity).
// A page is the tallied priorities in the state order, then the rest in the national order.
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
import { filtersOf, readPage } from './list-priorities.ts';
import { readCostOf } from './read-budget.ts';
import { selectPriorityViews, toPriorityView, type PriorityRow } from './priority-view.ts';
import type { StateTallies } from './state-tallies-cache.ts';

/**
 * The state order among tallied priorities: state score (endorsements − oppositions among the state's
 * counted citizens), then state endorsements; ties in the national order of section 3 (ranked before
 * unranked, score, endorsements, age, id). `tally` names the relation with the state columns; the
 * statement's $2 is min_endorsements_for_ranking.
 */
const stateOrder = (tally: 'c' | 'p') => `ORDER BY (${tally}.state_endorsements - ${tally}.state_oppositions) DESC, ${tally}.state_endorsements DESC,
  (p.endorsements >= $2::int) DESC, p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC`;

/**
 * The tallies of one state's counted members ($1), active priorities with at least $3 of them only,
 * in the state order ($2: min_endorsements_for_ranking).
 */
export const STATE_TALLIES_SQL = `WITH c AS (
    SELECT v.priority_id,
      count(*) FILTER (WHERE v.vote_type = 'endorse')::int AS state_endorsements,
      count(*) FILTER (WHERE v.vote_type = 'oppose')::int AS state_oppositions
    FROM priorities.members m JOIN priorities.votes v ON v.user_id = m.user_id
    WHERE m.counted_state = $1::text
    GROUP BY v.priority_id
    HAVING count(*) >= $3::int)
  SELECT c.priority_id, c.state_endorsements AS endorsements, c.state_oppositions AS oppositions
  FROM c JOIN priorities.priorities p ON p.id = c.priority_id AND p.is_active ${stateOrder('c')}`;

/** The state's counted members (public profile, state set, as of the last epoch) who voted on at least one active priority. */
export const VOTERS_COUNTED_SQL = `SELECT count(*)::int AS n FROM priorities.members m
  WHERE m.counted_state = $1::text AND EXISTS (
    SELECT 1 FROM priorities.votes v JOIN priorities.priorities p ON p.id = v.priority_id AND p.is_active WHERE v.user_id = m.user_id)`;

/**
 * What the state tallies cache keeps for a state: counted now. The ties of the state order are broken
 * by the national standing at this moment (and the threshold of ranking now): kept with the tallies.
 */
export async function countStateTallies(ctx: PrioritiesContext, state: string): Promise<StateTallies> {
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const [rows, [voters]] = await Promise.all([
    ctx.db.query<{ priority_id: string; endorsements: number; oppositions: number }>(STATE_TALLIES_SQL, [state, minEndorsements, STATE_TALLY_MIN_VOTERS]),
    ctx.db.query<{ n: number }>(VOTERS_COUNTED_SQL, [state]),
  ]);
  const tallies = new Map(rows.map((row) => [row.priority_id, { endorsements: Number(row.endorsements), oppositions: Number(row.oppositions) }]));
  return { tallies, votersCounted: Number(voters!.n) };
}

/** The tallied part of a filtered page, in the state order; $1 the viewer (exported to EXPLAIN it). */
export function talliedPageQuery(viewerId: string | null, query: TPriorityListQuery, tallies: StateTallies, minEndorsements: number) {
  const ids = [...tallies.tallies.keys()];
  const values = [...tallies.tallies.values()];
  const filters = filtersOf(query, 6);
  const n = filters.params.length + 5;
  const where = ['p.is_active', ...filters.conditions].join(' AND ');
  const page = `SELECT p.*, c.state_endorsements, c.state_oppositions
    FROM unnest($3::uuid[], $4::int[], $5::int[]) AS c(priority_id, state_endorsements, state_oppositions)
    JOIN priorities.priorities p ON p.id = c.priority_id
    WHERE ${where} ${stateOrder('c')} LIMIT $${n + 1}::int OFFSET $${n + 2}::int`;
  const sql = `${selectPriorityViews(page, ', p.state_endorsements, p.state_oppositions')} ${stateOrder('p')}`;
  const params = [
    viewerId,
    minEndorsements,
    ids,
    values.map((t) => t.endorsements),
    values.map((t) => t.oppositions),
    ...filters.params,
    query.limit,
    query.offset,
  ];
  return { sql, params };
}

/** How many tallied priorities the filters keep: where the rest start. */
async function countTallied(ctx: PrioritiesContext, query: TPriorityListQuery, ids: readonly string[]): Promise<number> {
  const filters = filtersOf(query, 2);
  const where = ['p.is_active', 'p.id = ANY($1::uuid[])', ...filters.conditions].join(' AND ');
  const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM priorities.priorities p WHERE ${where}`, [ids, ...filters.params]);
  return Number(row!.n);
}

interface TalliedRow extends PriorityRow {
  state_endorsements: number;
  state_oppositions: number;
}

/** The tallied part of an unfiltered page: a slice of the kept order; a priority removed since is left out. */
export function talliedSliceQuery(viewerId: string | null, ids: readonly string[]) {
  const page = 'SELECT p.* FROM priorities.priorities p WHERE p.id = ANY($2::uuid[]) AND p.is_active';
  return { sql: selectPriorityViews(page), params: [viewerId, ids] };
}

async function readTalliedPart(ctx: PrioritiesContext, viewerId: string, query: TPriorityListQuery, tallies: StateTallies, minEndorsements: number) {
  if (tallies.tallies.size === 0) return [];
  if (query.search || query.category) {
    const { sql, params } = talliedPageQuery(viewerId, query, tallies, minEndorsements);
    return ctx.db.query<TalliedRow>(sql, params);
  }
  const slice = [...tallies.tallies.keys()].slice(query.offset, query.offset + query.limit);
  if (slice.length === 0) return [];
  const { sql, params } = talliedSliceQuery(viewerId, slice);
  const rows = new Map((await ctx.db.query<PriorityRow>(sql, params)).map((row) => [row.id, row]));
  return slice.flatMap((id): TalliedRow[] => {
    const row = rows.get(id);
    const tally = tallies.tallies.get(id)!;
    return row ? [{ ...row, state_endorsements: tally.endorsements, state_oppositions: tally.oppositions }] : [];
  });
}

export async function listStatePriorities(
  ctx: PrioritiesContext,
  viewerId: string,
  query: TPriorityListQuery & { state: UsStateCode },
): Promise<TStatePriorityList> {
  await ctx.readBudget.spend(viewerId, readCostOf(query));
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const tallies = await ctx.stateTallies.read(query.state);
  const ids = [...tallies.tallies.keys()];
  const tallied = await readTalliedPart(ctx, viewerId, query, tallies, minEndorsements);
  const unfiltered = !query.search && !query.category;
  const priorities: TStatePriority[] = tallied.map((row, index) => ({
    // Tallied rows come first, so a tallied row's position in the unfiltered list is its state rank.
    ...toPriorityView(row, unfiltered ? query.offset + index + 1 : null),
    stateTally: { endorsements: Number(row.state_endorsements), oppositions: Number(row.state_oppositions) },
  }));
  // Unfiltered, the tallied part is the kept order, whose length is known (a priority removed since
  // the counting leaves a page short rather than shifting the rest); filtered, it is read through.
  const pastTallied = unfiltered ? query.offset + query.limit > ids.length : priorities.length < query.limit;
  if (pastTallied) {
    // How many tallied rows precede the rest: known from this page unless it held none.
    const talliedCount = unfiltered
      ? ids.length
      : ids.length === 0
        ? 0
        : tallied.length > 0 || query.offset === 0
          ? query.offset + tallied.length
          : await countTallied(ctx, query, ids);
    const rest = await readPage(
      ctx,
      viewerId,
      { ...query, limit: query.limit - Math.max(0, Math.min(query.limit, talliedCount - query.offset)), offset: Math.max(0, query.offset - talliedCount) },
      minEndorsements,
      ids,
    );
    for (const priority of rest) priorities.push({ ...priority, rank: null, stateTally: null });
  }
  return ZStatePriorityList.parse({ state: query.state, votersCounted: tallies.votersCounted, minVoters: STATE_TALLY_MIN_VOTERS, priorities });
}
