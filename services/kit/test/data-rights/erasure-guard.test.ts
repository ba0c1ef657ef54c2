// The kit's erasure guard: one tombstone table per service schema, one check, one refusal. A write
// about a user checks the tombstone under the shared per-user lock; the erasure writes it once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDriver } from '../../src/db/pglite-driver.ts';
import { AccountDeleted, DELETED_USERS_TABLE, erasureGuard } from '../../src/data-rights/erasure-guard.ts';
import { toErrorBody } from '../../src/http/errors.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';

const guard = erasureGuard('things', 0x54455354);
let pglite: PGlite;

before(async () => {
  pglite = new PGlite();
  await pglite.exec(`CREATE SCHEMA things; CREATE TABLE things.${DELETED_USERS_TABLE} (user_id uuid PRIMARY KEY, deleted_at timestamptz(3) NOT NULL)`);
  // markDeleted also forgets the dead letters naming the user (the columns it reads of the kit's table).
  await pglite.exec('CREATE TABLE things.dead_letters (id bigserial PRIMARY KEY, envelope jsonb, raw text)');
});
after(() => pglite.close());

const inTransaction = <R>(work: (tx: SqlDriver) => Promise<R>) => pgliteDriver(pglite).transaction(work);

test('a user is not deleted until the erasure writes the tombstone, once', async () => {
  const userId = randomUUID();
  assert.equal(await inTransaction((tx) => guard.isDeletedUser(tx, userId)), false);
  assert.equal(await inTransaction((tx) => guard.markDeleted(tx, userId, new Date())), true);
  assert.equal(await inTransaction((tx) => guard.markDeleted(tx, userId, new Date().toISOString())), false, 'a redelivered erasure writes nothing new');
  // Any spelling of the id names the same user.
  assert.equal(await inTransaction((tx) => guard.isDeletedUser(tx, userId.toUpperCase())), true);
});

test('a write for a deleted user is refused with the one erasure error: 401, answered as signed out', async () => {
  const userId = randomUUID();
  await inTransaction((tx) => guard.assertNotDeleted(tx, userId));
  await inTransaction((tx) => guard.markDeleted(tx, userId, new Date()));
  const refusal = await inTransaction((tx) => guard.assertNotDeleted(tx, userId)).catch((error: unknown) => error);
  assert.ok(refusal instanceof AccountDeleted);
  assert.deepEqual(toErrorBody(refusal), { status: 401, body: { message: 'Unauthorized', code: 'KIT_ACCOUNT_DELETED' } });
});

test("statements that check the tombstone in their own SQL read the service's table", async () => {
  const userId = randomUUID();
  assert.equal(guard.table, 'things.deleted_users');
  await inTransaction((tx) => guard.markDeleted(tx, userId, new Date()));
  const [row] = (await pglite.query<{ deleted: boolean }>(`SELECT ${guard.deletedSql('$1')} AS deleted`, [userId])).rows;
  assert.equal(row!.deleted, true);
  assert.throws(() => erasureGuard('things; DROP TABLE x', 1), /Invalid schema name/);
});

test("the shared lock is held by writes and the exclusive one by the erasure, in the service's lock class", async () => {
  const userId = randomUUID();
  const locks = await inTransaction(async (tx) => {
    await guard.isDeletedUser(tx, userId);
    return tx.query<{ mode: string }>("SELECT mode FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid", [guard.lockClass]);
  });
  assert.deepEqual(
    locks.map((l) => l.mode),
    ['ShareLock'],
  );
  const exclusive = await inTransaction(async (tx) => {
    await guard.lockExclusive(tx, userId);
    return tx.query<{ mode: string }>("SELECT mode FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid", [guard.lockClass]);
  });
  assert.deepEqual(
    exclusive.map((l) => l.mode),
    ['ExclusiveLock'],
  );
});
