// Reading PostgreSQL's (and PGlite's) EXPLAIN output in tests: a service's list SQL run on a freshly
// migrated schema of either profile (migrated-database.ts) and its plan's nodes.
import type { SqlDriver } from '@civic/service-kit/db';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The executed plan of `sql` (EXPLAIN ANALYZE, JSON). */
export async function explain(driver: SqlDriver, sql: string, params: unknown[]): Promise<PlanNode> {
  const [row] = await driver.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const raw = Object.values(row!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return plan[0]!.Plan;
}
