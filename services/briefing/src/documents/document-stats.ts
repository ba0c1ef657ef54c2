// GET /api/briefing-docs/stats: the Briefing Room's tiles (spec 2.8). Added Today is the last 24
// hours by the platform's clock, not the calendar day.
import type { TBriefingDocStats } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function documentStats(ctx: BriefingContext): Promise<TBriefingDocStats> {
  const since = new Date(ctx.platform.clock.now().getTime() - DAY_MS).toISOString();
  const [row] = await ctx.db.query<{ total: number; contributors: number; added_today: number }>(
    `SELECT count(*)::int AS total, count(DISTINCT author_id)::int AS contributors,
            count(*) FILTER (WHERE created_at > $1::timestamptz)::int AS added_today
     FROM briefing.documents`,
    [since],
  );
  return { totalDocuments: Number(row!.total), contributors: Number(row!.contributors), addedToday: Number(row!.added_today) };
}
