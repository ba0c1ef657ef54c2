// The users page's read model (issue 20): GET /api/admin/users answers from the admin service's
// directory, kept from the owners' events (registration and standing from auth, names from account,
// political capital from the ledger, followers from social), each part version-guarded so late or
// repeated events never set it back; erasure removes the row; one indexed query answers a page; the
// directory can be rebuilt from scratch (from auth). The accounts are real sign-ups (auth's own
// registration and standing events; the administrator by ADMIN_EMAILS); the other owners' events
// (account's names, the ledger's balance, social's followers) come from a test producer, as those
// services are not in the stack.
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
import { profileUpdated } from '../../../test/support/account-events.ts';
import { openAdminTables, pollUntil, TEST_ENV } from './support/admin-helpers.ts';

/** A profile update with names and an image (the directory shows both), dated as said. */
const profileOf = (userId: string, firstName: string, lastName: string, updatedAt: string) => ({
  ...profileUpdated(userId, { firstName, lastName }, new Date(updatedAt)),
  profileImageUrl: `https://img.example/${firstName}.png`,
});

const balanceOf = (userId: string, balance: number, version: number) => ({
  userId,
  balance,
  version,
  entryId: randomUUID(),
  amount: balance,
  kind: 'daily_login' as const,
  changedAt: new Date().toISOString(),
});

const countsOf = (userId: string, followers: number, version: number) => ({
  userId,
  followers,
  following: 0,
  recruited: 0,
  version,
  changedAt: new Date().toISOString(),
});

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
    /** 25 accounts signed up one after the other: user 0 the oldest; user 1 signed up while approval was required. */
    const members: Member[] = [];
    const users: string[] = [];

    before(async () => {
      producer = await startTestProducer(stack, 'directory_producer');
      tables = await openAdminTables(stack);
      chief = await member(stack, CHIEF);
      for (let i = 0; i < 25; i++) {
        const signUp = () => member(stack, emailOf(i));
        members.push(i === 1 ? await whileApprovalRequired(stack, chief.client, signUp) : await signUp());
        users.push(members[i]!.id);
      }
      await pollUntil(
        () => page(`?search=${tag}&limit=100`),
        (rows) => rows.length === 25,
        20_000,
      );
    });

    test('pages of 20, newest first; search by e-mail and by name, any case; the status filter', async () => {
      const first = await page(`?search=${tag}`);
      assert.equal(first.length, 20, 'the default page is 20');
      assert.deepEqual(
        first.map((u) => u.id),
        users.slice(5).reverse(),
        'newest first',
      );
      const second = await page(`?search=${tag}&offset=20`);
      assert.deepEqual(
        second.map((u) => u.id),
        users.slice(0, 5).reverse(),
      );
      const [row] = await page(`?search=${tag.toUpperCase()}-7@EXAMPLE`);
      assert.deepEqual(row, {
        id: users[7],
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        email: emailOf(7),
        politicalCapital: 0,
        followers: 0,
        createdAt: first.find((u) => u.id === users[7])!.createdAt,
        isAdmin: false,
        isBanned: false,
        approvalStatus: 'approved',
      });

      await producer.publish(accountEvents.ProfileUpdated, profileOf(users[3]!, 'Zebulon', `Quill${tag}`, new Date().toISOString()));
      const named = await pollUntil(
        () => page(`?search=zebulon quill${tag}`),
        (rows) => rows.length === 1,
      );
      assert.equal(named[0]!.id, users[3]);
      assert.equal(named[0]!.firstName, 'Zebulon');
      assert.equal(named[0]!.profileImageUrl, 'https://img.example/Zebulon.png');
      assert.equal((await page(`?search=quill${tag}`)).length, 1, 'a last name alone');
      assert.equal((await page(`?search=${tag}_%25`)).length, 0, "LIKE's own characters match themselves");

      // Reports reached the threshold: auth bans user 4 and says so.
      await producer.publish(adminEvents.AutoBanRequested, { userId: users[4]!, reportCount: 3, threshold: 3, requestedAt: new Date().toISOString() });
      await pollUntil(
        () => page(`?search=${tag}&status=banned`),
        (rows) => rows.length === 1 && rows[0]!.id === users[4],
      );
      assert.deepEqual(
        (await page(`?search=${tag}&status=pending`)).map((u) => u.id),
        [users[1]],
      );
      assert.deepEqual(
        (await page(`?search=${tag}&status=admin`)).map((u) => u.id),
        [users[2]],
      );
      const active = await page(`?search=${tag}&status=active&limit=100`);
      assert.equal(active.length, 22);
      assert.ok(active.every((u) => !u.isAdmin && !u.isBanned && u.approvalStatus === 'approved'));
    });

    test("the row's numbers and names follow the owners' events; an older event never sets them back", async () => {
      const userId = users[10]!;
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(userId, 50, 2));
      await producer.publish(socialEvents.CountsChanged, countsOf(userId, 4, 3));
      const row = async () => (await page(`?search=${tag}-10@`))[0]!;
      await pollUntil(row, (u) => u.politicalCapital === 50 && u.followers === 4);
      // Older versions, delivered late: ignored.
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(userId, 10, 1));
      await producer.publish(socialEvents.CountsChanged, countsOf(userId, 9, 2));
      await producer.publish(accountEvents.ProfileUpdated, profileOf(userId, 'Newer', 'Name', new Date().toISOString()));
      await producer.publish(accountEvents.ProfileUpdated, profileOf(userId, 'Older', 'Name', new Date(Date.now() - 60_000).toISOString()));
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(userId, 65, 3));
      // The last event of each stream is applied after the older ones before it.
      const after = await pollUntil(row, (u) => u.politicalCapital === 65 && u.firstName === 'Newer');
      assert.equal(after.followers, 4);

      // Events about an account whose registration has not arrived yet: kept, shown once it does. A
      // real sign-up's id is known only once auth made it, when its registration is on the way, so
      // this one registration is published here, as auth publishes it.
      const late = randomUUID();
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(late, 7, 1));
      await producer.publish(socialEvents.CountsChanged, countsOf(late, 2, 1));
      await pollUntil(
        () => tables.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.user_directory WHERE id = $1::uuid', [late]),
        (rows) => rows[0]!.n === 1,
      );
      assert.equal((await page(`?search=${tag}-late`)).length, 0, 'not on a page before its registration');
      await producer.publish(authEvents.UserRegistered, { userId: late, email: emailOf('late'), isAdmin: false, registeredAt: new Date().toISOString() });
      const [shown] = await pollUntil(
        () => page(`?search=${tag}-late`),
        (rows) => rows.length === 1,
      );
      assert.equal(shown!.politicalCapital, 7);
      assert.equal(shown!.followers, 2);

      // Erasure removes the row, and a late event does not bring it back.
      await producer.publish(accountEvents.UserDeleted, { userId: late, deletedAt: new Date().toISOString() });
      await pollUntil(
        () => page(`?search=${tag}-late`),
        (rows) => rows.length === 0,
      );
      await producer.publish(ledgerEvents.BalanceChanged, balanceOf(late, 9, 2));
      await producer.publish(accountEvents.ProfileUpdated, profileOf(users[11]!, 'Marker', 'Last', new Date().toISOString()));
      await pollUntil(
        () => page(`?search=${tag}-11@`),
        (rows) => rows[0]?.firstName === 'Marker',
      );
      const rows = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.user_directory WHERE id = $1::uuid', [late]);
      assert.equal(rows[0]!.n, 0, 'the erased account has no row');
    });

    test('every users route is for administrators only: 401 signed out, 403 for a citizen; bad queries are 400', async () => {
      const citizen = members[0]!.client;
      const visitor = stack.client();
      const id = users[0]!;
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/admin/users'],
        ['PATCH', `/api/admin/users/${id}/admin`, { isAdmin: true }],
        ['POST', `/api/admin/users/${id}/ban`],
        ['POST', `/api/admin/users/${id}/unban`],
        ['POST', `/api/admin/users/${id}/approve`],
        ['POST', `/api/admin/users/${id}/reject`],
      ];
      for (const [method, path, body] of routes) {
        const answer = await citizen.request(method, path, body === undefined ? {} : { body });
        assert.deepEqual([answer.status, (answer.body as { message?: string }).message], [403, 'Admin access required'], `${method} ${path}`);
      }
      assert.equal((await visitor.get('/api/admin/users')).status, 401);
      const client = chief.client;
      for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?status=deleted', '?unknown=1', `?search=${'x'.repeat(201)}`]) {
        assert.equal((await client.get(`/api/admin/users${bad}`)).status, 400, bad);
      }
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
      // The erased account of the test before (a registration auth never held) did not come back.
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
