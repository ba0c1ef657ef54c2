// Discover's search (`full name ILIKE '%term%'`) is served by the pg_trgm GIN index of migration
// 20261203000000, in PGlite (embedded, which loads the extension) and PostgreSQL (distributed):
// checked on the executed plan of the search's own SQL over 5,000 profiles, for a rare first name and
// a rare last name. A plan that scans the table reads every profile for each keystroke's search.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { assertSearchedThroughIndexes, bitmapIndexScans, explain, trigramIndexNames } from '../../../test/support/query-plans.ts';
import { searchQuery } from '../src/network/search-citizens.ts';

const PROFILES = 5_000;
const TRIGRAM_INDEXES = ['profiles_full_name_trgm_idx'];

async function seed(driver: SqlDriver): Promise<void> {
  await driver.exec(`
    INSERT INTO account.profiles (user_id, first_name, last_name)
    SELECT gen_random_uuid(), 'Citizen' || g, 'Family' || md5(g::text) FROM generate_series(1, ${PROFILES}) g;
    INSERT INTO account.settings (user_id) SELECT user_id FROM account.profiles;
    ANALYZE account.profiles;
    ANALYZE account.settings;`);
}

for (const { profile, skip } of await profilePlan()) {
  describe(`the Discover search uses the trigram index (${profile})`, { skip }, () => {
    test('the index exists, and a rare first or last name is found through it', async () => {
      const { driver, close } = await openMigratedDatabase(profile, 'account');
      try {
        assert.deepEqual(await trigramIndexNames(driver, 'account'), TRIGRAM_INDEXES);
        await seed(driver);
        const [{ md5 }] = (await driver.query<{ md5: string }>(`SELECT md5('4321') AS md5`)) as [{ md5: string }];
        for (const term of ['citizen4999', `family${md5.slice(0, 12)}`.toUpperCase()]) {
          const { sql, params } = searchQuery(randomUUID(), { q: term, limit: 50 });
          // The profiles through the trigram index; the block check per found profile through blocks' key
          // (one probe per direction).
          const plan = await explain(driver, sql, params);
          assertSearchedThroughIndexes(plan, 'profiles', TRIGRAM_INDEXES, term);
          assert.deepEqual(bitmapIndexScans(plan), ['blocks_pkey', 'blocks_pkey', ...TRIGRAM_INDEXES], term);
        }
      } finally {
        await close();
      }
    });
  });
}
