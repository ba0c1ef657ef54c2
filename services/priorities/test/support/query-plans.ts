// Reading PostgreSQL's (and PGlite's) EXPLAIN output in tests, and a priorities database of either
// profile to run the list's own SQL on.
import { randomBytes } from 'node:crypto';
import { createPGlite, createPostgresDatabaseProvider, dropDatabase, pgliteDriver, runMigrations, type SqlDriver } from '@civic/service-kit/db';
import { LOCAL_INFRA } from '../../../../test/support/infrastructure.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';

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

/** The migrated priorities schema on a PGlite of its own (embedded) or a fresh PostgreSQL database (distributed). */
export async function openPrioritiesDatabase(profile: 'embedded' | 'distributed'): Promise<{ driver: SqlDriver; close: () => Promise<void> }> {
  if (profile === 'embedded') {
    const db = await createPGlite();
    const driver = pgliteDriver(db);
    await runMigrations(driver, { schema: 'priorities', migrationsDir: MIGRATIONS_DIR });
    return { driver, close: () => db.close() };
  }
  const prefix = `civic_t${randomBytes(4).toString('hex')}_`;
  const provider = createPostgresDatabaseProvider({ DATABASE_URL: LOCAL_INFRA.DATABASE_URL, DATABASE_PREFIX: prefix });
  const driver = (await provider.open('priorities', MIGRATIONS_DIR)).driver;
  return {
    driver,
    close: async () => {
      await provider.close();
      await dropDatabase(LOCAL_INFRA.DATABASE_URL, `${prefix}priorities`);
    },
  };
}
