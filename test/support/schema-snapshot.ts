// What a schema holds, as PostgreSQL describes it (catalog text, not migration text): columns,
// constraints, indexes, functions and triggers, one line each and sorted, so two databases migrated
// along different paths can be compared. The migration history tables are left out.
import type { SqlDriver } from '@civic/service-kit/db';

const HISTORY_TABLES = ['_prisma_migrations', '_kit_migrations'];

export async function schemaSnapshot(driver: SqlDriver, schema: string): Promise<string[]> {
  const rows = await driver.query<{ line: string }>(
    `SELECT format('column %s.%s #%s %s %s default %s', table_name, column_name, ordinal_position, data_type, is_nullable, coalesce(column_default, '-')) AS line
       FROM information_schema.columns WHERE table_schema = $1 AND NOT (table_name = ANY($2))
     UNION ALL
     SELECT format('constraint %s.%s %s', t.relname, c.conname, pg_get_constraintdef(c.oid))
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND NOT (t.relname = ANY($2))
     UNION ALL
     SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = $1 AND NOT (tablename = ANY($2))
     UNION ALL
     SELECT format('function %s', pg_get_functiondef(p.oid))
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
     UNION ALL
     SELECT format('trigger %s', pg_get_triggerdef(g.oid))
       FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND NOT g.tgisinternal`,
    [schema, HISTORY_TABLES],
  );
  return rows.map((row) => row.line).sort();
}
