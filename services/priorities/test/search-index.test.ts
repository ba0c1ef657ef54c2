// Issue 14 item 7: the list's search (`ILIKE '%term%'` on title and description) is served by the
// pg_trgm GIN indexes of migration 20261201000100_search_trigram_index, in PGlite (embedded, which
// loads the extension) and PostgreSQL (distributed): checked on the executed plan of the list's own
// SQL over 5,000 priorities, for a term in the titles and one in the descriptions. A plan that
// walks or scans the table instead reads every priority for a rare term.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { partQuery } from '../src/priorities/list-priorities.ts';
import { openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { explain, nodesOf } from '../../../test/support/query-plans.ts';

const PRIORITIES = 5_000;
const TRIGRAM_INDEXES = ['priorities_description_trgm_idx', 'priorities_title_trgm_idx'];

async function seed(driver: SqlDriver): Promise<void> {
  // Every priority ranked (endorsements >= 5), each description with a word of its own.
  await driver.exec(`
    INSERT INTO priorities.priorities (id, title, description, author_id, created_at, endorsements, oppositions)
    SELECT gen_random_uuid(), 'Seeded priority ' || g, 'About the topic ' || md5(g::text) || ' for the national agenda', gen_random_uuid(),
           now() - (g || ' seconds')::interval, 5 + (g * 7919) % 41, (g * 104729) % 11
    FROM generate_series(1, ${PRIORITIES}) g;
    ANALYZE priorities.priorities;`);
}

for (const { profile, skip } of await profilePlan()) {
  describe(`the search uses the trigram indexes (${profile})`, { skip }, () => {
    test('the indexes exist, and a rare term in a title or a description is found through them', async () => {
      const { driver, close } = await openMigratedDatabase(profile, 'priorities');
      try {
        const indexes = await driver.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'priorities' AND indexname LIKE '%trgm%' ORDER BY indexname`,
        );
        assert.deepEqual(
          indexes.map((i) => i.indexname),
          TRIGRAM_INDEXES,
        );
        for (const index of indexes) assert.match(index.indexdef, /USING gin .*gin_trgm_ops/);

        await seed(driver);
        const inDescription = createHash('md5').update('1234').digest('hex').slice(4, 16).toUpperCase(); // ILIKE: any case
        for (const term of ['priority 4999', inDescription]) {
          const { sql, params } = partQuery(randomUUID(), { search: term, limit: 50, offset: 0 }, 'ranked', 5, 50, 0);
          const plan = await explain(driver, sql, params);
          const nodes = nodesOf(plan);
          const used = nodes
            .filter((n) => n['Node Type'] === 'Bitmap Index Scan')
            .map((n) => n['Index Name'])
            .sort();
          assert.deepEqual(used, TRIGRAM_INDEXES, `${term}: ${JSON.stringify(plan)}`);
          const heap = nodes.find((n) => n['Relation Name'] === 'priorities')!;
          assert.equal(heap['Node Type'], 'Bitmap Heap Scan', `${term}: ${JSON.stringify(plan)}`);
          // Found, and only a handful of rows read (not 5,000).
          assert.equal(heap['Actual Rows'], 1, term);
          assert.ok((heap['Rows Removed by Filter'] ?? 0) + (heap['Actual Rows'] ?? 0) < 50, `${term}: ${JSON.stringify(heap)}`);
        }
      } finally {
        await close();
      }
    });
  });
}
