// GET /api/issues: the whole catalogue in id order, each issue with its active priorities' count and
// its top priority in rank order (docs/ranking.md). Per issue, a count and two LIMIT 1 probes along
// priorities_issue_rank_idx, so the cost grows with the catalogue, not with the priorities; the
// answer is kept a moment per process (issue-summaries-cache.ts).
import { settingOf } from '@civic/service-kit';
import type { TIssueSummary } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

/** The order of docs/ranking.md within one issue's part of priorities_issue_rank_idx. */
const ISSUE_RANK_ORDER = 'ORDER BY p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC';

interface SummaryRow {
  id: number;
  title: string;
  category: string;
  priority_count: number;
  top_id: string | null;
  top_title: string | null;
  top_endorsements: number | null;
  top_oppositions: number | null;
}

const topProbe = (name: string, comparison: '>=' | '<') => `LEFT JOIN LATERAL (
    SELECT p.id, p.title, p.endorsements, p.oppositions FROM priorities.priorities p
     WHERE p.issue_id = i.id AND p.is_active AND p.endorsements ${comparison} $1::int ${ISSUE_RANK_ORDER} LIMIT 1
  ) ${name} ON true`;

/** The SQL of the summaries (exported so a test can EXPLAIN it); $1 is min_endorsements_for_ranking. */
export const SUMMARIES_SQL = `SELECT i.id, i.title, i.category, c.n AS priority_count,
       coalesce(r.id, u.id) AS top_id, coalesce(r.title, u.title) AS top_title,
       coalesce(r.endorsements, u.endorsements) AS top_endorsements, coalesce(r.oppositions, u.oppositions) AS top_oppositions
  FROM priorities.issues i
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM priorities.priorities p WHERE p.issue_id = i.id AND p.is_active) c
  ${topProbe('r', '>=')}
  ${topProbe('u', '<')}
 ORDER BY i.id`;

export async function readIssueSummaries(ctx: PrioritiesContext, minEndorsements: number): Promise<TIssueSummary[]> {
  const rows = await ctx.db.query<SummaryRow>(SUMMARIES_SQL, [minEndorsements], 'priorities_issue_summaries');
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    category: row.category as TIssueSummary['category'],
    priorityCount: Number(row.priority_count),
    topPriority:
      row.top_id === null
        ? null
        : { id: row.top_id, title: row.top_title!, endorsements: Number(row.top_endorsements), oppositions: Number(row.top_oppositions) },
  }));
}

export function listIssues(ctx: PrioritiesContext): Promise<TIssueSummary[]> {
  return ctx.issueSummaries.read(settingOf(ctx, 'min_endorsements_for_ranking'));
}
