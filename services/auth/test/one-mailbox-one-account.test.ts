// Issue 14 item 3: one mailbox, one account. Sub-addressed spellings ("name+1@", "name+2@") and, on
// Gmail, dotted ones and googlemail.com sign in to the same account; the mail goes to the account's
// own address as typed at sign-up; the per-address limits count the mailbox, not the spelling. Both
// profiles.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SIGN_IN_MESSAGES } from '@civic/contracts';
import { ManualClock } from '@civic/service-kit';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { useStack } from '../../../test/support/integration-suite.ts';

const SECOND = 1000;
let n = 0;
/** A fresh local part for this run. */
const person = (label: string) => `${label}${process.pid}x${++n}`;

for (const { profile, skip } of await profilePlan()) {
  describe(`one mailbox, one account (${profile})`, { skip }, () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
    const stack = useStack(profile, { services: ['auth'], clock, env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });

    /** Signs a new browser in by typing `typed`, reading the code from the mail to `mailbox`. */
    async function signInAs(typed: string, mailbox: string): Promise<{ id: string; email: string }> {
      const client = stack.client();
      const sent = await client.post('/api/auth/email/send-otp', { email: typed });
      assert.equal(sent.status, 200, sent.text);
      const { code } = await stack.readLatestMail(mailbox);
      assert.equal((await client.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: code })).status, 200);
      return (await client.get('/api/auth/user')).body;
    }

    test('tagged, dotted and googlemail.com spellings of one Gmail mailbox are one account, mailed at its own address', async () => {
      const local = person('ann');
      const signedUpAs = `${local.slice(0, 2)}.${local.slice(2)}+civic@gmail.com`;
      const first = await signIn(stack, stack.client(), signedUpAs);
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
      const tagged = await signIn(stack, stack.client(), signedUpAs);
      clock.advance(31 * SECOND);
      assert.equal((await signInAs(`${local}+2@example.com`, signedUpAs)).id, tagged.id);
      clock.advance(31 * SECOND);
      assert.equal((await signInAs(`${local}@example.com`, signedUpAs)).id, tagged.id);
      // Dots count outside Gmail.
      const dotted = await signIn(stack, stack.client(), `${local.slice(0, 1)}.${local.slice(1)}@example.com`);
      assert.notEqual(dotted.id, tagged.id);
    });

    test('the per-address limits count the mailbox, not its spelling', async () => {
      const local = person('cat');
      const client = stack.client();
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
      for (let i = 6; i <= 10; i++) assert.equal((await stack.client().post('/api/auth/email/send-otp', { email: `${local}+${i}@example.com` })).status, 200);
      const eleventh = await stack.client().post('/api/auth/email/send-otp', { email: `${local}+11@example.com` });
      assert.equal(eleventh.status, 429);
    });
  });
}
