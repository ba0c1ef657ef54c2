// PostgreSQL roles of the distributed profile: per service, an owner role that owns
// the database `<prefix><service>` (and so everything its migrations create) and a runtime role the
// service works as, which the owner grants rows only (services/kit/src/db/runtime-grants.ts). No
// service role can reach another service's database: CONNECT is revoked from PUBLIC.
import pg from 'pg';
import { databaseUrl, SERVICE_TIMEOUTS } from '@civic/service-kit/db';

export interface ServiceDatabaseRoles {
  database: string;
  owner: string;
  runtime: string;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

export function databaseRolesFor(prefix: string, service: string): ServiceDatabaseRoles {
  const database = `${prefix}${service}`;
  if (!NAME.test(database)) throw new Error(`Unsafe database name: ${database}`);
  return { database, owner: database, runtime: `${database}_app` };
}

/** `serverUrl` with `role` and `password` as its credentials. */
export function urlAs(serverUrl: string, role: string, password: string): string {
  const url = new URL(serverUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** DATABASE_URL and DATABASE_OWNER_URL of one service process. */
export function serviceDatabaseEnv(serverUrl: string, roles: ServiceDatabaseRoles, passwords: { owner: string; runtime: string }) {
  return {
    DATABASE_URL: urlAs(serverUrl, roles.runtime, passwords.runtime),
    DATABASE_OWNER_URL: urlAs(serverUrl, roles.owner, passwords.owner),
  };
}

/** DDL takes no parameters; format() quotes the name and password on the server, from parameters. */
async function runFormatted(client: pg.Client, template: string, ...values: string[]): Promise<void> {
  const placeholders = values.map((_, i) => `$${i + 2}::text`).join(', ');
  const { rows } = await client.query<{ sql: string }>(`SELECT format($1::text, ${placeholders}) AS sql`, [template, ...values]);
  await client.query(rows[0]!.sql);
}

async function ensureRole(client: pg.Client, role: string, password: string): Promise<void> {
  const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const verb = found.rowCount ? 'ALTER' : 'CREATE';
  // NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS are the defaults; said anyway, for an existing role.
  await runFormatted(client, `${verb} ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD %L`, role, password).catch(
    (error: { code?: string }) => {
      if (error.code !== '42710') throw error; // created meanwhile by a concurrent setup: the next run sets its password
    },
  );
}

/**
 * Creates (or updates) the two roles of a service and its database owned by the owner role, as the
 * server's administrator (`adminUrl`). Idempotent: a second run only sets the passwords again.
 */
export async function ensureServiceRoles(adminUrl: string, roles: ServiceDatabaseRoles, passwords: { owner: string; runtime: string }): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await ensureRole(client, roles.owner, passwords.owner);
    await ensureRole(client, roles.runtime, passwords.runtime);
    // The kit's connections set the same bounds themselves; on the roles they also hold for a psql
    // session or any other client logged in as a service (SECURITY 32).
    for (const role of [roles.owner, roles.runtime]) {
      for (const [name, value] of Object.entries(SERVICE_TIMEOUTS)) await runFormatted(client, `ALTER ROLE %I SET ${name} = %L`, role, value);
    }
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [roles.database]);
    if (!found.rowCount) {
      await runFormatted(client, 'CREATE DATABASE %I OWNER %I', roles.database, roles.owner).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
      });
    }
    await runFormatted(client, 'ALTER DATABASE %I OWNER TO %I', roles.database, roles.owner);
    await runFormatted(client, 'REVOKE ALL ON DATABASE %I FROM PUBLIC', roles.database);
    await runFormatted(client, 'GRANT CONNECT ON DATABASE %I TO %I', roles.database, roles.runtime);
  } finally {
    await client.end();
  }
  await transferSchemaObjects(adminUrl, roles);
}

/**
 * A database created before roles existed holds objects its migrations made as the administrator:
 * they go to the owner role, so its next migrations can alter them and the runtime role is the only
 * other one with rights on them.
 */
async function transferSchemaObjects(adminUrl: string, roles: ServiceDatabaseRoles): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, roles.database) });
  await client.connect();
  try {
    const { rows } = await client.query<{ sql: string }>(
      `SELECT format('ALTER SCHEMA %I OWNER TO %I', nspname, $1::text) AS sql FROM pg_namespace
         WHERE nspowner <> (SELECT oid FROM pg_roles WHERE rolname = $1::text)
           AND nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname NOT LIKE 'pg\\_%'
       UNION ALL
       SELECT format('ALTER %s %I.%I OWNER TO %I', CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, n.nspname, c.relname, $1::text)
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
           AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = $1::text)
       UNION ALL
       SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, $1::text)
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
           AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = $1::text)`,
      [roles.owner],
    );
    for (const row of rows) await client.query(row.sql);
  } finally {
    await client.end();
  }
}

/** Drops the roles whose names start with `prefix` (a test run's), once their databases are gone. */
export async function dropRoles(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ rolname: string }>('SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1) ORDER BY rolname DESC', [prefix]);
    // Runtime roles (…_app) sort after their owners; dropped first, they hold no grant an owner could miss.
    for (const { rolname } of rows) await runFormatted(client, 'DROP ROLE IF EXISTS %I', rolname);
  } finally {
    await client.end();
  }
}
