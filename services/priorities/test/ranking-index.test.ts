// docs/ranking.md: a read of the top 50 walks the rank index and stops; it never sorts all
// priorities and never scans the votes. Checked on the plan of the list's own SQL over 20,000
// priorities and 200,000 votes, in PGlite (embedded) and PostgreSQL (distributed). The moderation
// list (issue 20: every priority, newest first) walks priorities_newest_idx the same way.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { moderationQuery, partQuery } from '../src/priorities/list-priorities.ts';
import { openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { explain, nodesOf, type PlanNode } from '../../../test/support/query-plans.ts';

async function seed(driver: SqlDriver): Promise<void> {
  // Endorsements 0..40 and oppositions 0..10 spread over 20,000 priorities; 10 votes each.
  await driver.exec(`
    INSERT INTO priorities.priorities (id, title, description, author_id, created_at, endorsements, oppositions)
    SELECT gen_random_uuid(), 'Seeded priority ' || g, repeat('d', 60), gen_random_uuid(),
           now() - (g || ' seconds')::interval, (g * 7919) % 41, (g * 104729) % 11
    FROM generate_series(1, 20000) g;
    INSERT INTO priorities.votes (priority_id, user_id, vote_type, voted_at)
    SELECT p.id, gen_random_uuid(), CASE WHEN v % 3 = 0 THEN 'oppose' ELSE 'endorse' END, now()
    FROM priorities.priorities p CROSS JOIN generate_series(1, 10) v;
    ANALYZE priorities.priorities;
    ANALYZE priorities.votes;`);
}

async function planOf(driver: SqlDriver, offset = 0): Promise<PlanNode> {
  const { sql, params } = partQuery(randomUUID(), { limit: 50, offset }, 'ranked', 5, 50, offset);
  return explain(driver, sql, params);
}

function assertIndexWalk(plan: PlanNode): void {
  const nodes = nodesOf(plan);
  const scans = nodes.filter((n) => n['Relation Name'] === 'priorities');
  assert.equal(scans.length, 1, JSON.stringify(plan));
  assert.equal(scans[0]!['Node Type'], 'Index Scan', JSON.stringify(plan));
  assert.equal(scans[0]!['Index Name'], 'priorities_rank_idx');
  // The walk stops after the page: 50 rows out, a few skipped as unranked, not 20,000.
  assert.ok(scans[0]!['Actual Rows']! <= 60, `rows read ${scans[0]!['Actual Rows']}`);
  assert.ok((scans[0]!['Rows Removed by Filter'] ?? 0) < 200, `rows skipped ${scans[0]!['Rows Removed by Filter']}`);
  for (const node of nodes.filter((n) => n['Relation Name'] === 'votes')) {
    assert.notEqual(node['Node Type'], 'Seq Scan', 'the caller vote is read by key');
    assert.ok(node['Actual Rows']! * (node['Actual Loops'] ?? 1) <= 50, 'at most one vote row per priority shown');
  }
}

for (const { profile, skip } of await profilePlan()) {
  describe(`the top 50 uses the rank index (${profile})`, { skip }, () => {
    test('plan of the first page and of a later one', async () => {
      const { driver, close } = await openMigratedDatabase(profile, 'priorities');
      try {
        await seed(driver);
        assertIndexWalk(await planOf(driver));
        const second = nodesOf(await planOf(driver, 50)).find((n) => n['Relation Name'] === 'priorities')!;
        assert.equal(second['Index Name'], 'priorities_rank_idx');

        // The moderation list's page of 100, removed priorities included.
        await driver.exec('UPDATE priorities.priorities SET is_active = false, removed_at = now() WHERE endorsements = 3; ANALYZE priorities.priorities;');
        const moderation = moderationQuery(randomUUID(), { limit: 100, offset: 0, includeInactive: 'true' });
        const scans = nodesOf(await explain(driver, moderation.sql, moderation.params)).filter((n) => n['Relation Name'] === 'priorities');
        assert.equal(scans.length, 1, JSON.stringify(scans));
        assert.equal(scans[0]!['Index Name'], 'priorities_newest_idx');
        assert.ok(scans[0]!['Actual Rows']! <= 100, `rows read ${scans[0]!['Actual Rows']}`);
      } finally {
        await close();
      }
    });
  });
}
