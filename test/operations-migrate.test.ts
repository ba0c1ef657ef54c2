// `npm run migrate` and `npm run migrate:status` as an operator runs them (docs/operations.md
// "Upgrades"): child processes against the shared PostgreSQL under a prefix of the test's own. Status
// before anything reports every migration pending; migrate applies them as the database's owner (a
// role of the test's own, as setup:distributed makes it), and a second run has nothing to do; an edited
// migration shows as a checksum mismatch and a migration from a newer release as unknown, each an exit 1.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { databaseUrl, dropDatabase, listDatabases, type MigrationStatus } from '@civic/service-kit/db';
import { LOCAL_INFRA, profilePlan } from './support/infrastructure.ts';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;
const SERVICES = ['auth', 'ledger'];

const migrationsOf = (service: string) =>
  readdirSync(join(ROOT, 'services', service, 'prisma/migrations'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

function migrate(args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/ops/migrate.ts'), ...args], { cwd: ROOT, env: { ...process.env, ...env } }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

async function status(env: NodeJS.ProcessEnv) {
  const answer = await migrate(['--status', '--json', '--service', SERVICES.join(',')], env);
  return { code: answer.code, statuses: (JSON.parse(answer.stdout) as { services: MigrationStatus[] }).services, stderr: answer.stderr };
}

async function sql(database: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl(LOCAL_INFRA.DATABASE_URL, database) });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

test('distributed: migrate:status, migrate as the database owner, a second migrate, a mismatch and an unknown migration', {
  skip: distributed.skip,
}, async () => {
  const prefix = `civic_m${randomBytes(4).toString('hex')}_`;
  const owner = `${prefix}ledger`;
  const env = { PROFILE: 'distributed', DATABASE_URL: LOCAL_INFRA.DATABASE_URL, DATABASE_PREFIX: prefix };
  try {
    // No database yet: everything pending, nothing created.
    const fresh = await status(env);
    assert.equal(fresh.code, 0, fresh.stderr);
    assert.deepEqual(
      fresh.statuses.map((s) => [s.schema, s.applied.length, s.pending]),
      SERVICES.map((service) => [service, 0, migrationsOf(service)]),
    );
    assert.deepEqual(await listDatabases(LOCAL_INFRA.DATABASE_URL, prefix), []);

    // The ledger's database belongs to an owner role, as setup:distributed makes it: what migrate creates is that role's.
    await sql('postgres', `CREATE ROLE ${owner} NOLOGIN`);
    await sql('postgres', `CREATE DATABASE ${owner} OWNER ${owner}`);
    const applied = await migrate(['--service', SERVICES.join(',')], env);
    assert.equal(applied.code, 0, applied.stderr);
    for (const service of SERVICES) assert.match(applied.stdout, new RegExp(`${service}: applied ${migrationsOf(service)[0]}`));
    const tableOwners = await sql(owner, `SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'ledger'`);
    assert.deepEqual(tableOwners, [{ tableowner: owner }]);

    const again = await migrate(['--service', SERVICES.join(',')], env);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(again.stdout.trim().split('\n'), ['auth: up to date', 'ledger: up to date']);
    const current = await status(env);
    assert.equal(current.code, 0);
    assert.deepEqual(
      current.statuses.map((s) => [s.schema, s.applied, s.pending, s.checksumMismatches, s.unknown]),
      SERVICES.map((service) => [service, migrationsOf(service), [], [], []]),
    );

    // An applied migration edited since, and one from a newer release: both reported, exit 1.
    const edited = migrationsOf('ledger')[0]!;
    await sql(owner, `UPDATE ledger._prisma_migrations SET checksum = 'edited' WHERE migration_name = $1`, [edited]);
    await sql(
      `${prefix}auth`,
      `INSERT INTO auth._prisma_migrations (id, checksum, finished_at, migration_name) VALUES ('x', 'y', now(), '29990101000000_newer')`,
    );
    const damaged = await status(env);
    assert.equal(damaged.code, 1);
    const [auth, ledger] = damaged.statuses;
    assert.deepEqual(ledger!.checksumMismatches, [edited]);
    assert.deepEqual(auth!.unknown, ['29990101000000_newer']);
    // migrate refuses to run past an edited migration, as a service's start does.
    const refused = await migrate(['--service', 'ledger'], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, new RegExp(`Migration ledger/${edited} was edited after it was applied`));
  } finally {
    for (const database of await listDatabases(LOCAL_INFRA.DATABASE_URL, prefix)) await dropDatabase(LOCAL_INFRA.DATABASE_URL, database);
    await sql('postgres', `DROP ROLE IF EXISTS ${owner}`);
  }
});

test('an unknown service is named, with the known ones', async () => {
  const answer = await migrate(['--status', '--service', 'nope'], { PROFILE: 'distributed', DATABASE_URL: LOCAL_INFRA.DATABASE_URL });
  assert.equal(answer.code, 2);
  assert.match(answer.stderr, /No service is called nope \(known: auth, priorities, ledger, briefing, social, account, admin, notifications\)/);
});
