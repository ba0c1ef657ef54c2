// Reading PostgreSQL's (and PGlite's) EXPLAIN output in tests: a service's list SQL run on a freshly
// migrated schema of either profile (migrated-database.ts) and its plan's nodes.
import assert from 'node:assert/strict';
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

/** `sql` run under EXPLAIN ANALYZE (JSON): its executed plan and PostgreSQL's time for it, in ms. */
export async function explainAnalyze(driver: SqlDriver, sql: string, params: unknown[]): Promise<{ plan: PlanNode; executionMs: number }> {
  const [row] = await driver.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const raw = Object.values(row!)[0];
  const [result] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number }[];
  return { plan: result!.Plan, executionMs: result!['Execution Time'] };
}

/** The executed plan of `sql` (EXPLAIN ANALYZE, JSON). */
export async function explain(driver: SqlDriver, sql: string, params: unknown[]): Promise<PlanNode> {
  return (await explainAnalyze(driver, sql, params)).plan;
}

/** The names of `schema`'s trigram indexes (each checked to be a pg_trgm GIN index), in name order. */
export async function trigramIndexNames(driver: SqlDriver, schema: string): Promise<string[]> {
  const indexes = await driver.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname LIKE '%trgm%' ORDER BY indexname`,
    [schema],
  );
  for (const index of indexes) assert.match(index.indexdef, /USING gin .*gin_trgm_ops/);
  return indexes.map((index) => index.indexname);
}

/** The indexes of every bitmap index scan in the plan below `node`, in name order. */
export function bitmapIndexScans(node: PlanNode): string[] {
  return nodesOf(node)
    .filter((n) => n['Node Type'] === 'Bitmap Index Scan')
    .map((n) => n['Index Name']!)
    .sort();
}

/**
 * A search for a rare `term` went through exactly `indexes` (bitmap index scans) to `table`, found
 * its one row, and read only a handful of rows, not the table.
 */
export function assertSearchedThroughIndexes(plan: PlanNode, table: string, indexes: readonly string[], term: string): void {
  const nodes = nodesOf(plan);
  const heap = nodes.find((n) => n['Relation Name'] === table)!;
  assert.equal(heap['Node Type'], 'Bitmap Heap Scan', `${term}: ${JSON.stringify(plan)}`);
  // The index scans feeding that table's heap scan: another table's lookups (the viewer's votes, which
  // the planner may read by bitmap or by key) are not the search's.
  assert.deepEqual(bitmapIndexScans(heap), indexes, `${term}: ${JSON.stringify(plan)}`);
  assert.equal(heap['Actual Rows'], 1, term);
  assert.ok((heap['Rows Removed by Filter'] ?? 0) + (heap['Actual Rows'] ?? 0) < 50, `${term}: ${JSON.stringify(heap)}`);
}
