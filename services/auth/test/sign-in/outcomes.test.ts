// What a sign-in ends in, from the auth service alone. Issue 38: verify-token says why a magic link
// did not sign in, with a stable code per cause; a valid link opened in another browser is refused
// without being used up (SECURITY 7). A sign-in's events leave through the outbox, once each: the
// first emits user.registered and user.signed_in, a logout session.revoked.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { authEvents, SIGN_IN_MESSAGES } from '@civic/contracts';
import { ManualClock } from '@civic/service-kit';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { authService, MIGRATIONS_DIR } from '../../src/app.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import { address, browserOf, mailboxOf } from '../support/auth-service.ts';

const MINUTE = 60_000;

describe('sign-in outcomes', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const service = useTestService(authService, { clock });
  const mailbox = mailboxOf(service);

  describe('magic-link refusals', () => {
    const linkFor = async (client: ServiceClient, email: string): Promise<string> => {
      const sent = await client.post('/api/auth/email/send-magic-link', { email });
      assert.equal(sent.status, 200, sent.text);
      const { token } = await mailbox.readLatestMail(email);
      assert.ok(token, 'the mail carries a link token');
      return token;
    };
    const setAccount = async (email: string, assignment: string) => {
      const { driver } = await service.platform.databases.open('auth', MIGRATIONS_DIR);
      await driver.query(`UPDATE auth.users SET ${assignment} WHERE email = $1`, [email]);
    };
    const assertRefused = (answer: { status: number; body: Record<string, unknown> }, status: number, code: string, message: string) => {
      // Only the cause: nothing about the account or its address (the link's holder may not own it).
      assert.deepEqual(answer.body, { message, code });
      assert.equal(answer.status, status);
    };

    test('a link opened in another browser says so, uses nothing up, and still works where it was asked for', async () => {
      const asker = browserOf(service);
      const token = await linkFor(asker, address('phone'));
      const phone = browserOf(service);
      for (let i = 0; i < 2; i++) {
        assertRefused(await phone.post('/api/auth/email/verify-token', { token }), 400, 'AUTH_LINK_OTHER_BROWSER', SIGN_IN_MESSAGES.linkOtherBrowser);
      }
      assert.equal((await phone.get('/api/auth/user')).status, 401);
      assert.equal((await asker.post('/api/auth/email/verify-token', { token })).status, 200);
    });

    test('a used, expired or unknown link is refused as expired or used', async () => {
      const client = browserOf(service);
      const used = await linkFor(client, address('used'));
      assert.equal((await client.post('/api/auth/email/verify-token', { token: used })).status, 200);
      assertRefused(await client.post('/api/auth/email/verify-token', { token: used }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);
      // Used, it is refused alike in another browser: nothing tells its holder it was ever good.
      assertRefused(await browserOf(service).post('/api/auth/email/verify-token', { token: used }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);

      const stale = browserOf(service);
      const late = await linkFor(stale, address('late'));
      clock.advance(10 * MINUTE);
      assertRefused(await stale.post('/api/auth/email/verify-token', { token: late }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);
      assertRefused(await stale.post('/api/auth/email/verify-token', { token: 'A'.repeat(43) }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);
    });

    test('a suspended or rejected account is refused with its own code, and the link stays unused', async () => {
      const suspended = address('suspended');
      await signIn(mailbox, browserOf(service), suspended);
      await setAccount(suspended, 'is_banned = true');
      const client = browserOf(service);
      const token = await linkFor(client, suspended);
      assertRefused(await client.post('/api/auth/email/verify-token', { token }), 403, 'AUTH_ACCOUNT_SUSPENDED', SIGN_IN_MESSAGES.banned);
      await setAccount(suspended, 'is_banned = false');
      assert.equal((await client.post('/api/auth/email/verify-token', { token })).status, 200, 'the refusal rolled back');

      const rejected = address('rejected');
      await signIn(mailbox, browserOf(service), rejected);
      await setAccount(rejected, "approval_status = 'rejected'");
      const other = browserOf(service);
      const refused = await other.post('/api/auth/email/verify-token', { token: await linkFor(other, rejected) });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'AUTH_ACCOUNT_REJECTED');
    });

    test('closed registration refuses a new address with its own code', async () => {
      const settings = service.platform.settings;
      settings.set('registration_enabled', 'false');
      try {
        const client = browserOf(service);
        const token = await linkFor(client, address('newcomer'));
        assertRefused(await client.post('/api/auth/email/verify-token', { token }), 403, 'AUTH_REGISTRATION_CLOSED', SIGN_IN_MESSAGES.registrationClosed);
      } finally {
        settings.set('registration_enabled', 'true');
      }
    });
  });

  describe('auth events', () => {
    test('a first sign-in emits user.registered and user.signed_in; logout emits session.revoked', async () => {
      const client = browserOf(service);
      const email = address('events');
      const user = await signIn(mailbox, client, email);
      const reg = await service.events.waitFor(authEvents.UserRegistered, (p) => p.userId === user.id);
      assert.equal(reg.payload.email, email);
      assert.equal(reg.subject, 'civic.auth.user.registered');
      assert.equal(reg.version, 1);
      const sign = await service.events.waitFor(authEvents.UserSignedIn, (p) => p.userId === user.id);
      assert.equal(sign.payload.method, 'otp');
      await client.post('/api/auth/logout');
      const rev = await service.events.waitFor(authEvents.SessionRevoked, (p) => p.userId === user.id);
      assert.equal(rev.payload.reason, 'logout');
      // The relay publishes in outbox order: a second registration would have left before the revocation.
      assert.equal(service.events.published(authEvents.UserRegistered).filter((e) => e.payload.userId === user.id).length, 1, 'delivered once');
    });
  });
});
