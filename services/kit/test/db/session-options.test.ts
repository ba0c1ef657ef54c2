// Service connections run with PostgreSQL's JIT compiler off (database-provider.ts SESSION_OPTIONS):
// the service's pool, whatever the server's default.
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

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

test("every service connection has JIT off, while the server's own default may differ", { skip: distributed.skip }, async () => {
  const prefix = `civic_jit${randomBytes(3).toString('hex')}_`;
  const provider = createPostgresDatabaseProvider({ DATABASE_URL: LOCAL_INFRA.DATABASE_URL, DATABASE_PREFIX: prefix });
  const database = await provider.open('demo', await mkdtemp(join(tmpdir(), 'civic-no-migrations-')));
  const plain = new pg.Client({ connectionString: LOCAL_INFRA.DATABASE_URL });
  await plain.connect();
  try {
    // The check can fail: a connection without the options has the server's default (on).
    assert.deepEqual((await plain.query('SHOW jit')).rows, [{ jit: 'on' }]);
    // Several at once, so more than one pooled connection answers.
    const answers = await Promise.all(Array.from({ length: 4 }, () => database.driver.query<{ jit: string }>('SHOW jit')));
    assert.deepEqual(
      answers.flat(),
      Array.from({ length: 4 }, () => ({ jit: 'off' })),
    );
  } finally {
    await plain.end();
    await provider.close();
    await dropDatabase(LOCAL_INFRA.DATABASE_URL, `${prefix}demo`);
  }
});
