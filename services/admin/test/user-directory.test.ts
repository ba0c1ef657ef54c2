// The users page's read model (issue 20) on both profiles: one indexed query answers a page on each
// profile's database (PGlite, PostgreSQL), and the rebuild (`npm run admin:rebuild-directory`) reads
// every account back from the real auth (rpc.auth.user_directory), each part by its version. The
// accounts are real sign-ups (auth's own registration and standing events; the administrators by
// ADMIN_EMAILS); the other owners' events come from a test producer, as those services are not in the
// stack. What the directory does with each event and its pages: users/directory.test.ts (the admin
// service alone).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { accountEvents, adminEvents, authEvents, ledgerEvents, socialEvents, type TAdminUser } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { address } from '../../../test/support/test-users.ts';
import { userPageQuery } from '../src/users/list-users.ts';
import { type Member, member, whileApprovalRequired } from './support/accounts.ts';
import { openAdminTables, pollUntil, TEST_ENV } from './support/admin-helpers.ts';
import { balanceOf, countsOf, profileOf } from './support/directory-events.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`users directory (${profile})`, { skip }, () => {
    const tag = `dir${process.pid}${profile.slice(0, 3)}`;
    const emailOf = (label: string | number) => `${tag}-${label}@example.com`;
    // The chief administers (its address outside the tag's searches); user 2 is an administrator from its first sign-in.
    const CHIEF = `chief.${process.pid}.${profile}@example.gov`;
    const stack = useStack(profile, { services: ['auth', 'admin'], env: { ...TEST_ENV, ADMIN_EMAILS: `${CHIEF},${emailOf(2)}` } });
    let producer: TestProducer;
    let tables: SqlDriver;
    let chief: Member;
    const page = async (query: string) => {
      const answer = await chief.client.get<TAdminUser[]>(`/api/admin/users${query}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };
    /** 5 accounts signed up one after the other: user 1 while approval was required, user 2 an administrator, user 4 banned by reports. */
    const users: string[] = [];

    before(async () => {
      producer = await startTestProducer(stack, 'directory_producer');
      tables = await openAdminTables(stack);
      chief = await member(stack, CHIEF);
      for (let i = 0; i < 5; i++) {
        const signUp = () => member(stack, emailOf(i));
        users.push((i === 1 ? await whileApprovalRequired(stack, chief.client, signUp) : await signUp()).id);
      }
      // Reports reached the threshold: auth bans user 4 and says so.
      await producer.publish(adminEvents.AutoBanRequested, { userId: users[4]!, reportCount: 3, threshold: 3, requestedAt: new Date().toISOString() });
      // A registration auth never held (as if published by mistake): in the directory, not in auth.
      await producer.publish(authEvents.UserRegistered, {
        userId: randomUUID(),
        email: emailOf('stray'),
        isAdmin: false,
        registeredAt: new Date().toISOString(),
      });
      await pollUntil(
        () => page(`?search=${tag}&limit=100`),
        (rows) => rows.length === 6 && rows.some((u) => u.id === users[4] && u.isBanned),
        20_000,
      );
    });

    test('EXPLAIN over 10,000 rows: a page is one walk of its status index, newest first, no sort; a search reads the trigram index', async () => {
      const plans = await tables
        .transaction(async (tx) => {
          // A realistic table, rolled back afterwards: 1% pending, 1% banned, 1% admins.
          await tx.query(
            `INSERT INTO admin.user_directory (id, email, created_at, first_name, last_name, is_admin, is_banned, approval_status)
             SELECT gen_random_uuid(), 'filler' || i || '@example.test', now() - i * interval '1 minute', 'First' || i, 'Last' || i,
                    i % 100 = 1, i % 100 = 2, CASE WHEN i % 100 = 3 THEN 'pending' ELSE 'approved' END
               FROM generate_series(1, 10000) AS i`,
          );
          await tx.query('ANALYZE admin.user_directory');
          const explain = async (query: Parameters<typeof userPageQuery>[0]) => {
            const { sql, values } = userPageQuery(query);
            return (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values)).map((r) => r['QUERY PLAN']).join('\n');
          };
          const base = { limit: 20, offset: 20 };
          const found: Record<string, string> = {
            page: await explain(base),
            pending: await explain({ ...base, status: 'pending' }),
            banned: await explain({ ...base, status: 'banned' }),
            admin: await explain({ ...base, status: 'admin' }),
            search: await explain({ ...base, search: 'zebulon' }),
          };
          throw Object.assign(new Error('roll back'), { found });
        })
        .catch((error: { found?: Record<string, string> }) => {
          if (!error.found) throw error;
          return error.found;
        });
      for (const [name, index] of [
        ['page', 'user_directory_page_idx'],
        ['pending', 'user_directory_pending_idx'],
        ['banned', 'user_directory_banned_idx'],
        ['admin', 'user_directory_admin_idx'],
      ] as const) {
        assert.match(plans[name]!, new RegExp(`Index Scan using ${index}`), plans[name]);
        assert.doesNotMatch(plans[name]!, /Sort|Seq Scan/, plans[name]);
      }
      assert.match(plans.search!, /Bitmap Index Scan on user_directory_search_trgm_idx/, plans.search);
      assert.equal((await tables.query<{ n: number }>("SELECT count(*)::int AS n FROM admin.user_directory WHERE email LIKE 'filler%'"))[0]!.n, 0);
    });

    test('npm run admin:rebuild-directory: the directory is emptied and read back from the real auth, each part by its version', async () => {
      // Two more accounts, with names and numbers in auth's copies and the directory's.
      const real = [address(`${tag}-real`), address(`${tag}-real`)];
      const [a, b] = [await member(stack, real[0]!), await member(stack, real[1]!)];
      await producer.publish(accountEvents.ProfileUpdated, profileOf(a.id, 'Rebuilt', 'Row', new Date().toISOString()));
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(a.id, 77, 5));
      await producer.publish(socialEvents.CountsChanged, countsOf(a.id, 3, 2));
      // Both read models have them: auth's (GET /api/auth/user) and the directory.
      await pollUntil(
        async () => (await a.client.get<{ firstName: string | null; politicalCapital: number; followers: number }>('/api/auth/user')).body,
        (u) => u.firstName === 'Rebuilt' && u.politicalCapital === 77 && u.followers === 3,
      );
      await pollUntil(
        () => page(`?search=${tag}-real`),
        (rows) => rows.length === 2 && rows.some((u) => u.politicalCapital === 77),
      );
      // Rows lost or damaged behind the service's back.
      await tables.query('DELETE FROM admin.user_directory WHERE id = $1::uuid', [a.id]);
      await tables.query('UPDATE admin.user_directory SET email = $2 WHERE id = $1::uuid', [b.id, 'wrong@example.test']);

      // What the command does (scripts/admin/rebuild-directory.ts): add a request; the service runs it.
      const [request] = await tables.query<{ id: string }>('INSERT INTO admin.directory_rebuilds DEFAULT VALUES RETURNING id::text');
      const [done] = await pollUntil(
        () =>
          tables.query<{ finished: boolean; users: number | null; error: string | null }>(
            'SELECT finished_at IS NOT NULL AS finished, users, error FROM admin.directory_rebuilds WHERE id = $1::bigint',
            [request!.id],
          ),
        (rows) => rows[0]!.finished,
        20_000,
      );
      assert.equal(done!.error, null);
      const everyone = await page('?limit=100');
      assert.equal(done!.users, everyone.length, "auth's accounts, each a row");
      assert.ok(everyone.some((u) => u.id === chief.id));
      const rebuilt = await page(`?search=${tag}&limit=100`);
      // The registration auth never held is gone.
      assert.deepEqual(new Set(rebuilt.map((u) => u.id)), new Set([...users, a.id, b.id]), 'exactly the accounts auth holds');
      const rowA = rebuilt.find((u) => u.id === a.id)!;
      assert.deepEqual([rowA.firstName, rowA.lastName, rowA.politicalCapital, rowA.followers], ['Rebuilt', 'Row', 77, 3]);
      assert.equal(rebuilt.find((u) => u.id === b.id)!.email, real[1]);
      // The standing is auth's: the pending, the banned and the administrator as before.
      for (const [status, index] of [
        ['pending', 1],
        ['banned', 4],
        ['admin', 2],
      ] as const) {
        assert.deepEqual(
          (await page(`?search=${tag}&status=${status}`)).map((u) => u.id),
          [users[index]],
          status,
        );
      }
      // An older event after the rebuild does not set the rebuilt numbers back; a newer one applies.
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(a.id, 5, 4));
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(a.id, 90, 6));
      await pollUntil(
        async () => (await page(`?search=${real[0]}`))[0]!,
        (u) => u.politicalCapital === 90,
      );
    });
  });
}
