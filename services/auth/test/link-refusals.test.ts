// Issue 38: verify-token says why a magic link did not sign in, with a stable code per cause, on both
// run profiles. A valid link opened in another browser is refused without being used up (SECURITY 7).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SIGN_IN_MESSAGES } from '@civic/contracts';
import { ManualClock } from '@civic/service-kit';
import { MIGRATIONS_DIR } from '../src/app.ts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { useStack } from '../../../test/support/integration-suite.ts';

const MINUTE = 60_000;
let n = 0;
const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

for (const { profile, skip } of await profilePlan()) {
  describe(`magic-link refusals (${profile})`, { skip }, () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
    const stack = useStack(profile, { services: ['auth'], clock, env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });

    const linkFor = async (client: ApiClient, email: string): Promise<string> => {
      const sent = await client.post('/api/auth/email/send-magic-link', { email });
      assert.equal(sent.status, 200, sent.text);
      const { token } = await stack.readLatestMail(email);
      assert.ok(token, 'the mail carries a link token');
      return token;
    };
    const setAccount = async (email: string, assignment: string) => {
      const { driver } = await stack.platforms.auth!.databases.open('auth', MIGRATIONS_DIR);
      await driver.query(`UPDATE auth.users SET ${assignment} WHERE email = $1`, [email]);
    };
    const assertRefused = (answer: { status: number; body: Record<string, unknown> }, status: number, code: string, message: string) => {
      // Only the cause: nothing about the account or its address (the link's holder may not own it).
      assert.deepEqual(answer.body, { message, code });
      assert.equal(answer.status, status);
    };

    test('a link opened in another browser says so, uses nothing up, and still works where it was asked for', async () => {
      const asker = stack.client();
      const token = await linkFor(asker, address('phone'));
      const phone = stack.client();
      for (let i = 0; i < 2; i++) {
        assertRefused(await phone.post('/api/auth/email/verify-token', { token }), 400, 'AUTH_LINK_OTHER_BROWSER', SIGN_IN_MESSAGES.linkOtherBrowser);
      }
      assert.equal((await phone.get('/api/auth/user')).status, 401);
      assert.equal((await asker.post('/api/auth/email/verify-token', { token })).status, 200);
    });

    test('a used, expired or unknown link is refused as expired or used', async () => {
      const client = stack.client();
      const used = await linkFor(client, address('used'));
      assert.equal((await client.post('/api/auth/email/verify-token', { token: used })).status, 200);
      assertRefused(await client.post('/api/auth/email/verify-token', { token: used }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);
      // Used, it is refused alike in another browser: nothing tells its holder it was ever good.
      assertRefused(await stack.client().post('/api/auth/email/verify-token', { token: used }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);

      const stale = stack.client();
      const late = await linkFor(stale, address('late'));
      clock.advance(10 * MINUTE);
      assertRefused(await stale.post('/api/auth/email/verify-token', { token: late }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);
      assertRefused(await stale.post('/api/auth/email/verify-token', { token: 'A'.repeat(43) }), 400, 'AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired);
    });

    test('a suspended or rejected account is refused with its own code, and the link stays unused', async () => {
      const suspended = address('suspended');
      await signIn(stack, stack.client(), suspended);
      await setAccount(suspended, 'is_banned = true');
      const client = stack.client();
      const token = await linkFor(client, suspended);
      assertRefused(await client.post('/api/auth/email/verify-token', { token }), 403, 'AUTH_ACCOUNT_SUSPENDED', SIGN_IN_MESSAGES.banned);
      await setAccount(suspended, 'is_banned = false');
      assert.equal((await client.post('/api/auth/email/verify-token', { token })).status, 200, 'the refusal rolled back');

      const rejected = address('rejected');
      await signIn(stack, stack.client(), rejected);
      await setAccount(rejected, "approval_status = 'rejected'");
      const other = stack.client();
      const refused = await other.post('/api/auth/email/verify-token', { token: await linkFor(other, rejected) });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'AUTH_ACCOUNT_REJECTED');
    });

    test('closed registration refuses a new address with its own code', async () => {
      const settings = stack.platforms.auth!.settings;
      settings.set('registration_enabled', 'false');
      try {
        const client = stack.client();
        const token = await linkFor(client, address('newcomer'));
        assertRefused(await client.post('/api/auth/email/verify-token', { token }), 403, 'AUTH_REGISTRATION_CLOSED', SIGN_IN_MESSAGES.registrationClosed);
      } finally {
        settings.set('registration_enabled', 'true');
      }
    });
  });
}
