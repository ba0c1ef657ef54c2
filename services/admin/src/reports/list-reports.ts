// GET /api/admin/reports: the reported items the moderation page shows first, most
// reported first (then the most recently reported), each with its distinct reporters (one report per
// citizen per item, so the rows are the reporters), its reasons newest first (at most 20), the last
// report's time, its title, creation and author (with the name the users directory holds, so the page
// can show an item that is not among the newest it loads). Items an administrator removed or deleted are left out: they
// were dealt with. One grouped query over the reports of the listed items.
import type { TReportedItem, TReportTargetType } from '@civic/contracts';
import type { AdminContext } from '../context.ts';

/** The reasons shown per item: enough to judge it, not a book. */
export const REASONS_SHOWN = 20;

export async function listReports(ctx: AdminContext, query: { targetType?: TReportTargetType; limit: number }): Promise<TReportedItem[]> {
  const rows = await ctx.db.$queryRawUnsafe<
    {
      targetType: TReportTargetType;
      targetId: string;
      authorId: string;
      authorName: string | null;
      title: string;
      createdAt: Date;
      reportCount: number;
      reasons: string[];
      lastReportedAt: Date;
    }[]
  >(
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
    query.targetType ?? null,
    query.limit,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString(), lastReportedAt: new Date(row.lastReportedAt).toISOString() }));
}
