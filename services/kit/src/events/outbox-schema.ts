// A service's outbox (events waiting to be published) and processed_events (its inbox) are made by the
// kit's migration events/20261220000000_outbox (services/kit/migrations), which the runner applies
// into every service's schema; these give its statements to tests that set up a schema by hand.
import { kitMigrationStatements } from '../db/kit-migrations.ts';
import { checkSchemaName } from './sql-names.ts';

/** The statements one by one, for a driver call that runs a single statement (tests, the kit migrations). */
export function outboxMigrationStatements(schema: string): string[] {
  return [`CREATE SCHEMA IF NOT EXISTS ${checkSchemaName(schema)}`, ...kitMigrationStatements('events/20261220000000_outbox', schema)];
}

export function outboxMigrationSql(schema: string): string {
  return outboxMigrationStatements(schema)
    .map((statement) => `${statement};\n`)
    .join('\n');
}
