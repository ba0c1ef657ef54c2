// apply_vote (a SQL function) takes the per-user lock the erasure takes exclusively; its lock class is
// written out in the migration, so this keeps the two numbers the same.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { prioritiesErasureGuard } from '../src/data-rights/erasure-guard.ts';

test('apply_vote locks the user in the same advisory lock class as the rest of the service', async () => {
  const sql = await readFile(new URL('../prisma/migrations/20261125000000_apply_vote/migration.sql', import.meta.url), 'utf8');
  const [, lockClass] = /pg_advisory_xact_lock_shared\((\d+), hashtext\(p_user_id::text\)\)/.exec(sql) ?? [];
  assert.equal(Number(lockClass), prioritiesErasureGuard.lockClass);
});
