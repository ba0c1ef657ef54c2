// Account standing (issue 20) from the auth service alone: rpc.auth.change_standing asked on the
// service's request bus as the admin service asks it (bans that end every session at once and refuse
// the next sign-in, unbans, role changes that the very next request carries, the refusals), the
// automatic ban from civic.admin.user.auto_ban_requested delivered, and exactly one
// civic.auth.user.standing_changed per change. What the next request carries is the session record the
// gateway reads at it (`sessionOf`); those flags reaching other services' guards through every gateway
// replica, and a session started while a ban commits, stay on a stack: ../standing.test.ts.
//
// The approval queue (registration_approval_required): a new account is created pending, signs in,
// reads (GET /api/auth/user says pending), and its session says pending, which the gateway signs into
// every request (the services' guard then refuses each active-user call:
// services/account/test/profiles/profile.test.ts); approving clears that at its next request;
// rejecting ends its sessions and refuses its sign-in. Accounts from before, and ADMIN_EMAILS accounts,
// are never pending. The export shows the standing. (registration_enabled=false: sign-in/sign-in.test.ts.)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN_MESSAGES,
  adminEvents,
  AUTH_REQUESTS,
  authEvents,
  EXPORT_REQUESTS,
  SIGN_IN_MESSAGES,
  type TChangeStandingReply,
  type TStandingChange,
} from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { authService } from '../../src/app.ts';
import { ADMIN_REQUIRED_MESSAGE } from '../../src/users/standing/change-standing.ts';
import { requestCode, signIn } from '../../../../test/support/sign-in.ts';
import { address, browserOf, mailboxOf, sessionOf } from '../support/auth-service.ts';

const CHIEF = `chief.${process.pid}@example.gov`;
const DEPUTY = `deputy.${process.pid}@example.gov`;
const APPROVER = `approver.${process.pid}@example.gov`;
const LATE_ADMIN = `late-admin.${process.pid}@example.gov`;

interface Member {
  id: string;
  client: ServiceClient;
  email: string;
}

describe('standing', () => {
  const service = useTestService(authService, { env: { ADMIN_EMAILS: [CHIEF, DEPUTY, APPROVER, LATE_ADMIN].join(',') } });
  const mailbox = mailboxOf(service);

  describe('account standing', () => {
    let chief: Member;
    let deputy: Member;

    const member = async (email: string, client = browserOf(service)): Promise<Member> => ({ id: (await signIn(mailbox, client, email)).id, client, email });
    const identityOf = (user: { id: string }, isAdmin = true): Identity => ({ userId: user.id, isAdmin, isBanned: false, ip: '127.0.0.1' });
    const change = (caller: Identity, userId: string, what: TStandingChange): Promise<TChangeStandingReply> =>
      service.platform.requests.request(AUTH_REQUESTS.changeStanding, { userId, change: what }, { caller: 'admin', identity: caller });
    const eventsOf = (userId: string) =>
      service.events
        .published(authEvents.UserStandingChanged)
        .filter((e) => e.payload.userId === userId)
        .map((e) => e.payload);
    /**
     * The standing events of the user once every change so far is out: the relay publishes in commit
     * order, so once a registration made now is published, an event of an earlier change would be too.
     */
    const exactlyEvents = async (userId: string, count: number) => {
      const marker = await member(address('marker'));
      await service.events.waitFor(authEvents.UserRegistered, (p) => p.userId === marker.id);
      assert.equal(eventsOf(userId).length, count, `exactly ${count} standing event(s)`);
      return eventsOf(userId);
    };
    /** What the gateway signs for the browser's next request: null when signed out. */
    const flagsOf = async (who: Member) => {
      const record = await sessionOf(service, who.client);
      return record && { isAdmin: record.isAdmin, isBanned: record.isBanned };
    };

    before(async () => {
      chief = await member(CHIEF);
      deputy = await member(DEPUTY);
      assert.ok((await chief.client.get('/api/auth/user')).body.isAdmin, 'ADMIN_EMAILS makes the chief an admin');
    });

    test('a ban ends every session at once, refuses the next sign-in and every write; an unban undoes it', async () => {
      const citizen = await member(address('banned'));
      const secondBrowser = await member(citizen.email);
      assert.deepEqual(await flagsOf(citizen), { isAdmin: false, isBanned: false });

      const banned = await change(identityOf(chief), citizen.id, 'ban_user');
      assert.equal(banned.outcome, 'changed');
      assert.deepEqual(
        { ...banned.standing, standingVersion: undefined },
        { userId: citizen.id, isAdmin: false, isBanned: true, approvalStatus: 'approved', standingVersion: undefined },
      );
      // Both sessions ended before the reply came: the very next request is signed out.
      for (const client of [citizen.client, secondBrowser.client]) assert.equal((await client.get('/api/auth/user')).status, 401);
      assert.equal(await flagsOf(citizen), null);

      // A later sign-in is refused at verification, with the suspended message.
      const fresh = browserOf(service);
      const { stateId, code } = await requestCode(mailbox, fresh, citizen.email);
      const refused = await fresh.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, SIGN_IN_MESSAGES.banned);
      assert.equal(fresh.cookies.get('sid'), undefined, 'no session');

      // Banning again changes nothing and says so, without an event.
      assert.equal((await change(identityOf(chief), citizen.id, 'ban_user')).outcome, 'unchanged');
      const [ban] = await exactlyEvents(citizen.id, 1);
      assert.equal(ban!.change, 'ban_user');
      assert.equal(ban!.adminId, chief.id);
      assert.equal(ban!.automatic, false);
      assert.equal(ban!.isBanned, true);
      const revocations = service.events.published(authEvents.SessionRevoked).filter((e) => e.payload.userId === citizen.id && e.payload.reason === 'ban');
      assert.equal(revocations.length, 1, 'one session.revoked (ban)');

      const unbanned = await change(identityOf(deputy), citizen.id, 'unban_user');
      assert.equal(unbanned.outcome, 'changed');
      assert.equal(unbanned.standing!.isBanned, false);
      assert.ok(unbanned.standing!.standingVersion > banned.standing!.standingVersion, 'the version grows');
      const back = await member(citizen.email);
      assert.deepEqual(await flagsOf(back), { isAdmin: false, isBanned: false }, 'writes again');
      const [, unban] = await exactlyEvents(citizen.id, 2);
      assert.equal(unban!.change, 'unban_user');
      assert.equal(unban!.adminId, deputy.id);
    });

    test('a role change is carried by the very next request; a no-op has no event', async () => {
      const citizen = await member(address('promoted'));
      assert.equal((await flagsOf(citizen))?.isAdmin, false);
      assert.equal((await change(identityOf(chief), citizen.id, 'grant_admin')).outcome, 'changed');
      assert.equal((await flagsOf(citizen))?.isAdmin, true);
      assert.equal((await citizen.client.get('/api/auth/user')).body.isAdmin, true);
      assert.equal((await change(identityOf(chief), citizen.id, 'grant_admin')).outcome, 'unchanged');
      // The new admin acts as one at once (its own identity, checked by auth against its row).
      assert.equal((await change(identityOf(citizen), deputy.id, 'ban_user')).message, ADMIN_MESSAGES.cannotBanAdmin);
      assert.equal((await change(identityOf(deputy), citizen.id, 'revoke_admin')).outcome, 'changed');
      assert.equal((await flagsOf(citizen))?.isAdmin, false);
      assert.equal((await change(identityOf(deputy), citizen.id, 'revoke_admin')).outcome, 'unchanged');
      // A former admin's identity is refused even if a token still said admin.
      assert.equal((await change(identityOf(citizen), deputy.id, 'ban_user')).message, ADMIN_REQUIRED_MESSAGE);
      const changes = await exactlyEvents(citizen.id, 2);
      assert.deepEqual(
        changes.map((c) => [c.change, c.isAdmin, c.adminId]),
        [
          ['grant_admin', true, chief.id],
          ['revoke_admin', false, deputy.id],
        ],
      );
      assert.ok(changes[1]!.standingVersion > changes[0]!.standingVersion);
    });

    test("refusals: a caller who is no admin, one's own row, the ban of an admin, a decision on a decided account; unknown users", async () => {
      const citizen = await member(address('refusals'));
      const other = await member(address('refusals-other'));
      const asCitizen = await change(identityOf(citizen, false), other.id, 'ban_user');
      assert.deepEqual(asCitizen, { outcome: 'refused', message: ADMIN_REQUIRED_MESSAGE, standing: null });
      // A citizen's identity that claims admin is checked against auth's own row.
      assert.equal((await change(identityOf(citizen, true), other.id, 'ban_user')).message, ADMIN_REQUIRED_MESSAGE);
      const own: Array<[TStandingChange, string]> = [
        ['grant_admin', ADMIN_MESSAGES.cannotChangeOwnAdmin],
        ['revoke_admin', ADMIN_MESSAGES.cannotChangeOwnAdmin],
        ['ban_user', ADMIN_MESSAGES.cannotBanSelf],
        ['unban_user', ADMIN_MESSAGES.cannotBanSelf],
        ['approve_user', ADMIN_MESSAGES.cannotDecideOwn],
        ['reject_user', ADMIN_MESSAGES.cannotDecideOwn],
      ];
      for (const [what, message] of own) {
        const answer = await change(identityOf(chief), chief.id, what);
        assert.equal(answer.outcome, 'refused', what);
        assert.equal(answer.message, message, what);
      }
      const adminBan = await change(identityOf(chief), deputy.id, 'ban_user');
      assert.equal(adminBan.outcome, 'refused');
      assert.equal(adminBan.message, ADMIN_MESSAGES.cannotBanAdmin);
      assert.equal(adminBan.standing!.isBanned, false);
      for (const what of ['approve_user', 'reject_user'] as const) {
        assert.equal((await change(identityOf(chief), citizen.id, what)).message, ADMIN_MESSAGES.notPending, what);
      }
      assert.deepEqual(await change(identityOf(chief), randomUUID(), 'ban_user'), { outcome: 'not_found', standing: null });
      // The deputy is still signed in as an admin; nothing was changed or announced.
      assert.deepEqual(await flagsOf(deputy), { isAdmin: true, isBanned: false });
      for (const user of [citizen, other, chief, deputy]) assert.equal((await exactlyEvents(user.id, 0)).length, 0, 'no standing event');
    });

    test('an automatic ban bans a citizen once (a repeated request included), never an admin', async () => {
      const author = await member(address('reported'));
      const request = (userId: string) => ({ userId, reportCount: 5, threshold: 5, requestedAt: new Date().toISOString() });
      await service.events.deliver(adminEvents.AutoBanRequested, request(author.id));
      await service.events.deliver(adminEvents.AutoBanRequested, request(deputy.id));
      // A second request for the same user (reports kept coming): already banned, nothing more.
      await service.events.deliver(adminEvents.AutoBanRequested, { ...request(author.id), reportCount: 6 });

      const [ban] = await exactlyEvents(author.id, 1);
      assert.deepEqual(
        {
          change: ban!.change,
          adminId: ban!.adminId,
          automatic: ban!.automatic,
          reportCount: ban!.reportCount,
          threshold: ban!.threshold,
          isBanned: ban!.isBanned,
        },
        { change: 'ban_user', adminId: null, automatic: true, reportCount: 5, threshold: 5, isBanned: true },
      );
      assert.equal((await author.client.get('/api/auth/user')).status, 401, 'the session ended');
      assert.ok(service.events.published(authEvents.SessionRevoked).some((e) => e.payload.userId === author.id && e.payload.reason === 'ban'));
      // The admin is untouched: signed in, still an admin, no event.
      assert.deepEqual(await flagsOf(deputy), { isAdmin: true, isBanned: false });
      assert.equal(eventsOf(deputy.id).length, 0);
    });
  });

  describe('approval queue', () => {
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
      const { id } = await signIn(mailbox, browserOf(service), APPROVER);
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
});
