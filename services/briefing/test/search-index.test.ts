// The list's search (`LIKE '%term%'` on the lower-cased title and content) is served by the pg_trgm
// GIN index of migration 20261205000000_search_text, in PGlite (embedded, which loads the extension) and PostgreSQL (distributed):
// checked on the executed plan of the list's own SQL over 5,000 documents, for a term in the titles
// and one in the contents. A plan that walks or scans the table instead reads every document for a
// rare term.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { assertSearchedThroughIndexes, explain, trigramIndexNames } from '../../../test/support/query-plans.ts';
import { listQuery } from '../src/documents/list-documents.ts';

const DOCUMENTS = 5_000;
const TRIGRAM_INDEXES = ['documents_search_text_trgm_idx'];

async function seed(driver: SqlDriver): Promise<void> {
  // About 1 KB each, as real documents (issue 17's benchmark size), each content with a word of its own.
  await driver.exec(`
    INSERT INTO briefing.documents (id, title, content, type, author_id, created_at)
    SELECT gen_random_uuid(), 'Seeded document ' || g,
           'Notes on the topic ' || md5(g::text) || ' for the national agenda. ' || repeat('Budget, schools, roads and clinics all need funding this year. ', 15),
           (ARRAY['talking_point', 'document', 'research'])[1 + g % 3], gen_random_uuid(), now() - (g || ' seconds')::interval
    FROM generate_series(1, ${DOCUMENTS}) g;
    ANALYZE briefing.documents;`);
}

for (const { profile, skip } of await profilePlan()) {
  describe(`the briefing search uses the trigram indexes (${profile})`, { skip }, () => {
    test('the indexes exist, and a rare term in a title or a content is found through them', async () => {
      const { driver, close } = await openMigratedDatabase(profile, 'briefing');
      try {
        assert.deepEqual(await trigramIndexNames(driver, 'briefing'), TRIGRAM_INDEXES);

        await seed(driver);
        const inContent = createHash('md5').update('1234').digest('hex').slice(4, 16).toUpperCase(); // any case
        for (const term of ['document 4999', inContent]) {
          const { sql, params } = listQuery({ search: term, limit: 50, offset: 0 });
          // Found, and only a handful of rows read (not 5,000).
          assertSearchedThroughIndexes(await explain(driver, sql, params), 'documents', TRIGRAM_INDEXES, term);
        }
      } finally {
        await close();
      }
    });
  });
}
