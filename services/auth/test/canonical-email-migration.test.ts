// Migration 20261125110000_canonical_email on PGlite and on PostgreSQL: existing accounts that are
// one mailbox collapse to the oldest, which keeps the key; the others keep their data, lose the key
// and name the account that kept it; the limit ledgers and sign-in requests count the canonical form;
// the SQL rule agrees with the TypeScript one.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { databaseUrl, dropDatabase, ensureDatabase, pgliteDriver, pgPoolDriver, runMigrations, type SqlDriver } from '@civic/service-kit/db';
import { MIGRATIONS_DIR } from '../src/app.ts';
import { normalizeEmail } from '../src/sign-in/sign-in-policy.ts';
import { LOCAL_INFRA, profilePlan } from '../../../test/support/infrastructure.ts';
import { CANONICAL_CASES } from './sign-in/canonical-email-cases.ts';

const MIGRATION = '20261125110000_canonical_email';

/** The auth migrations before this one, in a directory of their own. */
async function migrationsBefore(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'civic-auth-migrations-'));
  for (const name of await readdir(MIGRATIONS_DIR)) {
    if (name < MIGRATION) await cp(join(MIGRATIONS_DIR, name), join(dir, name), { recursive: true });
  }
  return dir;
}

async function exercise(driver: SqlDriver) {
  const before = await migrationsBefore();
  try {
    await runMigrations(driver, { schema: 'auth', migrationsDir: before });
  } finally {
    await rm(before, { recursive: true, force: true });
  }
  // Ann signed up three times with one Gmail mailbox; Bob twice with tags; Cy once.
  const users = [
    { label: 'ann-second', email: 'annlee@googlemail.com', createdAt: '2026-02-02T00:00:00Z' },
    { label: 'ann-first', email: 'ann.lee@gmail.com', createdAt: '2026-02-01T00:00:00Z' },
    { label: 'ann-third', email: 'a.n.n.lee+civic@gmail.com', createdAt: '2026-02-03T00:00:00Z' },
    { label: 'bob-tagged', email: 'bob+1@example.com', createdAt: '2026-02-01T00:00:00Z' },
    { label: 'bob-plain', email: 'bob@example.com', createdAt: '2026-02-05T00:00:00Z' },
    { label: 'cy', email: 'cy@example.com', createdAt: '2026-02-01T00:00:00Z' },
  ].map((u) => ({ ...u, id: randomUUID() }));
  for (const u of users) {
    await driver.query('INSERT INTO auth.users (id, email, email_normalized, created_at, political_capital) VALUES ($1::uuid, $2, $2, $3, 10)', [
      u.id,
      u.email,
      u.createdAt,
    ]);
  }
  await driver.query("INSERT INTO auth.sign_in_mails (email_normalized, ip, sent_at) VALUES ('bob+2@example.com', '10.0.0.1', now())");
  await driver.query("INSERT INTO auth.sign_in_failures (email_normalized, occurred_at) VALUES ('b.o.b@gmail.com', now())");
  await driver.query(
    `INSERT INTO auth.sign_in_states (id, email_normalized, method, code_hash, browser_hash, last_sent_at, expires_at)
     VALUES ($1::uuid, 'ann.lee+x@gmail.com', 'otp', 'h', 'b', now(), now())`,
    [randomUUID()],
  );

  assert.equal(
    (await runMigrations(driver, { schema: 'auth', migrationsDir: MIGRATIONS_DIR })).some((m) => m.name === MIGRATION),
    true,
  );

  const rows = await driver.query<{ id: string; email: string; email_canonical: string | null; superseded_by: string | null; political_capital: number }>(
    'SELECT id, email, email_canonical, superseded_by, political_capital FROM auth.users',
  );
  const byLabel = (label: string) => rows.find((r) => r.id === users.find((u) => u.label === label)!.id)!;
  assert.equal(rows.length, users.length, 'no account is deleted');
  assert.deepEqual(
    { canonical: byLabel('ann-first').email_canonical, superseded: byLabel('ann-first').superseded_by, email: byLabel('ann-first').email },
    { canonical: 'annlee@gmail.com', superseded: null, email: 'ann.lee@gmail.com' },
    'the oldest account keeps the mailbox, and its address as typed',
  );
  for (const label of ['ann-second', 'ann-third']) {
    assert.equal(byLabel(label).email_canonical, null, label);
    assert.equal(byLabel(label).superseded_by, byLabel('ann-first').id, label);
    assert.equal(byLabel(label).political_capital, 10, `${label} keeps its data`);
  }
  assert.equal(byLabel('bob-tagged').email_canonical, 'bob@example.com', 'oldest, even with a tag');
  assert.equal(byLabel('bob-plain').superseded_by, byLabel('bob-tagged').id);
  assert.equal(byLabel('cy').email_canonical, 'cy@example.com');

  const [mail] = await driver.query<{ email_canonical: string }>('SELECT email_canonical FROM auth.sign_in_mails');
  assert.equal(mail!.email_canonical, 'bob@example.com');
  const [failure] = await driver.query<{ email_canonical: string }>('SELECT email_canonical FROM auth.sign_in_failures');
  assert.equal(failure!.email_canonical, 'bob@gmail.com');
  const [state] = await driver.query<{ email_normalized: string; email_canonical: string }>(
    'SELECT email_normalized, email_canonical FROM auth.sign_in_states',
  );
  assert.deepEqual(state, { email_normalized: 'ann.lee+x@gmail.com', email_canonical: 'annlee@gmail.com' });

  // The database keeps one account per mailbox from now on, and every account keyed or superseded.
  await assert.rejects(
    driver.query(
      "INSERT INTO auth.users (id, email, email_normalized, email_canonical) VALUES ($1::uuid, 'bob+3@example.com', 'bob+3@example.com', 'bob@example.com')",
      [randomUUID()],
    ),
    /unique|duplicate/i,
  );
  await assert.rejects(
    driver.query(
      "INSERT INTO auth.users (id, email, email_normalized, email_canonical) VALUES ($1::uuid, 'dee@example.com', 'dee@example.com', 'dee2@example.com')",
      [randomUUID()],
    ),
    /check/i,
  );
  await assert.rejects(
    driver.query("INSERT INTO auth.users (id, email, email_normalized) VALUES ($1::uuid, 'dee@example.com', 'dee@example.com')", [randomUUID()]),
    /check/i,
  );

  // The SQL rule is the TypeScript rule.
  for (const [typed, canonical] of CANONICAL_CASES) {
    const [row] = await driver.query<{ c: string }>('SELECT auth.canonical_email($1) AS c', [normalizeEmail(typed)]);
    assert.equal(row!.c, canonical, typed);
  }
}

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

describe(`migration ${MIGRATION}`, () => {
  test('on PGlite', async () => {
    const db = await PGlite.create();
    try {
      await exercise(pgliteDriver(db));
    } finally {
      await db.close();
    }
  });

  const database = `civic_test_canonical_${randomBytes(4).toString('hex')}`;
  after(async () => {
    if (!distributed.skip) await dropDatabase(LOCAL_INFRA.DATABASE_URL, database);
  });

  test('on PostgreSQL', { skip: distributed.skip }, async () => {
    await ensureDatabase(LOCAL_INFRA.DATABASE_URL, database);
    const pool = new pg.Pool({ connectionString: databaseUrl(LOCAL_INFRA.DATABASE_URL, database), max: 2 });
    try {
      await exercise(pgPoolDriver(pool));
    } finally {
      await pool.end();
    }
  });
});
