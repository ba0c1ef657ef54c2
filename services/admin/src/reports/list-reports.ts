// GET /api/admin/reports: the reported items, most reported first, each with its distinct reporters,
// its latest reasons, and its author's name from the users directory. Items already removed or
// deleted are left out: they were dealt with. One grouped query.
import type { TReportedItem, TReportTargetType } from '@civic/contracts';
import type { AdminContext } from '../context.ts';

/** The reasons shown per item: enough to judge it, not a book. */
export const REASONS_SHOWN = 20;

export async function listReports(ctx: AdminContext, query: { targetType?: TReportTargetType; limit: number }): Promise<TReportedItem[]> {
  const rows = await ctx.db.query<{
    targetType: TReportTargetType;
    targetId: string;
    authorId: string;
    authorName: string | null;
    title: string;
    createdAt: Date;
    reportCount: number;
    reasons: string[];
    lastReportedAt: Date;
  }>(
    `SELECT r.target_type AS "targetType", r.target_id::text AS "targetId", c.author_id::text AS "authorId",
            nullif(trim(concat_ws(' ', d.first_name, d.last_name)), '') AS "authorName", c.title, c.created_at AS "createdAt",
            count(*)::int AS "reportCount",
            (array_agg(r.reason ORDER BY r.created_at DESC, r.id))[1:${REASONS_SHOWN}] AS reasons,
            max(r.created_at) AS "lastReportedAt"
       FROM admin.reports r
       JOIN admin.report_content c ON c.target_type = r.target_type AND c.target_id = r.target_id AND c.removed_at IS NULL
       LEFT JOIN admin.user_directory d ON d.id = c.author_id
      WHERE $1::text IS NULL OR r.target_type = $1::text
      GROUP BY r.target_type, r.target_id, c.author_id, c.title, c.created_at, d.first_name, d.last_name
      ORDER BY "reportCount" DESC, "lastReportedAt" DESC, r.target_id
      LIMIT $2`,
    [query.targetType ?? null, query.limit],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString(), lastReportedAt: new Date(row.lastReportedAt).toISOString() }));
}
