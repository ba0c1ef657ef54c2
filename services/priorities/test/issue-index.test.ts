// docs/ranking.md 5d: the Issues page's reads walk priorities_issue_rank_idx and never read the
// priorities table through. Checked on the plans of the service's own SQL over 20,000 priorities
// spread over the 151 issues, in PGlite (embedded) and PostgreSQL (distributed).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { explain, nodesOf } from '../../../test/support/query-plans.ts';
import { SUMMARIES_SQL } from '../src/issues/list-issues.ts';
import { issuePageQuery } from '../src/issues/read-issue-page.ts';

const MIN_ENDORSEMENTS = 5;

for (const { profile, skip } of await profilePlan()) {
  describe(`the Issues page's reads use the issue rank index (${profile})`, { skip }, () => {
    test('the summaries and an issue page: index scans only, the top probes stop early', async () => {
      const { driver, close } = await openMigratedDatabase(profile, 'priorities');
      try {
        await driver.exec(`
          INSERT INTO priorities.priorities (id, title, description, author_id, created_at, endorsements, oppositions, issue_id)
          SELECT gen_random_uuid(), 'Seeded priority ' || g, repeat('d', 60), gen_random_uuid(),
                 now() - (g || ' seconds')::interval, (g * 7919) % 41, (g * 104729) % 11, g % 151 + 1
          FROM generate_series(1, 20000) g;
          ANALYZE priorities.priorities;`);

        const summaries = nodesOf(await explain(driver, SUMMARIES_SQL, [MIN_ENDORSEMENTS]));
        const reads = summaries.filter((n) => n['Relation Name'] === 'priorities');
        assert.equal(reads.length, 3, 'a count and two probes per issue');
        for (const read of reads) {
          assert.notEqual(read['Node Type'], 'Seq Scan', JSON.stringify(read));
          assert.equal(read['Actual Loops'], 151, 'once per issue');
        }
        // The count reads each issue's entries of an issue index (a bitmap, or index-only once vacuumed).
        const indexes = summaries.flatMap((n) => n['Index Name'] ?? []);
        assert.ok(
          indexes.every((name) => /^(issues_pkey|priorities_issue_(rank_idx|id_idx))$/.test(name)),
          indexes.join(),
        );
        // The probes walk each issue's part of the rank index in rank order and stop at the first fitting row.
        const probes = reads.filter((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'priorities_issue_rank_idx');
        assert.equal(probes.length, 2, JSON.stringify(reads.map((n) => [n['Node Type'], n['Index Name']])));
        for (const probe of probes) {
          assert.ok(probe['Actual Rows']! <= 1, 'one row per issue at most');
          assert.ok((probe['Rows Removed by Filter'] ?? 0) / 151 < 20, `rows skipped per issue: ${(probe['Rows Removed by Filter'] ?? 0) / 151}`);
        }

        const { sql, params } = issuePageQuery(randomUUID(), 7, { limit: 50 }, MIN_ENDORSEMENTS);
        const page = nodesOf(await explain(driver, sql, params));
        const pageReads = page.filter((n) => n['Relation Name'] === 'priorities');
        assert.equal(pageReads.length, 1, JSON.stringify(pageReads));
        assert.notEqual(pageReads[0]!['Node Type'], 'Seq Scan', JSON.stringify(pageReads));
        // An index walk, or a bitmap of the issue's rows then a top-N sort of them (the planner's choice).
        assert.ok(
          page.some((n) => /^priorities_issue_(rank_idx|id_idx)$/.test(n['Index Name'] ?? '')),
          JSON.stringify(page.map((n) => [n['Node Type'], n['Index Name']])),
        );
        assert.ok(pageReads[0]!['Actual Rows']! <= 140, `the issue's rows only: ${pageReads[0]!['Actual Rows']}`);
      } finally {
        await close();
      }
    });
  });
}
