// What a platform filled by `npm run seed:demo` serves, checked the same way on both profiles
// (test/demo-seed.test.ts, test/demo-seed-distributed.test.ts): ranked priorities whose tallies are the
// planned votes, profiles with names, follow counts and the PC the ledger's rules give, every
// balance the sum of its entries, briefing documents linked to their priorities.
import assert from 'node:assert/strict';
import type { TPriority } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { SeedDemoSummary } from '../../scripts/demo/seed-demo.ts';
import type { ApiClient } from './api-client.ts';

/** `client` is signed in as someone; `ledger` reads the ledger service's database. */
export async function assertServesDemo(client: ApiClient, ledger: Pick<SqlDriver, 'query'>, seeded: SeedDemoSummary): Promise<void> {
  const { plan, userIds, priorityIds } = seeded;

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
  const accounts = await ledger.query<{ user_id: string; balance: number; total: number; entries: number }>(
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
}

/** The first run made every planned item and signed every citizen up; the second found them all. */
export function assertSecondRunFoundAll(first: SeedDemoSummary, second: SeedDemoSummary, citizens: number): void {
  const { plan } = first;
  assert.deepEqual(first.citizens, { created: citizens, existing: 0 });
  assert.deepEqual(first.priorities, { created: plan.priorities.length, existing: 0 });
  assert.deepEqual(first.documents, { created: plan.documents.length, existing: 0 });
  assert.equal(first.profilesUpdated, citizens);
  assert.deepEqual(second.citizens, { created: 0, existing: citizens });
  assert.deepEqual(second.priorities, { created: 0, existing: plan.priorities.length });
  assert.deepEqual(second.documents, { created: 0, existing: plan.documents.length });
  assert.equal(second.profilesUpdated, 0);
  assert.deepEqual(second.userIds, first.userIds);
  assert.deepEqual(second.priorityIds, first.priorityIds);
}

/** Every row of every base table in `schemas`, as a count and a hash per table: what a run wrote shows here. */
export async function tableHashes(driver: Pick<SqlDriver, 'query'>, schemas: readonly string[]): Promise<Record<string, string>> {
  const tables = await driver.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1::text[]) ORDER BY 1`,
    [[...schemas]],
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
}
