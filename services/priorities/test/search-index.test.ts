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
import { assertSearchedThroughIndexes, explain, trigramIndexNames } from '../../../test/support/query-plans.ts';

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
        assert.deepEqual(await trigramIndexNames(driver, 'priorities'), TRIGRAM_INDEXES);

        await seed(driver);
        const inDescription = createHash('md5').update('1234').digest('hex').slice(4, 16).toUpperCase(); // ILIKE: any case
        for (const term of ['priority 4999', inDescription]) {
          const { sql, params } = partQuery(randomUUID(), { search: term, limit: 50, offset: 0 }, 'ranked', 5, 50, 0);
          // Found, and only a handful of rows read (not 5,000).
          assertSearchedThroughIndexes(await explain(driver, sql, params), 'priorities', TRIGRAM_INDEXES, term);
        }
      } finally {
        await close();
      }
    });
  });
}
