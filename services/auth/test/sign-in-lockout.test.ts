// Issue 14 item 2: the sign-in limits cannot be turned against an address's owner. Attackers in
// other browsers on other networks spend every budget they can on the owner's address; the owner
// still signs in (NIST SP 800-63B-4: throttling must not become a denial of service). Both profiles.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SIGN_IN_MESSAGES } from '@civic/contracts';
import { ManualClock } from '@civic/service-kit';
import { CODES_PAUSED_MESSAGE } from '../src/errors.ts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { requestCode, signIn, wrongCode } from '../../../test/support/sign-in.ts';
import { useStack } from '../../../test/support/integration-suite.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
let n = 0;
const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

for (const { profile, skip } of await profilePlan()) {
  describe(`sign-in limits are no lockout (${profile})`, { skip }, () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
    const stack = useStack(profile, { services: ['auth'], clock, env: { RATE_LIMIT_SIGN_IN_MAIL: '1000', RATE_LIMIT_SIGN_IN_VERIFY: '1000' } });

    /** Signs in by the link mailed for `email` (the answer to the last send of `client`). */
    async function signInByLink(client: ApiClient, email: string) {
      const sent = await client.post('/api/auth/email/send-magic-link', { email });
      assert.equal(sent.status, 200, sent.text);
      const { token } = await stack.readLatestMail(email);
      const verified = await client.post('/api/auth/email/verify-token', { token });
      assert.equal(verified.status, 200, verified.text);
      assert.equal((await client.get('/api/auth/user')).status, 200);
    }

    /** Wrong codes at each of the attackers' requests, up to five, until one is refused. */
    async function guessUntilRefused(attacks: { client: ApiClient; stateId: string; code: string }[]) {
      const answers = [];
      for (const { client, stateId, code } of attacks) {
        for (let i = 0; i < 5; i++) {
          const answer = await client.post('/api/auth/email/verify-otp', { stateId, otp: wrongCode(code) });
          answers.push(answer);
          if (answer.status === 429) break;
        }
      }
      return answers;
    }

    test('an attacker spending every budget it can on an address does not stop the owner signing in, by code or link, from a browser they used before', async () => {
      const email = address('victim');
      const owner = stack.client();
      await signIn(stack, owner, email); // this browser becomes a known device of the account
      assert.equal((await owner.post('/api/auth/logout')).status, 200);

      // Mail: 11 browsers on 4 networks ask for codes until everything is refused: the address takes
      // 10 mails an hour for browsers that are not its account's known devices (the owner's first
      // sign-in was one), then none; a browser past its resend cooldown, or asking for a link, too.
      const networks = Array.from({ length: 4 }, () => stack.client().ip);
      const attackers = Array.from({ length: 11 }, (_, i) => stack.client(networks[i % networks.length]));
      const attacks: { client: ApiClient; stateId: string; code: string }[] = [];
      const refusals: string[] = [];
      for (const client of attackers) {
        const sent = await client.post('/api/auth/email/send-otp', { email });
        if (sent.status === 200) attacks.push({ client, stateId: sent.body.stateId, code: (await stack.readLatestMail(email)).code! });
        else refusals.push(`${sent.status} ${sent.body.message}`);
      }
      clock.advance(31 * SECOND);
      for (const path of ['send-otp', 'send-magic-link']) {
        const again = await attackers[0]!.post(`/api/auth/email/${path}`, { email });
        refusals.push(`${again.status} ${again.body.message}`);
      }
      assert.equal(attacks.length, 9);
      assert.deepEqual(refusals, Array(4).fill(`429 ${SIGN_IN_MESSAGES.mailLimit}`));

      // Codes: every wrong guess the attackers can place; after 10, codes are paused for them.
      const guesses = await guessUntilRefused(attacks);
      assert.deepEqual(
        guesses.map((g) => `${g.status} ${g.status === 429 ? g.body.message : ''}`),
        [...Array(10).fill('400 '), ...Array(attacks.length - 2).fill(`429 ${CODES_PAUSED_MESSAGE}`)],
      );

      // The owner, in the browser they signed in with before, on their own network: a code...
      const { stateId, code } = await requestCode(stack, owner, email);
      const verified = await owner.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.equal(verified.status, 200, verified.text);
      assert.equal((await owner.post('/api/auth/logout')).status, 200);
      // ...and a link.
      clock.advance(31 * SECOND);
      await signInByLink(owner, email);

      // A browser the owner never used is one the attackers could be using: it waits with them for
      // the hour (the mailbox's bound), then signs in.
      const fresh = stack.client();
      const waiting = await fresh.post('/api/auth/email/send-magic-link', { email });
      assert.equal(waiting.status, 429);
      clock.advance(61 * MINUTE);
      await signInByLink(fresh, email);
    });

    test('codes paused by guesses from elsewhere: a browser the owner never used still signs in by link, and by code once known', async () => {
      const email = address('guessed');
      const attacks = [];
      for (let i = 0; i < 2; i++) {
        const client = stack.client();
        attacks.push({ client, ...(await requestCode(stack, client, email)) });
      }
      const guesses = await guessUntilRefused(attacks);
      assert.deepEqual(
        guesses.map((g) => g.status),
        Array(10).fill(400),
        'ten wrong codes, five at each request',
      );
      // A further code is refused before any mail is spent on it, for the attackers and for any other
      // browser that is not the account's: the answer points to the link.
      for (const client of [stack.client(), stack.client()]) {
        const paused = await client.post('/api/auth/email/send-otp', { email });
        assert.equal(paused.status, 429);
        assert.equal(paused.body.message, CODES_PAUSED_MESSAGE);
      }
      const owner = stack.client();
      assert.equal((await owner.post('/api/auth/email/send-otp', { email })).body.message, CODES_PAUSED_MESSAGE);
      await signInByLink(owner, email);
      // Signed in once, the browser is a known device: codes work for it again within the hour.
      assert.equal((await owner.post('/api/auth/logout')).status, 200);
      clock.advance(31 * SECOND);
      const { stateId, code } = await requestCode(stack, owner, email);
      assert.equal((await owner.post('/api/auth/email/verify-otp', { stateId, otp: code })).status, 200);
    });

    test('a known-device cookie counts only for the account it was issued to, and only as signed', async () => {
      const email = address('forged');
      const owner = stack.client();
      await signIn(stack, owner, email);
      const other = stack.client();
      await signIn(stack, other, address('other-account'));
      const device = [...other.cookies].find(([name]) => name === 'device')?.[1];
      assert.ok(device, 'signing in sets the known-device cookie');
      // Spend the address's budget for unknown browsers (the owner's first request was one of them)...
      for (let i = 0; i < 9; i++) assert.equal((await stack.client().post('/api/auth/email/send-magic-link', { email })).status, 200);
      // ...then a browser with another account's cookie, or a tampered one, is an unknown browser.
      for (const cookie of [device, device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
        const client = stack.client();
        client.cookies.set('device', cookie);
        const refused = await client.post('/api/auth/email/send-magic-link', { email });
        assert.equal(refused.status, 429, cookie);
        assert.equal(refused.body.message, SIGN_IN_MESSAGES.mailLimit);
      }
      clock.advance(31 * SECOND);
      assert.equal((await owner.post('/api/auth/email/send-magic-link', { email })).status, 200, "the account's own browser");
    });
  });
}
