// Account standing (issue 20) on both profiles: rpc.auth.change_standing as the admin service calls
// it (bans that end every session at once and refuse the next sign-in, unbans, role changes that the
// very next request carries through any gateway, the refusals), the automatic ban from
// civic.admin.user.auto_ban_requested, and exactly one civic.auth.user.standing_changed per change.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, adminEvents, AUTH_REQUESTS, authEvents, SIGN_IN_MESSAGES, type TChangeStandingReply, type TStandingChange } from '@civic/contracts';
import { type Identity, randomToken, sha256 } from '@civic/service-kit';
import { databaseUrl } from '@civic/service-kit/db';
import pg from 'pg';
import { startGateway } from '../../../gateway/src/start-gateway.ts';
import { ApiClient } from '../../../test/support/api-client.ts';
import { probeEvents, type EventProbe } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { pollUntil } from '../../../test/support/poll.ts';
import { requestCode, signIn } from '../../../test/support/sign-in.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { address, BULK_TEST_ENV } from '../../../test/support/test-users.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { MIGRATIONS_DIR } from '../src/app.ts';
import { startSession } from '../src/sessions/sessions.ts';
import { ADMIN_REQUIRED_MESSAGE } from '../src/users/standing/change-standing.ts';

const CHIEF = `chief.${process.pid}@example.gov`;
const DEPUTY = `deputy.${process.pid}@example.gov`;

interface Member {
  id: string;
  client: ApiClient;
  email: string;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`account standing (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account', 'briefing'], env: { ...BULK_TEST_ENV, ADMIN_EMAILS: `${CHIEF},${DEPUTY}` } });
    let standing: EventProbe<typeof authEvents.UserStandingChanged>;
    let revoked: EventProbe<typeof authEvents.SessionRevoked>;
    let chief: Member;
    let deputy: Member;

    const member = async (email: string, client = stack.client()): Promise<Member> => ({ id: (await signIn(stack, client, email)).id, client, email });
    const identityOf = (user: { id: string }, isAdmin = true): Identity => ({ userId: user.id, isAdmin, isBanned: false, ip: '127.0.0.1' });
    // Asked as the admin service asks (the operator's NATS user may publish it; auth's may not).
    const change = async (caller: Identity, userId: string, what: TStandingChange): Promise<TChangeStandingReply> =>
      (await stack.adminPlatform()).requests.request(AUTH_REQUESTS.changeStanding, { userId, change: what }, { caller: 'admin', identity: caller });
    const eventsOf = (userId: string) => standing.received.filter((e) => e.payload.userId === userId);
    /** Waits until `count` standing events of the user arrived, then a while longer to see no more come. */
    const exactlyEvents = async (userId: string, count: number) => {
      await pollUntil(
        async () => eventsOf(userId).length,
        (n) => n >= count,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(eventsOf(userId).length, count, `exactly ${count} standing event(s)`);
      return eventsOf(userId).map((e) => e.payload);
    };
    /**
     * An admin-only call (the briefing service's delete): 403 for anyone else, 404 for an admin (no
     * such document); the guard decides from the identity the gateway signed from the session.
     */
    const adminCall = (client: ApiClient) => client.request('DELETE', '/api/admin/briefing-docs/none');
    const profileWrite = (who: Member, client = who.client) => client.request('PATCH', `/api/users/${who.id}/profile`, { body: { firstName: 'Ada' } });

    before(async () => {
      const platform = stack.platforms.auth!;
      standing = await probeEvents(platform, authEvents.UserStandingChanged, 'probe_standing');
      revoked = await probeEvents(platform, authEvents.SessionRevoked, 'probe_standing_revoked');
      stack.onClose(async () => {
        await standing.stop();
        await revoked.stop();
      });
      chief = await member(CHIEF);
      deputy = await member(DEPUTY);
      assert.ok((await chief.client.get('/api/auth/user')).body.isAdmin, 'ADMIN_EMAILS makes the chief an admin');
    });

    if (profile === 'distributed') {
      test('a session started while a ban or a revoke of admin status commits leaves no session, or takes the new flags', async () => {
        const platform = stack.platforms.auth!;
        const database = await platform.databases.open('auth', MIGRATIONS_DIR);
        const changer = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}auth`) });
        await changer.connect();
        // A sign-in that committed before the change began: its session starts after the change's
        // session effects ran (revoke-all, or the new flags), before its commit.
        const race = async (userId: string, update: string, effect: () => Promise<unknown>, expect: (started: Promise<string>) => Promise<void>) => {
          const pid = await backendPid(changer);
          await changer.query('BEGIN');
          await changer.query(`UPDATE auth.users SET ${update}, standing_version = standing_version + 1 WHERE id = $1::uuid`, [userId]);
          await effect();
          const started = startSession(
            { db: database.driver, platform },
            { id: userId, isAdmin: true, isBanned: false, isPending: false, standingVersion: 0, registered: false },
          );
          // Attached at once: the outcome can arrive as soon as the change commits.
          const outcome = expect(started);
          await waitUntilBlocked(changer, pid);
          await changer.query('COMMIT');
          await outcome;
        };
        try {
          const banned = await member(address('banned-midway'));
          await race(
            banned.id,
            'is_banned = true',
            () => platform.sessions.revokeUser(banned.id),
            (started) => assert.rejects(started, { message: SIGN_IN_MESSAGES.banned }),
          );
          assert.equal(await platform.sessions.revokeUser(banned.id), 0, 'no session of the banned account is left');

          const demoted = await member(address('demoted-midway'));
          await changer.query('UPDATE auth.users SET is_admin = true WHERE id = $1::uuid', [demoted.id]);
          await race(
            demoted.id,
            'is_admin = false',
            () => platform.sessions.updateUserFlags(demoted.id, { isAdmin: false, isBanned: false, isPending: false, standingVersion: 1 }),
            async (started) => {
              const sessionId = await started;
              const record = await platform.sessions.get(sha256(sessionId), Date.now());
              assert.deepEqual([record?.isAdmin, record?.standingVersion], [false, 1], 'the session took the committed flags');
            },
          );
        } finally {
          await changer.end();
        }
      });
    }

    test('a ban ends every session at once, refuses the next sign-in and every write; an unban undoes it', async () => {
      const citizen = await member(address('banned'));
      const secondBrowser = await member(citizen.email);
      await pollUntil(
        () => profileWrite(citizen),
        (r) => r.status === 200,
      );

      const banned = await change(identityOf(chief), citizen.id, 'ban_user');
      assert.equal(banned.outcome, 'changed');
      assert.deepEqual(
        { ...banned.standing, standingVersion: undefined },
        { userId: citizen.id, isAdmin: false, isBanned: true, approvalStatus: 'approved', standingVersion: undefined },
      );
      // Both sessions ended before the reply came: the very next request is signed out.
      for (const client of [citizen.client, secondBrowser.client]) assert.equal((await client.get('/api/auth/user')).status, 401);
      assert.equal((await profileWrite(citizen)).status, 401);

      // A later sign-in is refused at verification, with the suspended message.
      const fresh = stack.client();
      const { stateId, code } = await requestCode(stack, fresh, citizen.email);
      const refused = await fresh.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, SIGN_IN_MESSAGES.banned);
      assert.equal(fresh.cookies.get('sid'), undefined, 'no session');

      // A session carrying the ban (one that raced it) may read but never write (SECURITY 14).
      const sessionId = randomToken(32);
      const now = Date.now();
      await stack.gatewayPlatform.sessions.create(sha256(sessionId), {
        userId: citizen.id,
        isAdmin: false,
        isBanned: true,
        createdAt: now,
        expiresAt: now + 60_000,
      });
      const racing = stack.client();
      racing.cookies.set('sid', sessionId);
      assert.equal((await profileWrite(citizen, racing)).status, 403);
      await stack.gatewayPlatform.sessions.revokeUser(citizen.id);

      // Banning again changes nothing and says so, without an event.
      assert.equal((await change(identityOf(chief), citizen.id, 'ban_user')).outcome, 'unchanged');
      const [ban] = await exactlyEvents(citizen.id, 1);
      assert.equal(ban!.change, 'ban_user');
      assert.equal(ban!.adminId, chief.id);
      assert.equal(ban!.automatic, false);
      assert.equal(ban!.isBanned, true);
      const revocations = revoked.received.filter((e) => e.payload.userId === citizen.id && e.payload.reason === 'ban');
      assert.equal(revocations.length, 1, 'one session.revoked (ban)');

      const unbanned = await change(identityOf(deputy), citizen.id, 'unban_user');
      assert.equal(unbanned.outcome, 'changed');
      assert.equal(unbanned.standing!.isBanned, false);
      assert.ok(unbanned.standing!.standingVersion > banned.standing!.standingVersion, 'the version grows');
      const back = await member(citizen.email);
      assert.equal((await profileWrite(back)).status, 200, 'writes again');
      const [, unban] = await exactlyEvents(citizen.id, 2);
      assert.equal(unban!.change, 'unban_user');
      assert.equal(unban!.adminId, deputy.id);
    });

    test('a role change is carried by the very next request (every gateway replica when distributed); a no-op has no event', async (t) => {
      const citizen = await member(address('promoted'));
      // Distributed: a second gateway sharing Redis, and the same browser (cookie) talking to it.
      const second = profile === 'distributed' ? await startGateway(stack.env) : null;
      try {
        const clients = [citizen.client];
        if (second) {
          await second.app.listen({ host: '127.0.0.1', port: 0 });
          const port = (second.app.server.address() as { port: number }).port;
          const other = new ApiClient(`http://127.0.0.1:${port}`, citizen.client.ip);
          for (const [name, value] of citizen.client.cookies) other.cookies.set(name, value);
          clients.push(other);
        }
        const adminPage = async (expected: number) => {
          for (const client of clients) {
            const answer = await adminCall(client);
            assert.equal(answer.status, expected, `${client.baseUrl}: ${answer.text}`);
          }
        };
        await adminPage(403);
        assert.equal((await change(identityOf(chief), citizen.id, 'grant_admin')).outcome, 'changed');
        await adminPage(404);
        assert.equal((await change(identityOf(chief), citizen.id, 'grant_admin')).outcome, 'unchanged');
        // The new admin acts as one at once (its own identity, checked by auth against its row).
        assert.equal((await change(identityOf(citizen), deputy.id, 'ban_user')).message, ADMIN_MESSAGES.cannotBanAdmin);
        assert.equal((await change(identityOf(deputy), citizen.id, 'revoke_admin')).outcome, 'changed');
        await adminPage(403);
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
        t.diagnostic(`checked through ${clients.length} gateway(s)`);
      } finally {
        await second?.app.close();
      }
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
      // The deputy still signs in and acts; nothing was changed or announced.
      assert.equal((await adminCall(deputy.client)).status, 404);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const user of [citizen, other, chief, deputy]) assert.equal(eventsOf(user.id).length, 0, 'no standing event');
    });

    test('an automatic ban bans a citizen once (a repeated request included), never an admin', async () => {
      const author = await member(address('reported'));
      const producer = await startTestProducer(stack, `standing_producer_${randomUUID().slice(0, 8)}`);
      const request = (userId: string) => ({ userId, reportCount: 5, threshold: 5, requestedAt: new Date().toISOString() });
      await producer.publish(adminEvents.AutoBanRequested, request(author.id));
      await producer.publish(adminEvents.AutoBanRequested, request(deputy.id));
      // A second request for the same user (reports kept coming): already banned, nothing more.
      await producer.publish(adminEvents.AutoBanRequested, { ...request(author.id), reportCount: 6 });

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
      assert.ok(revoked.received.some((e) => e.payload.userId === author.id && e.payload.reason === 'ban'));
      // The admin is untouched: signed in, still an admin, no event.
      assert.equal((await adminCall(deputy.client)).status, 404);
      assert.equal(eventsOf(deputy.id).length, 0);
    });
  });
}
