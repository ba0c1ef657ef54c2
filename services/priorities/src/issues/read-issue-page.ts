// GET /api/issues/{id}: an issue's page. The issue comes from GET /api/issues's summaries; its active
// priorities are read in rank order along priorities_issue_rank_idx a keyset page at a time (`after`:
// the last priority shown, at its place now), without ranks, paid from the read budget.
import type { TIssuePage, TIssuePageQuery } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { IssuePageCursorUnknown, IssuePageNotFound } from '../errors.ts';
import { containsPattern } from '../priorities/list-priorities.ts';
import { selectPriorityViews, toPriorityView, type PriorityRow } from '../priorities/priority-view.ts';

/** Ranked first, then docs/ranking.md's order; `$n` is min_endorsements_for_ranking. */
const orderOf = (min: string) => `ORDER BY (p.endorsements >= ${min}) DESC, p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC`;

/** Rows of `p` after the cursor row `c` in that order (booleans sort false < true, so DESC puts true first). */
const afterCursor = (min: string) => `((c.endorsements >= ${min}) > (p.endorsements >= ${min})
  OR ((c.endorsements >= ${min}) = (p.endorsements >= ${min}) AND (p.score < c.score
  OR (p.score = c.score AND (p.endorsements < c.endorsements
  OR (p.endorsements = c.endorsements AND (p.created_at > c.created_at OR (p.created_at = c.created_at AND p.id > c.id))))))))`;

/** The SQL of a page (exported so a test can EXPLAIN it); $1 is the viewer. */
export function issuePageQuery(viewerId: string, issueId: number, query: TIssuePageQuery, minEndorsements: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [viewerId, issueId, minEndorsements, query.limit];
  const next = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['p.is_active', 'p.issue_id = $2::int'];
  let from = 'priorities.priorities p';
  if (query.search) {
    const pattern = next(containsPattern(query.search));
    conditions.push(`(p.title ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
  }
  if (query.after) {
    from += ` CROSS JOIN (SELECT * FROM priorities.priorities WHERE id = ${next(query.after)}::uuid) c`;
    conditions.push(afterCursor('$3::int'));
  }
  const order = orderOf('$3::int');
  const page = `SELECT p.* FROM ${from} WHERE ${conditions.join(' AND ')} ${order} LIMIT $4::int`;
  return { sql: `${selectPriorityViews(page)} ${order}`, params };
}

/** The id segment as an issue id; anything else names no issue (404, like an id the catalogue lacks). */
function issueIdOf(segment: string): number | null {
  return /^\d{1,9}$/.test(segment) ? Number(segment) : null;
}

export async function readIssuePage(ctx: PrioritiesContext, viewerId: string, idSegment: string, query: TIssuePageQuery): Promise<TIssuePage> {
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const issueId = issueIdOf(idSegment);
  const issue = issueId === null ? undefined : (await ctx.issueSummaries.read(minEndorsements)).find((summary) => summary.id === issueId);
  if (!issue) throw new IssuePageNotFound();
  if (query.after) {
    const [cursor] = await ctx.db.query<{ found: boolean }>(
      'SELECT true AS found FROM priorities.priorities WHERE id = $1::uuid AND issue_id = $2::int',
      [query.after, issue.id],
      'priorities_issue_page_cursor',
    );
    if (!cursor) throw new IssuePageCursorUnknown();
  }
  await ctx.readBudget.spend(viewerId, 1);
  const { sql, params } = issuePageQuery(viewerId, issue.id, query, minEndorsements);
  const rows = await ctx.db.query<PriorityRow>(sql, params);
  return { issue, priorities: rows.map((row) => toPriorityView(row, null)) };
}
