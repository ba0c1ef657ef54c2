// The user actions (issue 20): grant/revoke admin, ban/unban, approve/reject. The admin service
// refuses one's own row itself, asks auth (rpc.auth.change_standing) for the rest, maps auth's
// outcome (changed/unchanged 200 with the row, not_found 404, refused 400 with auth's message, no
// answer 503) and shows the new standing at once; each civic.auth.user.standing_changed becomes
// exactly one audit entry (the automatic ban's names no administrator). Auth's side is the TEST-ONLY
// fake of support/fake-auth.ts (the real responder is another branch's; the lead runs end to end).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { ADMIN_MESSAGES as M, type TAdminUser, type TAdminUserActionResponse, type TAuditLog, type TAuditVerification } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { SqlExecutor } from '@civic/service-kit/events';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { recordStandingChange } from '../src/users/record-standing-audit.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';
import { type FakeAuth, startFakeAuth } from './support/fake-auth.ts';

/** A driver's transaction as the executor the service's functions take. */
const executorOf = (driver: SqlDriver): SqlExecutor => ({
  $executeRawUnsafe: async (query, ...values) => (await driver.query(query, values)).length,
  $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await driver.query(query, values)) as T,
});

for (const { profile, skip } of await profilePlan()) {
  describe(`user actions (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'admin'], env: TEST_ENV });
    const tag = `act${process.pid}${profile.slice(0, 3)}`;
    const adminId = randomUUID();
    let auth: FakeAuth;
    const admin = () => sessionFor(stack, adminId, { isAdmin: true });
    const register = async (label: string, extra: { isAdmin?: boolean; approvalStatus?: 'pending' } = {}) => {
      const userId = randomUUID();
      await auth.register({ userId, email: `${tag}-${label}@example.test`, ...extra });
      await pollUntil(
        async () => (await (await admin()).get<TAdminUser[]>(`/api/admin/users?search=${tag}-${label}@`)).body,
        (rows) => rows.length === 1,
      );
      return userId;
    };
    const act = async (method: string, path: string, body?: unknown) => {
      const answer = await (await admin()).request<TAdminUserActionResponse>(method, `/api/admin/users/${path}`, body === undefined ? {} : { body });
      return { status: answer.status, message: (answer.body as { message?: string }).message, user: answer.body.user, text: answer.text };
    };
    const entriesFor = async (userId: string) =>
      (await (await admin()).get<TAuditLog[]>(`/api/admin/audit-logs?search=${userId}&limit=100`)).body.filter((e) => e.targetId === userId);

    before(async () => {
      auth = await startFakeAuth(stack);
      await auth.register({ userId: adminId, email: `${tag}-admin@example.test`, isAdmin: true });
    });

    test('grant and revoke admin: 200 with the message and the row as it now stands; the page shows it at once; one audit entry per change', async () => {
      const target = await register('role');
      const granted = await act('PATCH', `${target}/admin`, { isAdmin: true });
      assert.equal(granted.status, 200, granted.text);
      assert.equal(granted.message, M.adminGranted);
      assert.equal(granted.user.isAdmin, true);
      assert.equal(granted.user.email, `${tag}-role@example.test`);
      // The next page read already shows it (the reply's standing, before the event arrives).
      const [row] = (await (await admin()).get<TAdminUser[]>(`/api/admin/users?search=${tag}-role@&status=admin`)).body;
      assert.equal(row?.id, target);
      const again = await act('PATCH', `${target}/admin`, { isAdmin: true });
      assert.equal(again.status, 200, 'unchanged is not an error');
      assert.equal(again.message, M.adminGranted);
      const revoked = await act('PATCH', `${target}/admin`, { isAdmin: false });
      assert.equal(revoked.message, M.adminRevoked);
      assert.equal(revoked.user.isAdmin, false);

      const entries = await pollUntil(
        () => entriesFor(target),
        (found) => found.length === 2,
      );
      assert.deepEqual(
        entries.map((e) => [e.action, e.adminId, e.targetType, e.details]),
        [
          ['revoke_admin', adminId, 'user', {}],
          ['grant_admin', adminId, 'user', {}],
        ],
        'newest first; the unchanged call logged nothing',
      );
      assert.equal((await act('PATCH', `${target}/admin`, { isAdmin: 'yes' })).status, 400);
    });

    test('ban and unban; banning an admin is refused with auth message; every self-action is refused before auth is asked', async () => {
      const target = await register('ban');
      const banned = await act('POST', `${target}/ban`);
      assert.equal(banned.status, 200, banned.text);
      assert.equal(banned.message, M.userBanned);
      assert.equal(banned.user.isBanned, true);
      const unbanned = await act('POST', `${target}/unban`);
      assert.equal(unbanned.message, M.userUnbanned);
      assert.equal(unbanned.user.isBanned, false);

      const otherAdmin = await register('other-admin', { isAdmin: true });
      const refused = await act('POST', `${otherAdmin}/ban`);
      assert.deepEqual([refused.status, refused.message], [400, M.cannotBanAdmin]);

      const asked = auth.standingEvents.length;
      for (const [method, path, body, message] of [
        ['PATCH', `${adminId}/admin`, { isAdmin: false }, M.cannotChangeOwnAdmin],
        ['POST', `${adminId}/ban`, undefined, M.cannotBanSelf],
        ['POST', `${adminId}/approve`, undefined, M.cannotDecideOwn],
        ['POST', `${adminId}/reject`, undefined, M.cannotDecideOwn],
      ] as const) {
        const answer = await act(method, path, body);
        assert.deepEqual([answer.status, answer.message], [400, message], path);
      }
      assert.equal(auth.standingEvents.length, asked, 'nothing changed');
      const entries = await pollUntil(
        () => entriesFor(target),
        (found) => found.length === 2,
      );
      assert.deepEqual(
        entries.map((e) => e.action),
        ['unban_user', 'ban_user'],
      );
    });

    test('approve and reject an account awaiting approval (update_user with the decision); a decided one is refused', async () => {
      const approved = await register('approve', { approvalStatus: 'pending' });
      const rejected = await register('reject', { approvalStatus: 'pending' });
      const pending = (await (await admin()).get<TAdminUser[]>(`/api/admin/users?search=${tag}&status=pending`)).body.map((u) => u.id);
      assert.deepEqual(new Set(pending), new Set([approved, rejected]));

      const yes = await act('POST', `${approved}/approve`);
      assert.deepEqual([yes.status, yes.message, yes.user.approvalStatus], [200, M.userApproved, 'approved']);
      const no = await act('POST', `${rejected}/reject`);
      assert.deepEqual([no.status, no.message, no.user.approvalStatus], [200, M.userRejected, 'rejected']);
      const late = await act('POST', `${approved}/reject`);
      assert.deepEqual([late.status, late.message], [400, M.notPending]);
      assert.equal((await (await admin()).get<TAdminUser[]>(`/api/admin/users?search=${tag}&status=pending`)).body.length, 0);

      const [approval] = await pollUntil(
        () => entriesFor(approved),
        (found) => found.length === 1,
      );
      assert.deepEqual([approval!.action, approval!.details], ['update_user', { decision: 'approved' }]);
      const [rejection] = await pollUntil(
        () => entriesFor(rejected),
        (found) => found.length === 1,
      );
      assert.deepEqual([rejection!.action, rejection!.details], ['update_user', { decision: 'rejected' }]);
    });

    test('an unknown user is 404, auth not answering is 503, auth refusing the caller is 403', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const answer = await act('POST', `${id}/ban`);
        assert.deepEqual([answer.status, answer.message], [404, M.userNotFound], id);
      }
      const target = await register('down');
      auth.mode = 'fail';
      try {
        const answer = await act('POST', `${target}/ban`);
        assert.equal(answer.status, 503, answer.text);
        assert.match(answer.message ?? '', /auth service could not answer/);
      } finally {
        auth.mode = 'answer';
      }
      // The gateway still held an admin session, but auth no longer counts the caller as one.
      const formerAdmin = randomUUID();
      const stale = await (await sessionFor(stack, formerAdmin, { isAdmin: true })).request('POST', `/api/admin/users/${target}/ban`);
      assert.equal(stale.status, 403, stale.text);
      const row = (await (await admin()).get<TAdminUser[]>(`/api/admin/users?search=${tag}-down@`)).body[0]!;
      assert.equal(row.isBanned, false, 'nothing changed');
    });

    test('an audit entry exactly once per standing event, whatever is redelivered; the automatic ban names no administrator', async () => {
      const target = await register('auto');
      await auth.autoBan(target, 3, 3);
      const [entry] = await pollUntil(
        () => entriesFor(target),
        (found) => found.length === 1,
      );
      assert.equal(entry!.action, 'ban_user');
      assert.equal(entry!.adminId, null, 'never an administrator');
      assert.deepEqual(entry!.details, { automatic: true, reportCount: 3, threshold: 3 });
      assert.equal(entry!.requestId, null);
      const [row] = (await (await admin()).get<TAdminUser[]>(`/api/admin/users?search=${tag}-auto@&status=banned`)).body;
      assert.equal(row?.id, target);

      // The same event handled again past the inbox: nothing added.
      const event = auth.standingEvents.at(-1)!;
      const tables = await openAdminTables(stack);
      await tables.transaction((tx) => recordStandingChange(executorOf(tx), event.id, event.payload));
      assert.equal((await entriesFor(target)).length, 1);
      const verified = (await (await admin()).get<TAuditVerification>('/api/admin/audit-logs/verify')).body;
      assert.equal(verified.valid, true, 'the chain covers the entry without an administrator');
    });
  });
}
