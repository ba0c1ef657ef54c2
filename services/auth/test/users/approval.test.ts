// The approval queue (registration_approval_required, issue 20) from the auth service alone: a new
// account is created pending, signs in, reads (GET /api/auth/user says pending), and its session says
// pending, which the gateway signs into every request (the services' guard then refuses each
// active-user call: services/account/test/profiles/profile.test.ts); approving clears that at its next
// request; rejecting ends its sessions and refuses its sign-in. Accounts from before, and ADMIN_EMAILS
// accounts, are never pending. The export shows the standing. Decisions are asked on the service's
// request bus as the admin service asks them. (registration_enabled=false: sign-in/sign-in.test.ts.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, AUTH_REQUESTS, authEvents, EXPORT_REQUESTS, type TStandingChange } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { authService } from '../../src/app.ts';
import { requestCode, signIn } from '../../../../test/support/sign-in.ts';
import { browserOf, mailboxOf, sessionOf } from '../support/auth-service.ts';

const CHIEF = `approver.${process.pid}@example.gov`;
const LATE_ADMIN = `late-admin.${process.pid}@example.gov`;
let n = 0;
const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

describe('approval queue', () => {
  const service = useTestService(authService, { env: { ADMIN_EMAILS: `${CHIEF},${LATE_ADMIN}` } });
  const mailbox = mailboxOf(service);
  let chief: Identity;
  let veteran: { id: string; client: ServiceClient };

  const decide = (userId: string, change: TStandingChange) =>
    service.platform.requests.request(AUTH_REQUESTS.changeStanding, { userId, change }, { caller: 'admin', identity: chief });
  const exportOf = (identity: Identity) => service.platform.requests.request(EXPORT_REQUESTS.auth, {}, { caller: 'account', identity });
  const newcomer = async (label: string) => {
    const client = browserOf(service);
    const { id } = await signIn(mailbox, client, address(label));
    return { id, client };
  };

  before(async () => {
    const { id } = await signIn(mailbox, browserOf(service), CHIEF);
    chief = { userId: id, isAdmin: true, isBanned: false, ip: '127.0.0.1' };
    // A member from before approval was required.
    veteran = await newcomer('veteran');
    service.platform.settings.set('registration_approval_required', 'true');
  });
  after(() => service.platform.settings.set('registration_approval_required', 'false'));

  test('a new account is pending: it signs in and reads, every active-user call is 403 awaiting approval; approval lets it act at the next request', async () => {
    const pending = await newcomer('pending');
    const me = await pending.client.get('/api/auth/user');
    assert.equal(me.status, 200);
    assert.equal(me.body.approvalStatus, 'pending');
    const event = await service.events.waitFor(authEvents.UserRegistered, (p) => p.userId === pending.id);
    assert.equal(event.payload.approvalStatus, 'pending');
    // What the gateway signs for its requests: pending (a service's active-user route answers 403).
    assert.equal((await sessionOf(service, pending.client))?.isPending, true);

    // Members from before, and the administrators, are approved and act as before.
    assert.equal((await veteran.client.get('/api/auth/user')).body.approvalStatus, 'approved');
    assert.equal((await sessionOf(service, veteran.client))?.isPending, false);

    const approved = await decide(pending.id, 'approve_user');
    assert.equal(approved.outcome, 'changed');
    assert.equal(approved.standing!.approvalStatus, 'approved');
    // The very next request acts: its session no longer says pending.
    assert.equal((await sessionOf(service, pending.client))?.isPending, false);
    assert.equal((await pending.client.get('/api/auth/user')).body.approvalStatus, 'approved');
    assert.equal((await decide(pending.id, 'approve_user')).message, ADMIN_MESSAGES.notPending, 'decided once');
    const decision = await service.events.waitFor(authEvents.UserStandingChanged, (p) => p.userId === pending.id);
    assert.deepEqual([decision.payload.change, decision.payload.approvalStatus, decision.payload.adminId], ['approve_user', 'approved', chief.userId]);
  });

  test('a rejected account loses every session at once and cannot sign in again', async () => {
    const rejected = await newcomer('rejected');
    const email = (await rejected.client.get('/api/auth/user')).body.email as string;
    const rejection = await decide(rejected.id, 'reject_user');
    assert.equal(rejection.outcome, 'changed');
    assert.equal(rejection.standing!.approvalStatus, 'rejected');
    assert.equal((await rejected.client.get('/api/auth/user')).status, 401);

    const again = browserOf(service);
    const { stateId, code } = await requestCode(mailbox, again, email);
    const refused = await again.post('/api/auth/email/verify-otp', { stateId, otp: code });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, ADMIN_MESSAGES.registrationRejected);
    assert.equal((await decide(rejected.id, 'approve_user')).message, ADMIN_MESSAGES.notPending, 'a rejection is final');
    // The relay publishes in commit order: once a later registration is out, so would a second standing event be.
    const marker = await newcomer('rejected-marker');
    await service.events.waitFor(authEvents.UserRegistered, (p) => p.userId === marker.id);
    const events = service.events.published(authEvents.UserStandingChanged).filter((e) => e.payload.userId === rejected.id);
    assert.equal(events.length, 1, 'exactly one event');
    assert.equal(events[0]!.payload.change, 'reject_user');
  });

  test('an ADMIN_EMAILS account is never pending; the export shows the standing', async () => {
    const client = browserOf(service);
    const late = await signIn(mailbox, client, LATE_ADMIN);
    assert.equal((await client.get('/api/auth/user')).body.approvalStatus, 'approved');
    const section = await exportOf({ ...chief, userId: late.id });
    assert.deepEqual([section.approvalStatus, section.isAdmin], ['approved', true]);
    const pending = await newcomer('exported');
    const own = await exportOf({ ...chief, userId: pending.id, isAdmin: false });
    assert.deepEqual([own.approvalStatus, own.isAdmin, own.isBanned], ['pending', false, false]);
  });
});
