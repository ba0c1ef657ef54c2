// GET /api/issues: the whole catalogue (151 rows, seeded by a migration), in id order (grouped by category).
import type { TIssue } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function listIssues(ctx: PrioritiesContext): Promise<TIssue[]> {
  const issues = await ctx.db.issue.findMany({ orderBy: [{ id: 'asc' }] });
  return issues.map((issue) => ({ id: issue.id, title: issue.title, category: issue.category as TIssue['category'] }));
}
