// GET /api/stats (spec 2.5 tiles, 3 "Stats"): every figure counted from priorities' own tables:
// the catalogue, the active priorities, the members read model (registered minus deleted, from
// auth's and account's events) and the briefing documents seen in briefing's events (0 until the
// briefing service publishes any).
import type { TStats } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function getStats(ctx: PrioritiesContext): Promise<TStats> {
  const [row] = await ctx.db.query<
    Record<'issues' | 'priorities' | 'citizens' | 'documents', number>
  >(`SELECT (SELECT count(*)::int FROM priorities.issues) AS issues,
            (SELECT count(*)::int FROM priorities.priorities WHERE is_active) AS priorities,
            (SELECT count(*)::int FROM priorities.members) AS citizens,
            (SELECT count(*)::int FROM priorities.briefing_documents) AS documents`);
  return {
    totalIssues: Number(row!.issues),
    totalPriorities: Number(row!.priorities),
    activeCitizens: Number(row!.citizens),
    briefingDocs: Number(row!.documents),
  };
}
