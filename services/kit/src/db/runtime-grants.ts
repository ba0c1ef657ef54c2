// What a service's runtime role may do in its own schema, when the service runs as a role other than
// the one that owns its database (DATABASE_OWNER_URL): the owner migrates, then grants the runtime
// role reading and writing rows and nothing else. It cannot ALTER, DROP or disable a trigger, and an
// append-only table (the ledger's entries, SECURITY 16) gets SELECT and INSERT only, so no UPDATE,
// DELETE or TRUNCATE can reach it whatever SQL the application sends.
import { createHash } from 'node:crypto';
import type { SqlDriver } from './sql-driver.ts';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(kind: string, name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe ${kind} name: ${name}`);
  return `"${name}"`;
}

export interface RuntimeGrants {
  database: string;
  schema: string;
  /** The role the service's pools log in as (the user of DATABASE_URL). */
  role: string;
  /** Tables of `schema` the runtime role may only read and append to. */
  appendOnlyTables?: readonly string[];
}

/** Key of the advisory lock that serialises grants: concurrent GRANTs on one object fail with "tuple concurrently updated". */
function grantLockKey(schema: string): string {
  return createHash('sha256').update(`grant:${schema}`).digest().readBigInt64BE(0).toString();
}

/** Run by the owner after its migrations; idempotent, so every start re-applies it to new tables. */
export async function grantRuntimeRole(owner: SqlDriver, grants: RuntimeGrants): Promise<void> {
  const database = identifier('database', grants.database);
  const schema = identifier('schema', grants.schema);
  const role = identifier('role', grants.role);
  const appendOnly = (grants.appendOnlyTables ?? []).map((t) => `${schema}.${identifier('table', t)}`);
  await owner.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [grantLockKey(grants.schema)]);
    await tx.exec(`GRANT CONNECT ON DATABASE ${database} TO ${role};
      GRANT USAGE ON SCHEMA ${schema} TO ${role};
      GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role};`);
    // Rows of the tables the role has no right on yet (new ones); a table's rights once given are
    // kept, so whoever opens the database later without the append-only list cannot widen them.
    const fresh = await tx.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname NOT IN ('_prisma_migrations', '_kit_migrations')
          AND NOT has_table_privilege($2, c.oid, 'SELECT')`,
      [grants.schema, grants.role],
    );
    for (const { name } of fresh) {
      const table = `${schema}.${identifier('table', name)}`;
      await tx.exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${role}`);
    }
    for (const table of appendOnly) await tx.exec(`REVOKE UPDATE, DELETE, TRUNCATE ON ${table} FROM ${role}`);
    await tx.exec(`REVOKE ALL ON ${schema}."_prisma_migrations", ${schema}."_kit_migrations" FROM ${role}`);
  });
}
