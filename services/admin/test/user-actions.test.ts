// The user actions (issue 20) against the real auth: grant/revoke admin, ban/unban, approve/reject.
// The admin service refuses one's own row itself, asks auth (rpc.auth.change_standing) for the rest,
// maps auth's outcome (changed/unchanged 200 with the row, not_found 404, refused 400 with auth's
// message, a caller auth no longer counts as an administrator 403, no answer 503) and shows the new
// standing at once; each civic.auth.user.standing_changed becomes exactly one audit entry (the
// automatic ban's names no administrator). Every account is a real sign-in; the administrators are
// ADMIN_EMAILS accounts. The last test but one follows the whole flow as the people involved see it.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  ADMIN_MESSAGES as M,
  adminEvents,
  authEvents,
  SIGN_IN_MESSAGES,
  type TAdminUser,
  type TAdminUserActionResponse,
  type TAuditLog,
  type TAuditVerification,
} from '@civic/contracts';
import { ADMIN_REQUIRED_MESSAGE } from '@civic/service-kit';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { type EventProbe, probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { requestCode } from '../../../test/support/sign-in.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { recordStandingChange } from '../src/users/record-standing-audit.ts';
import { type Member, member, whileApprovalRequired } from './support/accounts.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`user actions (${profile})`, { skip }, () => {
    const tag = `act${process.pid}${profile.slice(0, 3)}`;
    const emailOf = (label: string) => `${tag}-${label}@example.com`;
    const stack = useStack(profile, {
      // account: an active-user call (a profile write) for the approved account.
      services: ['auth', 'account', 'admin'],
      env: { ...TEST_ENV, ADMIN_EMAILS: `${emailOf('chief')},${emailOf('deputy')}` },
    });
    let chief: Member;
    let deputy: Member;
    let standing: EventProbe<typeof authEvents.UserStandingChanged>;

    const users = (query: string) => chief.client.get<TAdminUser[]>(`/api/admin/users${query}`);
    /** A new account, once the directory shows it (auth's registration event arrived). */
    const signUp = async (label: string) => {
      const account = await member(stack, emailOf(label));
      await pollUntil(
        async () => (await users(`?search=${emailOf(label)}`)).body,
        (rows) => rows.length === 1,
      );
      return account;
    };
    const act = async (method: string, path: string, body?: unknown, client: ApiClient = chief.client) => {
      const answer = await client.request<TAdminUserActionResponse>(method, `/api/admin/users/${path}`, body === undefined ? {} : { body });
      return { status: answer.status, message: (answer.body as { message?: string }).message, user: answer.body.user, text: answer.text };
    };
    const entriesFor = async (userId: string) =>
      (await chief.client.get<TAuditLog[]>(`/api/admin/audit-logs?search=${userId}&limit=100`)).body.filter((e) => e.targetId === userId);
    /** The sign-in of `email` ends at verification with a 403 and `message`, and no session. */
    const signInRefused = async (email: string, message: string) => {
      const client = stack.client();
      const { stateId, code } = await requestCode(stack, client, email);
      const refused = await client.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.deepEqual([refused.status, refused.body.message], [403, message], refused.text);
      assert.equal(client.cookies.get('sid'), undefined, 'no session');
    };
    const profileWrite = (who: Member) => who.client.request('PATCH', `/api/users/${who.id}/profile`, { body: { firstName: 'Ada' } });

    before(async () => {
      // On the operator's platform: it outlives auth's, which the last test stops and starts again.
      standing = await probeEvents(await stack.adminPlatform(), authEvents.UserStandingChanged, 'probe_actions_standing');
      stack.onClose(() => standing.stop());
      chief = await member(stack, emailOf('chief'));
      deputy = await member(stack, emailOf('deputy'));
      assert.equal((await users(`?search=${emailOf('chief')}`)).status, 200, 'ADMIN_EMAILS makes the chief an administrator');
    });

    test('grant and revoke admin: 200 with the message and the row as it now stands; the page shows it at once; one audit entry per change', async () => {
      const target = await signUp('role');
      const granted = await act('PATCH', `${target.id}/admin`, { isAdmin: true });
      assert.equal(granted.status, 200, granted.text);
      assert.equal(granted.message, M.adminGranted);
      assert.equal(granted.user.isAdmin, true);
      assert.equal(granted.user.email, emailOf('role'));
      // The next page read already shows it (the reply's standing, before the event arrives).
      const [row] = (await users(`?search=${emailOf('role')}&status=admin`)).body;
      assert.equal(row?.id, target.id);
      const again = await act('PATCH', `${target.id}/admin`, { isAdmin: true });
      assert.equal(again.status, 200, 'unchanged is not an error');
      assert.equal(again.message, M.adminGranted);
      const revoked = await act('PATCH', `${target.id}/admin`, { isAdmin: false });
      assert.equal(revoked.message, M.adminRevoked);
      assert.equal(revoked.user.isAdmin, false);

      const entries = await pollUntil(
        () => entriesFor(target.id),
        (found) => found.length === 2,
      );
      assert.deepEqual(
        entries.map((e) => [e.action, e.adminId, e.targetType, e.details]),
        [
          ['revoke_admin', chief.id, 'user', {}],
          ['grant_admin', chief.id, 'user', {}],
        ],
        'newest first; the unchanged call logged nothing',
      );
      assert.equal((await act('PATCH', `${target.id}/admin`, { isAdmin: 'yes' })).status, 400);
    });

    test("ban and unban; banning an admin is refused with auth's message; every self-action is refused", async () => {
      const target = await signUp('ban');
      const banned = await act('POST', `${target.id}/ban`);
      assert.equal(banned.status, 200, banned.text);
      assert.equal(banned.message, M.userBanned);
      assert.equal(banned.user.isBanned, true);
      const unbanned = await act('POST', `${target.id}/unban`);
      assert.equal(unbanned.message, M.userUnbanned);
      assert.equal(unbanned.user.isBanned, false);

      const refused = await act('POST', `${deputy.id}/ban`);
      assert.deepEqual([refused.status, refused.message], [400, M.cannotBanAdmin]);

      for (const [method, path, body, message] of [
        ['PATCH', `${chief.id}/admin`, { isAdmin: false }, M.cannotChangeOwnAdmin],
        ['POST', `${chief.id}/ban`, undefined, M.cannotBanSelf],
        // Not refused by the admin service itself (an administrator is never banned): auth's refusal.
        ['POST', `${chief.id}/unban`, undefined, M.cannotBanSelf],
        ['POST', `${chief.id}/approve`, undefined, M.cannotDecideOwn],
        ['POST', `${chief.id}/reject`, undefined, M.cannotDecideOwn],
      ] as const) {
        const answer = await act(method, path, body);
        assert.deepEqual([answer.status, answer.message], [400, message], path);
      }
      const entries = await pollUntil(
        () => entriesFor(target.id),
        (found) => found.length === 2,
      );
      assert.deepEqual(
        entries.map((e) => e.action),
        ['unban_user', 'ban_user'],
      );
      // The ban's and the unban's events came (in order), and none for the refusals.
      await pollUntil(
        async () => standing.received.filter((e) => e.payload.userId === target.id).length,
        (n) => n === 2,
      );
      for (const refusedId of [chief.id, deputy.id]) {
        assert.equal(standing.received.filter((e) => e.payload.userId === refusedId).length, 0, 'nothing changed');
        assert.equal((await entriesFor(refusedId)).length, 0, 'nothing logged');
      }
    });

    test('approve and reject an account awaiting approval (update_user with the decision); a decided one is refused', async () => {
      const [approved, rejected] = await whileApprovalRequired(stack, chief.client, async () => [await signUp('approve'), await signUp('reject')] as const);
      const pending = (await users(`?search=${tag}&status=pending`)).body;
      assert.deepEqual(new Set(pending.map((u) => u.id)), new Set([approved.id, rejected.id]));
      assert.ok(pending.every((u) => u.approvalStatus === 'pending'));

      const yes = await act('POST', `${approved.id}/approve`);
      assert.deepEqual([yes.status, yes.message, yes.user.approvalStatus], [200, M.userApproved, 'approved']);
      const no = await act('POST', `${rejected.id}/reject`);
      assert.deepEqual([no.status, no.message, no.user.approvalStatus], [200, M.userRejected, 'rejected']);
      const late = await act('POST', `${approved.id}/reject`);
      assert.deepEqual([late.status, late.message], [400, M.notPending]);
      assert.equal((await users(`?search=${tag}&status=pending`)).body.length, 0);

      const [approval] = await pollUntil(
        () => entriesFor(approved.id),
        (found) => found.length === 1,
      );
      assert.deepEqual([approval!.action, approval!.adminId, approval!.details], ['update_user', chief.id, { decision: 'approved' }]);
      const [rejection] = await pollUntil(
        () => entriesFor(rejected.id),
        (found) => found.length === 1,
      );
      assert.deepEqual([rejection!.action, rejection!.details], ['update_user', { decision: 'rejected' }]);
    });

    test('an audit entry exactly once per standing event, whatever is redelivered; the automatic ban names no administrator', async () => {
      const target = await signUp('auto');
      // What the admin service publishes when reports reach auto_ban_threshold; auth bans.
      const producer = await startTestProducer(stack, 'actions_producer');
      await producer.publish(adminEvents.AutoBanRequested, { userId: target.id, reportCount: 3, threshold: 3, requestedAt: new Date().toISOString() });
      const [entry] = await pollUntil(
        () => entriesFor(target.id),
        (found) => found.length === 1,
      );
      assert.equal(entry!.action, 'ban_user');
      assert.equal(entry!.adminId, null, 'never an administrator');
      assert.deepEqual(entry!.details, { automatic: true, reportCount: 3, threshold: 3 });
      assert.equal(entry!.requestId, null);
      // Auth banned the account: its session ended, it cannot sign in, the directory says banned.
      assert.equal((await target.client.get('/api/auth/user')).status, 401);
      await signInRefused(target.email, SIGN_IN_MESSAGES.banned);
      const [row] = (await users(`?search=${emailOf('auto')}&status=banned`)).body;
      assert.equal(row?.id, target.id);

      // The same event handled again past the inbox: nothing added.
      const event = await standing.waitFor((p) => p.userId === target.id && p.automatic);
      const tables = await openAdminTables(stack);
      await tables.transaction((tx) => recordStandingChange(tx, event.id, event.payload));
      assert.equal((await entriesFor(target.id)).length, 1);
      const verified = (await chief.client.get<TAuditVerification>('/api/admin/audit-logs/verify')).body;
      assert.equal(verified.valid, true, 'the chain covers the entry without an administrator');
    });

    test('end to end: ban ends the sessions and refuses sign-in, unban lets back in; admin status on the next request; the approval queue', async () => {
      const citizen = await signUp('e2e');
      // Ban: the very next request of the citizen is signed out, and signing in again is refused.
      assert.equal((await act('POST', `${citizen.id}/ban`)).status, 200);
      assert.equal((await citizen.client.get('/api/auth/user')).status, 401);
      await signInRefused(citizen.email, SIGN_IN_MESSAGES.banned);
      // Unban: they sign in again, as the same account.
      assert.equal((await act('POST', `${citizen.id}/unban`)).status, 200);
      const back = await member(stack, citizen.email);
      assert.equal(back.id, citizen.id);

      // Admin status: the next request after the grant reads the users page; after the revoke, 403.
      assert.equal((await back.client.get('/api/admin/users')).status, 403);
      assert.equal((await act('PATCH', `${back.id}/admin`, { isAdmin: true })).status, 200);
      const asAdmin = await back.client.get<TAdminUser[]>(`/api/admin/users?search=${emailOf('e2e')}`);
      assert.equal(asAdmin.status, 200, asAdmin.text);
      assert.equal(asAdmin.body[0]?.isAdmin, true);
      assert.equal((await act('PATCH', `${back.id}/admin`, { isAdmin: false })).status, 200);
      assert.equal((await back.client.get('/api/admin/users')).status, 403);

      // The approval queue: a new sign-up is pending until an administrator decides.
      await whileApprovalRequired(stack, chief.client, async () => {
        const newcomer = await member(stack, emailOf('e2e-pending'));
        assert.equal((await newcomer.client.get('/api/auth/user')).body.approvalStatus, 'pending');
        const waiting = await profileWrite(newcomer);
        assert.deepEqual([waiting.status, waiting.body.message], [403, M.awaitingApproval]);
        const [row] = await pollUntil(
          async () => (await users(`?status=pending&search=${emailOf('e2e-pending')}`)).body,
          (rows) => rows.length === 1,
        );
        assert.deepEqual([row!.id, row!.approvalStatus], [newcomer.id, 'pending']);
        assert.equal((await act('POST', `${newcomer.id}/approve`)).status, 200);
        // Its next request acts (the account service may still be taking in the new account: 404).
        const acted = await pollUntil(
          () => profileWrite(newcomer),
          (r) => r.status !== 404,
        );
        assert.equal(acted.status, 200, acted.text);

        const refused = await member(stack, emailOf('e2e-rejected'));
        assert.equal((await act('POST', `${refused.id}/reject`)).status, 200);
        assert.equal((await refused.client.get('/api/auth/user')).status, 401, 'its session ended');
        await signInRefused(refused.email, M.registrationRejected);
      });
      assert.equal((await member(stack, emailOf('e2e-after'))).id.length, 36);
      assert.equal((await users(`?status=pending&search=${emailOf('e2e-after')}`)).body.length, 0, 'approval is no longer required');
    });

    test('an unknown user is 404; a caller auth no longer counts as an administrator is 403; auth down is 503 (distributed)', async () => {
      for (const id of ['9b2f0c1e-4a3d-4e6f-8a7b-0c1d2e3f4a5b', 'not-a-uuid']) {
        const answer = await act('POST', `${id}/ban`);
        assert.deepEqual([answer.status, answer.message], [404, M.userNotFound], id);
      }
      // A session that still says admin (as one racing a revoke would) of an account auth holds as a citizen.
      const target = await signUp('down');
      const former = await signUp('former');
      const stale = await act('POST', `${target.id}/ban`, undefined, await sessionFor(stack, former.id, { isAdmin: true }));
      assert.deepEqual([stale.status, stale.message], [403, ADMIN_REQUIRED_MESSAGE], stale.text);
      assert.equal((await users(`?search=${emailOf('down')}`)).body[0]!.isBanned, false, 'nothing changed');

      if (stack.profile === 'distributed') {
        await stack.stopService('auth');
        try {
          const answer = await act('POST', `${target.id}/ban`);
          assert.equal(answer.status, 503, answer.text);
          assert.match(answer.message ?? '', /auth service could not answer/);
        } finally {
          await stack.startService('auth');
        }
        assert.equal((await users(`?search=${emailOf('down')}`)).body[0]!.isBanned, false, 'nothing changed');
      }
    });
  });
}
