// GET /api/priorities: the rank order of docs/ranking.md, filtered by search and category, paged by
// limit/offset. Each part (ranked, then unranked) is an index walk of priorities_rank_idx that stops
// at the page's end. Unfiltered pages within TOP_DEPTH come from the in-memory top list and are
// free; any other read is paid from the caller's read budget (read-budget.ts).
// Cached priorities are kept as checked JSON text, so a top-list read only appends each userVote:
// serialising them per request was most of the service's CPU for it.
// The moderation list (includeInactive) is every priority, newest first, always from the database.
import { ZPriority, type TPriority, type TPriorityListQuery, type TUserVote, type TVoteType } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';
import { settingOf } from '@civic/service-kit';
import { readCostOf } from './read-budget.ts';
import { selectPriorityViews, toPriorityView, userVoteOf, type PriorityRow } from './priority-view.ts';
import { TOP_DEPTH, type CachedPriority } from './top-priorities-cache.ts';

/** The order of docs/ranking.md section 3 within the ranked part (also the top-ten job's, record-top-ten-entries.ts). */
export const RANK_ORDER = 'ORDER BY p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC';

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Filters {
  /** SQL conditions on `p`, numbering their parameters from `first` on. */
  conditions: string[];
  params: unknown[];
}

/** `exclude`: priorities left out (the agenda by state lists its tallied ones before the rest: list-state-priorities.ts). */
export function filtersOf(query: TPriorityListQuery, first: number, exclude: readonly string[] = []): Filters {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => `$${params.push(value) + first - 1}`;
  if (exclude.length > 0) conditions.push(`NOT (p.id = ANY(${next(exclude)}::uuid[]))`);
  if (query.search) {
    const pattern = next(containsPattern(query.search));
    conditions.push(`(p.title ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
  }
  if (query.category) conditions.push(`p.issue_id IN (SELECT id FROM priorities.issues WHERE category = ${next(query.category)})`);
  return { conditions, params };
}

export type Part = 'ranked' | 'unranked';

/** The SQL of one part of a page (exported so a test can EXPLAIN it); $1 is the viewer (null: no votes joined). */
export function partQuery(
  viewerId: string | null,
  query: TPriorityListQuery,
  part: Part,
  minEndorsements: number,
  limit: number,
  offset: number,
  exclude: readonly string[] = [],
): { sql: string; params: unknown[] } {
  const filters = filtersOf(query, 2, exclude);
  const n = filters.params.length + 1;
  const where = ['p.is_active', `p.endorsements ${part === 'ranked' ? '>=' : '<'} $${n + 1}::int`, ...filters.conditions].join(' AND ');
  const page = `SELECT * FROM priorities.priorities p WHERE ${where} ${RANK_ORDER} LIMIT $${n + 2}::int OFFSET $${n + 3}::int`;
  return { sql: `${selectPriorityViews(page)} ${RANK_ORDER}`, params: [viewerId, ...filters.params, minEndorsements, limit, offset] };
}

async function readPart(ctx: PrioritiesContext, ...args: Parameters<typeof partQuery>): Promise<PriorityRow[]> {
  const { sql, params } = partQuery(...args);
  return ctx.db.query<PriorityRow>(sql, params);
}

async function countRanked(ctx: PrioritiesContext, query: TPriorityListQuery, minEndorsements: number, exclude: readonly string[]): Promise<number> {
  const filters = filtersOf(query, 1, exclude);
  const where = ['p.is_active', `p.endorsements >= $${filters.params.length + 1}::int`, ...filters.conditions].join(' AND ');
  const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM priorities.priorities p WHERE ${where}`, [
    ...filters.params,
    minEndorsements,
  ]);
  return Number(row!.n);
}

const NEWEST_FIRST = 'ORDER BY p.created_at DESC, p.id DESC';

/** The SQL of a page of the moderation list (exported so a test can EXPLAIN it): active and removed, newest first. */
export function moderationQuery(viewerId: string | null, query: TPriorityListQuery): { sql: string; params: unknown[] } {
  const filters = filtersOf(query, 2);
  const n = filters.params.length + 1;
  const where = filters.conditions.length > 0 ? `WHERE ${filters.conditions.join(' AND ')}` : '';
  const page = `SELECT * FROM priorities.priorities p ${where} ${NEWEST_FIRST} LIMIT $${n + 1}::int OFFSET $${n + 2}::int`;
  return { sql: `${selectPriorityViews(page)} ${NEWEST_FIRST}`, params: [viewerId, ...filters.params, query.limit, query.offset] };
}

/** A page read from the database; with a null viewer, every userVote is null. `exclude`: see filtersOf. */
export async function readPage(
  ctx: PrioritiesContext,
  viewerId: string | null,
  query: TPriorityListQuery,
  minEndorsements: number,
  exclude: readonly string[] = [],
): Promise<TPriority[]> {
  if (query.includeInactive === 'true') {
    const { sql, params } = moderationQuery(viewerId, query);
    return (await ctx.db.query<PriorityRow>(sql, params)).map((row) => toPriorityView(row, null));
  }
  const unfiltered = !query.search && !query.category;
  const { limit, offset } = query;

  const ranked = await readPart(ctx, viewerId, query, 'ranked', minEndorsements, limit, offset, exclude);
  let unranked: PriorityRow[] = [];
  if (ranked.length < limit && minEndorsements > 0) {
    // How many ranked rows precede the unranked part: known from this page unless it held none.
    const rankedCount = ranked.length > 0 || offset === 0 ? offset + ranked.length : await countRanked(ctx, query, minEndorsements, exclude);
    unranked = await readPart(ctx, viewerId, query, 'unranked', minEndorsements, limit - ranked.length, Math.max(0, offset - rankedCount), exclude);
  }
  return [...ranked.map((row, index) => toPriorityView(row, unfiltered ? offset + index + 1 : null)), ...unranked.map((row) => toPriorityView(row, null))];
}

const ZPriorityPage = ZPriority.array();
const ZCachedPriority = ZPriority.omit({ userVote: true });

/** The unfiltered top TOP_DEPTH without anyone's votes, checked and serialised: what the top list cache holds. */
export async function readTopPriorities(ctx: PrioritiesContext, minEndorsements: number): Promise<CachedPriority[]> {
  const page = await readPage(ctx, null, { limit: TOP_DEPTH, offset: 0 }, minEndorsements);
  return page.map(({ userVote: _none, ...priority }) => {
    const checked = ZCachedPriority.parse(priority);
    // "{...}" without its closing brace: withUserVote completes it.
    return { id: checked.id, jsonHead: JSON.stringify(checked).slice(0, -1) };
  });
}

/** A cached priority's JSON with the viewer's userVote as its last member. */
function withUserVote(priority: CachedPriority, vote: TUserVote | undefined): string {
  return `${priority.jsonHead},"userVote":${vote ? JSON.stringify(vote) : 'null'}}`;
}

/** The viewer's votes on these priorities: lookups on the votes and vote_changes primary keys (what the viewer votes cache keeps). */
export async function readViewerVotes(ctx: PrioritiesContext, viewerId: string, priorityIds: readonly string[]): Promise<Map<string, TUserVote>> {
  if (priorityIds.length === 0) return new Map();
  const rows = await ctx.db.query<{ priority_id: string; vote_type: TVoteType; last_changed_at: Date | string | null }>(
    `SELECT v.priority_id, v.vote_type, c.last_changed_at FROM priorities.votes v
     LEFT JOIN priorities.vote_changes c ON c.priority_id = v.priority_id AND c.user_id = v.user_id
     WHERE v.priority_id = ANY($1::uuid[]) AND v.user_id = $2::uuid`,
    [priorityIds, viewerId],
    'priorities_viewer_votes',
  );
  return new Map(rows.map((row) => [row.priority_id, userVoteOf(row.vote_type, row.last_changed_at)]));
}

/** The page as the JSON text of a TPriority[] (ZPriorityPage). */
export async function listPrioritiesJson(ctx: PrioritiesContext, viewerId: string, query: TPriorityListQuery): Promise<string> {
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const unfiltered = !query.search && !query.category;
  // The top list holds active priorities in rank order: the moderation list (includeInactive) is read from the database.
  if (!unfiltered || query.offset + query.limit > TOP_DEPTH || query.includeInactive === 'true') {
    // A read of the database: paid from the caller's budget first (a refusal reads nothing).
    await ctx.readBudget.spend(viewerId, readCostOf(query));
    return JSON.stringify(ZPriorityPage.parse(await readPage(ctx, viewerId, query, minEndorsements)));
  }
  const top = await ctx.topPriorities.read(minEndorsements);
  const page = top.slice(query.offset, query.offset + query.limit);
  const idsOf = (priorities: readonly CachedPriority[]) => priorities.map((priority) => priority.id);
  const votes = page.length === 0 ? new Map<string, TUserVote>() : await ctx.viewerVotes.read(viewerId, idsOf(page), () => idsOf(top));
  return `[${page.map((priority) => withUserVote(priority, votes.get(priority.id))).join(',')}]`;
}
