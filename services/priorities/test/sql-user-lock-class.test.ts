// The SQL functions that write for a user (apply_vote, apply_votes, apply_promotion) take the per-user
// lock the erasure takes exclusively, with its class written out as a number. This reads the functions
// the migrated database runs (pg_proc), not a migration's text, and keeps that number the service's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { prioritiesErasureGuard } from '../src/data-rights/erasure-guard.ts';

const USER_LOCK_CLASS = prioritiesErasureGuard.lockClass;

for (const { profile, skip } of await profilePlan()) {
  describe(`the user lock in priorities' SQL functions (${profile})`, { skip }, () => {
    test('apply_vote, apply_votes and apply_promotion lock users in the advisory lock class of the rest of the service', async () => {
      const db = await openMigratedDatabase(profile, 'priorities');
      try {
        const rows = await db.driver.query<{ name: string; definition: string }>(
          `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'priorities' AND p.proname IN ('apply_vote', 'apply_votes', 'apply_promotion') ORDER BY 1`,
        );
        assert.deepEqual(
          rows.map((r) => r.name),
          ['apply_promotion', 'apply_vote', 'apply_votes'],
        );
        for (const { name, definition } of rows) {
          const classes = [...definition.matchAll(/pg_advisory_xact_lock_shared\((\w+),/g)].map((m) => m[1]);
          assert.ok(classes.length > 0, `${name} takes the shared user lock`);
          assert.deepEqual(
            classes,
            classes.map(() => String(USER_LOCK_CLASS)),
            `${name} locks in class ${USER_LOCK_CLASS}`,
          );
        }
      } finally {
        await db.close();
      }
    });
  });
}
