// npm run seed:demo (scripts/demo/): a small demo platform seeded into a fresh embedded DATA_DIR is
// what the application then serves (ranked priorities whose tallies are the planned votes, profiles
// with names, follow counts and a balance equal to the ledger's entries, briefing documents linked to
// their priorities), and a second run changes nothing in any service's tables.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TPriority } from '@civic/contracts';
import { createPGlite, pgliteDriver } from '@civic/service-kit/db';
import { seedDemo, type SeedDemoSummary } from '../scripts/demo/seed-demo.ts';
import { startGateway } from '../gateway/src/start-gateway.ts';
import { MIGRATIONS_DIR as LEDGER_MIGRATIONS } from '@civic/ledger';
import { ApiClient } from './support/api-client.ts';
import { readLatestMail } from './support/mail-reader.ts';
import { seedPgliteCluster } from './support/pglite-template.ts';
import { signIn } from './support/sign-in.ts';

const CITIZENS = 10;
const SCHEMAS = ['auth', 'account', 'social', 'priorities', 'ledger', 'briefing', 'admin'];

/** Every row of every service table, as a count and a hash per table. */
async function snapshot(dataDir: string): Promise<Record<string, string>> {
  const db = await createPGlite(join(dataDir, 'pglite'));
  try {
    const driver = pgliteDriver(db);
    const tables = await driver.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1::text[]) ORDER BY 1`,
      [SCHEMAS],
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await driver.query<{ n: number; h: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${name} t`,
        [],
      );
      result[name] = `${row!.n} ${row!.h ?? ''}`;
    }
    return result;
  } finally {
    await db.close();
  }
}

describe('npm run seed:demo (embedded)', () => {
  let dataDir: string;
  let first: SeedDemoSummary;
  let second: SeedDemoSummary;
  let before1: Record<string, string>;
  let after2: Record<string, string>;

  // Two whole seed runs and two snapshots: most of the file's time (~30 s of CPU).
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-demo-seed-'));
    await seedPgliteCluster(dataDir);
    first = await seedDemo({ dataDir, citizens: CITIZENS });
    before1 = await snapshot(dataDir);
    second = await seedDemo({ dataDir, citizens: CITIZENS });
    after2 = await snapshot(dataDir);
  });
  after(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('the first run signs every citizen up and creates the plan; the second changes nothing', () => {
    const { plan } = first;
    assert.deepEqual(first.citizens, { created: CITIZENS, existing: 0 });
    assert.deepEqual(first.priorities, { created: plan.priorities.length, existing: 0 });
    assert.deepEqual(first.documents, { created: plan.documents.length, existing: 0 });
    assert.equal(first.profilesUpdated, CITIZENS);
    assert.deepEqual(second.citizens, { created: 0, existing: CITIZENS });
    assert.deepEqual(second.priorities, { created: 0, existing: plan.priorities.length });
    assert.deepEqual(second.documents, { created: 0, existing: plan.documents.length });
    assert.equal(second.profilesUpdated, 0);
    assert.deepEqual(second.userIds, first.userIds);
    assert.deepEqual(second.priorityIds, first.priorityIds);
    assert.ok(Object.keys(before1).length > 30, 'every service table was compared');
    assert.deepEqual(after2, before1);
  });

  test('the application then serves the seeded platform', async () => {
    const { plan, userIds, priorityIds } = first;
    const { app, platform } = await startGateway({
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      SERVE_FRONTENDS: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: 'http://127.0.0.1',
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const client = new ApiClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      await signIn({ readLatestMail: (to: string) => readLatestMail(join(dataDir, 'mail'), to) }, client, 'visitor@example.com');

      // Priorities: every planned one, its tallies exactly the planned votes, ranked by the service.
      const listed = await client.get<TPriority[]>('/api/priorities?limit=1000');
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.body.length, plan.priorities.length);
      const byId = new Map(listed.body.map((p) => [p.id, p]));
      for (const planned of plan.priorities) {
        const served = byId.get(priorityIds[planned.index]!);
        assert.ok(served, planned.title);
        assert.equal(served.title, planned.title);
        assert.equal(served.author.id, userIds[planned.author]);
        assert.equal(served.author.firstName, plan.citizens[planned.author]!.firstName);
        assert.equal(served.issue?.id, planned.issueId);
        const mine = plan.votes.filter((v) => v.priority === planned.index);
        assert.equal(served.endorsements, mine.filter((v) => v.voteType === 'endorse').length, planned.title);
        assert.equal(served.oppositions, mine.filter((v) => v.voteType === 'oppose').length, planned.title);
      }
      const ranked = listed.body.filter((p) => p.rank !== null);
      assert.ok(ranked.length > 0, 'some priorities have enough endorsements to be ranked');
      assert.deepEqual(
        ranked.map((p) => p.rank),
        ranked.map((_, i) => i + 1),
      );
      assert.equal(new Set(listed.body.map((p) => p.issue?.category)).size, 5, 'every category has priorities');

      // Profiles: names, place, follow counts and political capital as the platform's rules give it.
      for (const c of plan.citizens) {
        const profile = await client.get(`/api/users/${userIds[c.index]}/profile`);
        assert.equal(profile.status, 200, profile.text);
        assert.equal(profile.body.firstName, c.firstName);
        assert.equal(profile.body.lastName, c.lastName);
        assert.equal(profile.body.location, c.location);
        assert.equal(profile.body.followers, plan.follows.filter(([, b]) => b === c.index).length);
        assert.equal(profile.body.following, plan.follows.filter(([a]) => a === c.index).length);
        const expected =
          10 +
          5 * plan.priorities.filter((p) => p.author === c.index).length +
          2 * plan.documents.filter((d) => d.author === c.index).length +
          10 * plan.citizens.filter((r) => r.recruiter === c.index).length;
        assert.equal(profile.body.politicalCapital, expected, `${c.firstName} ${c.lastName}'s political capital`);
      }

      // The ledger: every balance is the sum of its entries.
      const ledger = await platform.databases.open('ledger', LEDGER_MIGRATIONS);
      const accounts = await ledger.driver.query<{ user_id: string; balance: number; total: number; entries: number }>(
        `SELECT a.user_id::text, a.balance, COALESCE(sum(e.amount), 0)::int AS total, count(e.id)::int AS entries
         FROM ledger.accounts a LEFT JOIN ledger.entries e ON e.user_id = a.user_id GROUP BY a.user_id, a.balance`,
        [],
      );
      for (const id of userIds) {
        const account = accounts.find((a) => a.user_id === id);
        assert.ok(account, `a ledger account for ${id}`);
        assert.equal(account.balance, account.total);
        assert.ok(account.entries >= 1);
      }

      // Briefing documents, linked to their priorities.
      const docs = await client.get<Array<{ title: string; authorId: string; priorityId: string | null; content: string }>>('/api/briefing-docs?limit=1000');
      assert.equal(docs.status, 200, docs.text);
      assert.equal(docs.body.length, plan.documents.length);
      for (const d of plan.documents) {
        const served = docs.body.find((s) => s.title === d.title && s.authorId === userIds[d.author]);
        assert.ok(served, d.title);
        assert.equal(served.priorityId, d.priority === null ? null : priorityIds[d.priority]);
        assert.ok(served.content.length >= 20);
      }
    } finally {
      await app.close();
    }
  });
});
