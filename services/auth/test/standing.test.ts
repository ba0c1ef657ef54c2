// Account standing (issue 20) across services, on both profiles: a ban, an unban and a role change
// made by auth reach the other services' guards through the gateway's next request (every gateway
// replica when distributed), and a session started while a ban or a revoke of admin status commits.
// Auth's side (the changes, their refusals, sessions ended, events, the automatic ban) is
// users/standing.test.ts, on auth alone.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { AUTH_REQUESTS, SIGN_IN_MESSAGES, type TChangeStandingReply, type TStandingChange } from '@civic/contracts';
import { type Identity, randomToken, sha256 } from '@civic/service-kit';
import { databaseUrl } from '@civic/service-kit/db';
import pg from 'pg';
import { startGateway } from '../../../gateway/src/start-gateway.ts';
import { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { pollUntil } from '../../../test/support/poll.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { address, BULK_TEST_ENV } from '../../../test/support/test-users.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { MIGRATIONS_DIR } from '../src/app.ts';
import { startSession } from '../src/sessions/sessions.ts';

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
    let chief: Member;
    let deputy: Member;

    const member = async (email: string, client = stack.client()): Promise<Member> => ({ id: (await signIn(stack, client, email)).id, client, email });
    const identityOf = (user: { id: string }, isAdmin = true): Identity => ({ userId: user.id, isAdmin, isBanned: false, ip: '127.0.0.1' });
    // Asked as the admin service asks (the operator's NATS user may publish it; auth's may not).
    const change = async (caller: Identity, userId: string, what: TStandingChange): Promise<TChangeStandingReply> =>
      (await stack.adminPlatform()).requests.request(AUTH_REQUESTS.changeStanding, { userId, change: what }, { caller: 'admin', identity: caller });
    /**
     * An admin-only call (the briefing service's delete): 403 for anyone else, 404 for an admin (no
     * such document); the guard decides from the identity the gateway signed from the session.
     */
    const adminCall = (client: ApiClient) => client.request('DELETE', '/api/admin/briefing-docs/none');
    const profileWrite = (who: Member, client = who.client) => client.request('PATCH', `/api/users/${who.id}/profile`, { body: { firstName: 'Ada' } });

    before(async () => {
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

    test("a ban reaches another service's writes through the gateway at once, a session carrying it is refused them; an unban lets them write again", async () => {
      const citizen = await member(address('banned'));
      await pollUntil(
        () => profileWrite(citizen),
        (r) => r.status === 200,
      );
      assert.equal((await change(identityOf(chief), citizen.id, 'ban_user')).outcome, 'changed');
      // The session ended before the reply came: the very next write is signed out.
      assert.equal((await profileWrite(citizen)).status, 401);

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

      assert.equal((await change(identityOf(deputy), citizen.id, 'unban_user')).outcome, 'changed');
      const back = await member(citizen.email);
      assert.equal((await profileWrite(back)).status, 200, 'writes again');
    });

    test('a role change is carried by the very next request (every gateway replica when distributed)', async (t) => {
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
        // The no-op and its missing event: users/standing.test.ts.
        assert.equal((await change(identityOf(deputy), citizen.id, 'revoke_admin')).outcome, 'changed');
        await adminPage(403);
        // An administrator whose ban auth refused acts as one (the refusal itself: users/standing.test.ts).
        assert.equal((await change(identityOf(chief), deputy.id, 'ban_user')).outcome, 'refused');
        assert.equal((await adminCall(deputy.client)).status, 404);
        t.diagnostic(`checked through ${clients.length} gateway(s)`);
      } finally {
        await second?.app.close();
      }
    });
  });
}
