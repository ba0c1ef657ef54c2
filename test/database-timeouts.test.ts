// Every service's PostgreSQL work is bounded (SECURITY 32): a statement is cancelled after 5 s and a
// transaction left idle is ended after 10 s, on the kit's connections (SESSION_OPTIONS) and on the
// service roles themselves (infra/postgres-roles.ts), while migrations lift the statement bound.
// PostgreSQL only: PGlite accepts the settings but never fires them (database-provider.ts says why).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { createPostgresDatabaseProvider, databaseUrl, dropDatabase, SERVICE_TIMEOUTS } from '@civic/service-kit/db';
import { databaseRolesFor, dropRoles, ensureServiceRoles, urlAs } from '../infra/postgres-roles.ts';
import { LOCAL_INFRA, profilePlan } from './support/infrastructure.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;
const SLOW = 'SELECT pg_sleep(8)';
const CANCELLED = { code: '57014' }; // query_canceled: "canceling statement due to statement timeout"

async function showTimeouts(query: (sql: string) => Promise<Record<string, string>[]>): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(SERVICE_TIMEOUTS)) Object.assign(shown, (await query(`SHOW ${name}`))[0]);
  return shown;
}

test('service roles and service connections cancel a slow statement; migrations are not bounded', { skip: distributed.skip }, async () => {
  const prefix = `civic_tmo${randomBytes(3).toString('hex')}_`;
  const roles = databaseRolesFor(prefix, 'demo');
  const passwords = { owner: randomBytes(12).toString('hex'), runtime: randomBytes(12).toString('hex') };
  await ensureServiceRoles(LOCAL_INFRA.DATABASE_URL, roles, passwords);
  // A migration that fails unless it runs without the statement bound.
  const migrations = await mkdtemp(join(tmpdir(), 'civic-timeouts-'));
  await mkdir(join(migrations, '20260101000000_unbounded'));
  await writeFile(
    join(migrations, '20260101000000_unbounded', 'migration.sql'),
    "DO $$ BEGIN IF current_setting('statement_timeout') <> '0' THEN RAISE EXCEPTION 'bounded: %', current_setting('statement_timeout'); END IF; END $$;",
  );
  const server = LOCAL_INFRA.DATABASE_URL;
  const provider = createPostgresDatabaseProvider({
    DATABASE_URL: urlAs(server, roles.runtime, passwords.runtime),
    DATABASE_OWNER_URL: urlAs(server, roles.owner, passwords.owner),
    DATABASE_PREFIX: prefix,
  });
  const asRole = (role: string, password: string) => new pg.Client({ connectionString: urlAs(databaseUrl(server, roles.database), role, password) });
  const runtime = asRole(roles.runtime, passwords.runtime);
  const owner = asRole(roles.owner, passwords.owner);
  const plain = new pg.Client({ connectionString: server });
  try {
    const database = await provider.open('demo', migrations);
    await Promise.all([runtime.connect(), owner.connect(), plain.connect()]);
    // The check can fail: the administrator's connection has the server's defaults (no bound).
    assert.deepEqual(await showTimeouts(async (sql) => (await plain.query(sql)).rows), { statement_timeout: '0', idle_in_transaction_session_timeout: '0' });
    // Every service role has the values, for a client that sets nothing (psql, a script).
    for (const client of [runtime, owner]) assert.deepEqual(await showTimeouts(async (sql) => (await client.query(sql)).rows), SERVICE_TIMEOUTS);
    // And the kit's pools set them whatever the role (the test stacks connect as the administrator).
    assert.deepEqual(await showTimeouts((sql) => database.driver.query(sql)), SERVICE_TIMEOUTS);
    // A slow statement is cancelled at the bound, as the role and through the kit's pool, at once.
    const started = performance.now();
    await Promise.all([assert.rejects(runtime.query(SLOW), CANCELLED), assert.rejects(database.driver.query(SLOW), CANCELLED)]);
    assert.ok(performance.now() - started < 7_500, 'cancelled at 5 s, before the 8 s sleep ended');
  } finally {
    await Promise.all([runtime.end().catch(() => {}), owner.end().catch(() => {}), plain.end()]);
    await provider.close();
    await dropDatabase(server, roles.database);
    await dropRoles(server, prefix);
  }
});
