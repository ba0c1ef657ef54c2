// A PostgreSQL connection that fails while idle in the pool (a server restart, a terminated
// backend) is logged and replaced; it must not end the process with an unhandled 'error' event.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { createPostgresDatabaseProvider } from '../../src/db/database-provider.ts';
import { dropDatabase } from '../../src/db/pg-driver.ts';
import { LOCAL_INFRA, profilePlan } from '../../../../test/support/infrastructure.ts';
import { pollUntil } from '../../../../test/support/poll.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

test('an idle PostgreSQL connection terminated by the server is logged and replaced; the process lives on', { skip: distributed.skip }, async () => {
  const prefix = `civic_idle${randomBytes(3).toString('hex')}_`;
  const warnings: string[] = [];
  const logger = { info() {}, warn: (_obj: object, msg?: string) => void warnings.push(msg ?? '') };
  const provider = createPostgresDatabaseProvider({ DATABASE_URL: LOCAL_INFRA.DATABASE_URL, DATABASE_PREFIX: prefix }, logger);
  const database = await provider.open('demo', await mkdtemp(join(tmpdir(), 'civic-no-migrations-')));
  const admin = new pg.Client({ connectionString: LOCAL_INFRA.DATABASE_URL });
  await admin.connect();
  try {
    // The migration runner left its connection idle in the pool: terminate it as a restart would.
    const { rows } = await admin.query<{ terminated: boolean }>('SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = $1', [
      `${prefix}demo`,
    ]);
    assert.ok(rows.length > 0, 'an idle pool connection to terminate');
    await pollUntil(
      async () => warnings.length,
      (count) => count > 0,
      15_000,
    );
    assert.match(warnings[0]!, /failed while idle/);
    assert.deepEqual(await database.driver.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }], 'the next query gets a new connection');
  } finally {
    await admin.end();
    await provider.close();
    await dropDatabase(LOCAL_INFRA.DATABASE_URL, `${prefix}demo`);
  }
});
