// The users page's read model (issue 20), from the admin service alone: GET /api/admin/users answers
// from the admin service's directory, kept from the owners' events (registration and standing from
// auth, names from account, political capital from the ledger, followers from social), each part
// version-guarded so late or repeated events never set it back; erasure removes the row. Every
// owner's event is delivered as its owner publishes it. The rebuild from the real auth and the index
// plans on each profile's database stay on a stack (../user-directory.test.ts).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { accountEvents, authEvents, ledgerEvents, socialEvents, type TAdminUser } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { adminService, MIGRATIONS_DIR } from '../../src/app.ts';
import { pollUntil, TEST_ENV } from '../support/admin-helpers.ts';
import { balanceOf, countsOf, profileOf } from '../support/directory-events.ts';

describe('users directory', () => {
  const tag = `dir${process.pid}svc`;
  const emailOf = (label: string | number) => `${tag}-${label}@example.com`;
  const service = useTestService(adminService, { env: TEST_ENV });
  let tables: SqlDriver;
  let chief: ServiceClient;
  const page = async (query: string) => {
    const answer = await chief.get<TAdminUser[]>(`/api/admin/users${query}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.body;
  };
  /** 25 accounts registered one after the other: user 0 the oldest; user 1 signed up while approval was required, user 2 an administrator from the start. */
  const users: string[] = [];

  before(async () => {
    tables = (await service.platform.databases.open('admin', MIGRATIONS_DIR)).driver;
    chief = service.asAdmin();
    const first = Date.now() - 60_000;
    for (let i = 0; i < 25; i++) {
      const userId = randomUUID();
      await service.events.deliver(authEvents.UserRegistered, {
        userId,
        email: emailOf(i),
        isAdmin: i === 2,
        registeredAt: new Date(first + i * 1000).toISOString(),
        ...(i === 1 ? { approvalStatus: 'pending' as const } : {}),
      });
      users.push(userId);
    }
    assert.equal((await page(`?search=${tag}&limit=100`)).length, 25);
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

    await service.events.deliver(accountEvents.ProfileUpdated, profileOf(users[3]!, 'Zebulon', `Quill${tag}`, new Date().toISOString()));
    const named = await pollUntil(
      () => page(`?search=zebulon quill${tag}`),
      (rows) => rows.length === 1,
    );
    assert.equal(named[0]!.id, users[3]);
    assert.equal(named[0]!.firstName, 'Zebulon');
    assert.equal(named[0]!.profileImageUrl, 'https://img.example/Zebulon.png');
    assert.equal((await page(`?search=quill${tag}`)).length, 1, 'a last name alone');
    assert.equal((await page(`?search=${tag}_%25`)).length, 0, "LIKE's own characters match themselves");

    // Reports reached the threshold: auth banned user 4 and says so.
    await service.events.deliver(authEvents.UserStandingChanged, {
      userId: users[4]!,
      change: 'ban_user',
      isAdmin: false,
      isBanned: true,
      approvalStatus: 'approved',
      adminId: null,
      automatic: true,
      reportCount: 3,
      threshold: 3,
      standingVersion: 1,
      changedAt: new Date().toISOString(),
    });
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
    await service.events.deliver(ledgerEvents.BalanceChanged, balanceOf(userId, 50, 2));
    await service.events.deliver(socialEvents.CountsChanged, countsOf(userId, 4, 3));
    const row = async () => (await page(`?search=${tag}-10@`))[0]!;
    await pollUntil(row, (u) => u.politicalCapital === 50 && u.followers === 4);
    // Older versions, delivered late: ignored.
    await service.events.deliver(ledgerEvents.BalanceChanged, balanceOf(userId, 10, 1));
    await service.events.deliver(socialEvents.CountsChanged, countsOf(userId, 9, 2));
    await service.events.deliver(accountEvents.ProfileUpdated, profileOf(userId, 'Newer', 'Name', new Date().toISOString()));
    await service.events.deliver(accountEvents.ProfileUpdated, profileOf(userId, 'Older', 'Name', new Date(Date.now() - 60_000).toISOString()));
    await service.events.deliver(ledgerEvents.BalanceChanged, balanceOf(userId, 65, 3));
    // The last event of each stream is applied after the older ones before it.
    const after = await pollUntil(row, (u) => u.politicalCapital === 65 && u.firstName === 'Newer');
    assert.equal(after.followers, 4);

    // Events about an account whose registration has not arrived yet: kept, shown once it does.
    const late = randomUUID();
    await service.events.deliver(ledgerEvents.BalanceChanged, balanceOf(late, 7, 1));
    await service.events.deliver(socialEvents.CountsChanged, countsOf(late, 2, 1));
    await pollUntil(
      () => tables.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.user_directory WHERE id = $1::uuid', [late]),
      (rows) => rows[0]!.n === 1,
    );
    assert.equal((await page(`?search=${tag}-late`)).length, 0, 'not on a page before its registration');
    await service.events.deliver(authEvents.UserRegistered, { userId: late, email: emailOf('late'), isAdmin: false, registeredAt: new Date().toISOString() });
    const [shown] = await pollUntil(
      () => page(`?search=${tag}-late`),
      (rows) => rows.length === 1,
    );
    assert.equal(shown!.politicalCapital, 7);
    assert.equal(shown!.followers, 2);

    // Erasure removes the row, and a late event does not bring it back.
    await service.events.deliver(accountEvents.UserDeleted, { userId: late, deletedAt: new Date().toISOString() });
    await pollUntil(
      () => page(`?search=${tag}-late`),
      (rows) => rows.length === 0,
    );
    await service.events.deliver(ledgerEvents.BalanceChanged, balanceOf(late, 9, 2));
    await service.events.deliver(accountEvents.ProfileUpdated, profileOf(users[11]!, 'Marker', 'Last', new Date().toISOString()));
    await pollUntil(
      () => page(`?search=${tag}-11@`),
      (rows) => rows[0]?.firstName === 'Marker',
    );
    const rows = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.user_directory WHERE id = $1::uuid', [late]);
    assert.equal(rows[0]!.n, 0, 'the erased account has no row');
  });

  test('every users route is for administrators only: 401 signed out, 403 for a citizen; bad queries are 400', async () => {
    const citizen = service.asUser(users[0]!);
    const visitor = service.asVisitor();
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
    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?status=deleted', '?unknown=1', `?search=${'x'.repeat(201)}`]) {
      assert.equal((await chief.get(`/api/admin/users${bad}`)).status, 400, bad);
    }
  });
});
