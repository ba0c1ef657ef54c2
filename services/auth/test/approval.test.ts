// The approval queue (registration_approval_required, issue 20) on both profiles: a new account is
// created pending, signs in, reads (GET /api/auth/user says pending) and is refused every
// active-user call; approving lets it act at its next request; rejecting ends its sessions and
// refuses its sign-in. Accounts from before, and ADMIN_EMAILS accounts, are never pending. The export
// shows the standing. (registration_enabled=false: sign-in/sign-in.test.ts › "registration_enabled=false…".)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, AUTH_REQUESTS, authEvents, EXPORT_REQUESTS, type TStandingChange } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { probeEvents, type EventProbe } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { pollUntil } from '../../../test/support/poll.ts';
import { requestCode, signIn } from '../../../test/support/sign-in.ts';
import { address, BULK_TEST_ENV } from '../../../test/support/test-users.ts';

const CHIEF = `approver.${process.pid}@example.gov`;
const LATE_ADMIN = `late-admin.${process.pid}@example.gov`;

for (const { profile, skip } of await profilePlan()) {
  describe(`approval queue (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account'], env: { ...BULK_TEST_ENV, ADMIN_EMAILS: `${CHIEF},${LATE_ADMIN}` } });
    let registered: EventProbe<typeof authEvents.UserRegistered>;
    let standing: EventProbe<typeof authEvents.UserStandingChanged>;
    let chief: Identity;
    let veteran: { id: string; client: ApiClient };

    // Asked as the admin and account services ask (the operator's NATS user may publish any subject).
    const decide = async (userId: string, change: TStandingChange) =>
      (await stack.adminPlatform()).requests.request(AUTH_REQUESTS.changeStanding, { userId, change }, { caller: 'admin', identity: chief });
    const exportOf = async (identity: Identity) => (await stack.adminPlatform()).requests.request(EXPORT_REQUESTS.auth, {}, { caller: 'account', identity });
    const profileWrite = (id: string, client: ApiClient) => client.request('PATCH', `/api/users/${id}/profile`, { body: { firstName: 'Ada' } });
    const newcomer = async (label: string) => {
      const client = stack.client();
      const { id } = await signIn(stack, client, address(label));
      return { id, client };
    };

    before(async () => {
      registered = await probeEvents(stack.platforms.auth!, authEvents.UserRegistered, 'probe_approval_registered');
      standing = await probeEvents(stack.platforms.auth!, authEvents.UserStandingChanged, 'probe_approval_standing');
      stack.onClose(async () => {
        await registered.stop();
        await standing.stop();
      });
      const { id } = await signIn(stack, stack.client(), CHIEF);
      chief = { userId: id, isAdmin: true, isBanned: false, ip: '127.0.0.1' };
      // A member from before approval was required.
      veteran = await newcomer('veteran');
      stack.platforms.auth!.settings.set('registration_approval_required', 'true');
    });
    after(() => stack.platforms.auth!.settings.set('registration_approval_required', 'false'));

    test('a new account is pending: it signs in and reads, every active-user call is 403 awaiting approval; approval lets it act at the next request', async () => {
      const pending = await newcomer('pending');
      const me = await pending.client.get('/api/auth/user');
      assert.equal(me.status, 200);
      assert.equal(me.body.approvalStatus, 'pending');
      const event = await registered.waitFor((p) => p.userId === pending.id);
      assert.equal(event.payload.approvalStatus, 'pending');

      const refused = await profileWrite(pending.id, pending.client);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, ADMIN_MESSAGES.awaitingApproval);
      await pollUntil(
        () => pending.client.get(`/api/users/${pending.id}/profile`),
        (r) => r.status === 200,
      );

      // Members from before, and the administrators, are approved and act as before.
      assert.equal((await veteran.client.get('/api/auth/user')).body.approvalStatus, 'approved');
      await pollUntil(
        () => profileWrite(veteran.id, veteran.client),
        (r) => r.status === 200,
      );

      const approved = await decide(pending.id, 'approve_user');
      assert.equal(approved.outcome, 'changed');
      assert.equal(approved.standing!.approvalStatus, 'approved');
      // The very next request acts (the account service may still be taking in the new account).
      const acted = await pollUntil(
        () => profileWrite(pending.id, pending.client),
        (r) => r.status !== 404,
      );
      assert.equal(acted.status, 200, acted.text);
      assert.equal((await pending.client.get('/api/auth/user')).body.approvalStatus, 'approved');
      assert.equal((await decide(pending.id, 'approve_user')).message, ADMIN_MESSAGES.notPending, 'decided once');
      const decision = await standing.waitFor((p) => p.userId === pending.id);
      assert.deepEqual([decision.payload.change, decision.payload.approvalStatus, decision.payload.adminId], ['approve_user', 'approved', chief.userId]);
    });

    test('a rejected account loses every session at once and cannot sign in again', async () => {
      const rejected = await newcomer('rejected');
      const email = (await rejected.client.get('/api/auth/user')).body.email as string;
      const rejection = await decide(rejected.id, 'reject_user');
      assert.equal(rejection.outcome, 'changed');
      assert.equal(rejection.standing!.approvalStatus, 'rejected');
      assert.equal((await rejected.client.get('/api/auth/user')).status, 401);

      const again = stack.client();
      const { stateId, code } = await requestCode(stack, again, email);
      const refused = await again.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, ADMIN_MESSAGES.registrationRejected);
      assert.equal((await decide(rejected.id, 'approve_user')).message, ADMIN_MESSAGES.notPending, 'a rejection is final');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const events = standing.received.filter((e) => e.payload.userId === rejected.id);
      assert.equal(events.length, 1, 'exactly one event');
      assert.equal(events[0]!.payload.change, 'reject_user');
    });

    test('an ADMIN_EMAILS account is never pending; the export shows the standing', async () => {
      const client = stack.client();
      const late = await signIn(stack, client, LATE_ADMIN);
      assert.equal((await client.get('/api/auth/user')).body.approvalStatus, 'approved');
      const section = await exportOf({ ...chief, userId: late.id });
      assert.deepEqual([section.approvalStatus, section.isAdmin], ['approved', true]);
      const pending = await newcomer('exported');
      const own = await exportOf({ ...chief, userId: pending.id, isAdmin: false });
      assert.deepEqual([own.approvalStatus, own.isAdmin, own.isBanned], ['pending', false, false]);
    });
  });
}
