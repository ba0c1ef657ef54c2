// The sign-in limits of the auth service alone. Issue 14 item 2: they cannot be turned against an
// address's owner: attackers in other browsers on other networks spend every budget they can on the
// owner's address; the owner still signs in (NIST SP 800-63B-4: throttling must not become a denial
// of service). Issue 14 item 3: one mailbox, one account: sub-addressed spellings ("name+1@",
// "name+2@") and, on Gmail, dotted ones and googlemail.com sign in to the same account; the mail goes
// to the account's own address as typed at sign-up; the per-address limits count the mailbox, not the
// spelling. Browsers are `asBrowser` clients (`browserOf`): their cookies (pre-session, session, known device) kept
// as the gateway's clients keep them, their identity read from their session as the gateway reads it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SIGN_IN_MESSAGES } from '@civic/contracts';
import { ManualClock } from '@civic/service-kit';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { authService } from '../../src/app.ts';
import { CODES_PAUSED_MESSAGE } from '../../src/errors.ts';
import { requestCode, signIn, wrongCode } from '../../../../test/support/sign-in.ts';
import { address, browserOf, mailboxOf } from '../support/auth-service.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
let n = 0;
/** A fresh local part for this run. */
const person = (label: string) => `${label}${process.pid}x${++n}`;

describe('sign-in limits', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const service = useTestService(authService, { clock });
  const mailbox = mailboxOf(service);

  describe('sign-in limits are no lockout', () => {
    /** Signs in by the link mailed for `email` (the answer to the last send of `client`). */
    async function signInByLink(client: ServiceClient, email: string) {
      const sent = await client.post('/api/auth/email/send-magic-link', { email });
      assert.equal(sent.status, 200, sent.text);
      const { token } = await mailbox.readLatestMail(email);
      const verified = await client.post('/api/auth/email/verify-token', { token });
      assert.equal(verified.status, 200, verified.text);
      assert.equal((await client.get('/api/auth/user')).status, 200);
    }

    /** Wrong codes at each of the attackers' requests, up to five, until one is refused. */
    async function guessUntilRefused(attacks: { client: ServiceClient; stateId: string; code: string }[]) {
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
      const owner = browserOf(service);
      await signIn(mailbox, owner, email); // this browser becomes a known device of the account
      assert.equal((await owner.post('/api/auth/logout')).status, 200);

      // Mail: 11 browsers on 4 networks ask for codes until everything is refused: the address takes
      // 10 mails an hour for browsers that are not its account's known devices (the owner's first
      // sign-in was one), then none; a browser past its resend cooldown, or asking for a link, too.
      const networks = Array.from({ length: 4 }, () => browserOf(service).identity.ip);
      const attackers = Array.from({ length: 11 }, (_, i) => browserOf(service, networks[i % networks.length]));
      const attacks: { client: ServiceClient; stateId: string; code: string }[] = [];
      const refusals: string[] = [];
      for (const client of attackers) {
        const sent = await client.post('/api/auth/email/send-otp', { email });
        if (sent.status === 200) attacks.push({ client, stateId: sent.body.stateId, code: (await mailbox.readLatestMail(email)).code! });
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
      const { stateId, code } = await requestCode(mailbox, owner, email);
      const verified = await owner.post('/api/auth/email/verify-otp', { stateId, otp: code });
      assert.equal(verified.status, 200, verified.text);
      assert.equal((await owner.post('/api/auth/logout')).status, 200);
      // ...and a link.
      clock.advance(31 * SECOND);
      await signInByLink(owner, email);

      // A browser the owner never used is one the attackers could be using: it waits with them for
      // the hour (the mailbox's bound), then signs in.
      const fresh = browserOf(service);
      const waiting = await fresh.post('/api/auth/email/send-magic-link', { email });
      assert.equal(waiting.status, 429);
      clock.advance(61 * MINUTE);
      await signInByLink(fresh, email);
    });

    test('codes paused by guesses from elsewhere: a browser the owner never used still signs in by link, and by code once known', async () => {
      const email = address('guessed');
      const attacks = [];
      for (let i = 0; i < 2; i++) {
        const client = browserOf(service);
        attacks.push({ client, ...(await requestCode(mailbox, client, email)) });
      }
      const guesses = await guessUntilRefused(attacks);
      assert.deepEqual(
        guesses.map((g) => g.status),
        Array(10).fill(400),
        'ten wrong codes, five at each request',
      );
      // A further code is refused before any mail is spent on it, for the attackers and for any other
      // browser that is not the account's: the answer points to the link.
      for (const client of [browserOf(service), browserOf(service)]) {
        const paused = await client.post('/api/auth/email/send-otp', { email });
        assert.equal(paused.status, 429);
        assert.equal(paused.body.message, CODES_PAUSED_MESSAGE);
      }
      const owner = browserOf(service);
      assert.equal((await owner.post('/api/auth/email/send-otp', { email })).body.message, CODES_PAUSED_MESSAGE);
      await signInByLink(owner, email);
      // Signed in once, the browser is a known device: codes work for it again within the hour.
      assert.equal((await owner.post('/api/auth/logout')).status, 200);
      clock.advance(31 * SECOND);
      const { stateId, code } = await requestCode(mailbox, owner, email);
      assert.equal((await owner.post('/api/auth/email/verify-otp', { stateId, otp: code })).status, 200);
    });

    test('a known-device cookie counts only for the account it was issued to, and only as signed', async () => {
      const email = address('forged');
      const owner = browserOf(service);
      await signIn(mailbox, owner, email);
      const other = browserOf(service);
      await signIn(mailbox, other, address('other-account'));
      const device = [...other.cookies].find(([name]) => name === 'device')?.[1];
      assert.ok(device, 'signing in sets the known-device cookie');
      // Spend the address's budget for unknown browsers (the owner's first request was one of them)...
      for (let i = 0; i < 9; i++) assert.equal((await browserOf(service).post('/api/auth/email/send-magic-link', { email })).status, 200);
      // ...then a browser with another account's cookie, or a tampered one, is an unknown browser.
      for (const cookie of [device, device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
        const client = browserOf(service);
        client.cookies.set('device', cookie);
        const refused = await client.post('/api/auth/email/send-magic-link', { email });
        assert.equal(refused.status, 429, cookie);
        assert.equal(refused.body.message, SIGN_IN_MESSAGES.mailLimit);
      }
      clock.advance(31 * SECOND);
      assert.equal((await owner.post('/api/auth/email/send-magic-link', { email })).status, 200, "the account's own browser");
    });
  });

  describe('one mailbox, one account', () => {
    /** Signs a new browser in by typing `typed`, reading the code from the mail to `mailbox`. */
    async function signInAs(typed: string, to: string): Promise<{ id: string; email: string }> {
      const client = browserOf(service);
      const sent = await client.post('/api/auth/email/send-otp', { email: typed });
      assert.equal(sent.status, 200, sent.text);
      const { code } = await mailbox.readLatestMail(to);
      assert.equal((await client.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: code })).status, 200);
      return (await client.get('/api/auth/user')).body;
    }

    test('tagged, dotted and googlemail.com spellings of one Gmail mailbox are one account, mailed at its own address', async () => {
      const local = person('ann');
      const signedUpAs = `${local.slice(0, 2)}.${local.slice(2)}+civic@gmail.com`;
      const first = await signIn(mailbox, browserOf(service), signedUpAs);
      assert.equal(first.email, signedUpAs, 'the address is kept as typed');
      for (const spelling of [`${local}@gmail.com`, `${local.split('').join('.')}+other@googlemail.com`, `${local.toUpperCase()}+x@GMAIL.com`]) {
        clock.advance(31 * SECOND);
        // The code goes to the account's own address, not to the spelling typed now.
        const me = await signInAs(spelling, signedUpAs);
        assert.equal(me.id, first.id, spelling);
        assert.equal(me.email, signedUpAs);
      }
    });

    test('sub-addressing tags on any domain are one account; another local part is another', async () => {
      const local = person('bob');
      const signedUpAs = `${local}+1@example.com`;
      const tagged = await signIn(mailbox, browserOf(service), signedUpAs);
      clock.advance(31 * SECOND);
      assert.equal((await signInAs(`${local}+2@example.com`, signedUpAs)).id, tagged.id);
      clock.advance(31 * SECOND);
      assert.equal((await signInAs(`${local}@example.com`, signedUpAs)).id, tagged.id);
      // Dots count outside Gmail.
      const dotted = await signIn(mailbox, browserOf(service), `${local.slice(0, 1)}.${local.slice(1)}@example.com`);
      assert.notEqual(dotted.id, tagged.id);
    });

    test('the per-address limits count the mailbox, not its spelling', async () => {
      const local = person('cat');
      const client = browserOf(service);
      assert.equal((await client.post('/api/auth/email/send-otp', { email: `${local}+1@example.com` })).status, 200);
      const cooldown = await client.post('/api/auth/email/send-otp', { email: `${local}+2@example.com` });
      assert.equal(cooldown.status, 429);
      assert.match(cooldown.body.message, /Please wait/);
      for (let i = 2; i <= 5; i++) {
        clock.advance(31 * SECOND);
        assert.equal((await client.post('/api/auth/email/send-magic-link', { email: `${local}+${i}@example.com` })).status, 200);
      }
      clock.advance(31 * SECOND);
      const sixth = await client.post('/api/auth/email/send-otp', { email: `${local}+6@example.com` });
      assert.equal(sixth.status, 429, 'five mails an hour for one browser, whatever the tag');
      assert.equal(sixth.body.message, SIGN_IN_MESSAGES.mailLimit);
      // Over other browsers: the mailbox takes 10 an hour in all.
      for (let i = 6; i <= 10; i++)
        assert.equal((await browserOf(service).post('/api/auth/email/send-otp', { email: `${local}+${i}@example.com` })).status, 200);
      const eleventh = await browserOf(service).post('/api/auth/email/send-otp', { email: `${local}+11@example.com` });
      assert.equal(eleventh.status, 429);
    });
  });
});
