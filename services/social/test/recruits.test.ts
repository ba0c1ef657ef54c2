// Recruiting (issue 18), on both profiles: a sign-in that creates an account with an invitation's
// recruiterId makes social record the recruit and publish civic.social.recruit.joined once; no event
// for an existing account, an unknown, banned or deleted recruiter, an address erased before, or past
// the recruiter's daily cap. "No event" is shown by a marker: social handles auth's events in order
// and publishes its own in order, so once a later recruit's event arrives, an earlier one would have.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { socialEvents } from '@civic/contracts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { authHasUser, banInAuth } from '../../../test/support/auth-users.ts';
import { probeEvents, type EventProbe } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { pollUntil } from '../../../test/support/poll.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { address } from '../../../test/support/test-users.ts';
import { RECRUIT_REWARDS_PER_DAY } from '../src/recruits/record-recruit.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`recruiting (${profile})`, { skip }, () => {
    let joined: EventProbe<typeof socialEvents.RecruitJoined>;
    const stack = useStack(profile, { services: ['auth', 'account', 'social'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    before(async () => {
      joined = await probeEvents(stack.platforms.social!, socialEvents.RecruitJoined, 'probe_recruit_joined');
      stack.onClose(() => joined.stop());
    });

    /** Signs `email` in through send-otp with `recruiterId` in the body, as the landing page does. */
    async function signInRecruited(email: string, recruiterId: string | undefined, client: ApiClient = stack.client()) {
      const sent = await client.post('/api/auth/email/send-otp', recruiterId === undefined ? { email } : { email, recruiterId });
      assert.equal(sent.status, 200, sent.text);
      const mail = await stack.readLatestMail(email);
      const verified = await client.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: mail.code });
      assert.equal(verified.status, 200, verified.text);
      const user = await client.get('/api/auth/user');
      return { client, id: user.body.id as string };
    }
    const citizen = async (label: string) => {
      const client = stack.client();
      const { id } = await signIn(stack, client, address(label));
      return { client, id };
    };
    const eventsFor = (recruiterId: string) => joined.received.filter((e) => e.payload.recruiterId === recruiterId);
    /** A fresh recruiter's recruit, whose event shows that everything before it was handled. */
    async function marker() {
      const recruiter = await citizen('marker');
      const recruit = await signInRecruited(address('marked'), recruiter.id);
      await joined.waitFor((p) => p.recruitedUserId === recruit.id);
    }

    test('a new account by an invitation link: one recruit.joined naming both; signing in again adds none', async () => {
      const recruiter = await citizen('recruiter');
      const email = address('recruit');
      const recruit = await signInRecruited(email, recruiter.id);
      const event = await joined.waitFor((p) => p.recruitedUserId === recruit.id);
      assert.equal(event.payload.recruiterId, recruiter.id);
      assert.equal(event.subject, 'civic.social.recruit.joined');
      // The same address again with the link, and an existing account that follows a link: nothing.
      await signInRecruited(email, recruiter.id);
      const existing = await citizen('existing');
      await signInRecruited((await existing.client.get('/api/auth/user')).body.email, recruiter.id);
      await marker();
      assert.equal(eventsFor(recruiter.id).length, 1);
    });

    test('no recruit for an unknown, banned or deleted recruiter', async () => {
      const banned = await citizen('banned-recruiter');
      await banInAuth(stack, banned.id);
      const deleted = await citizen('deleted-recruiter');
      const gone = await deleted.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(gone.status, 200, gone.text);
      await pollUntil(
        () => authHasUser(stack, deleted.id),
        (has) => !has,
      );
      const unknown = randomUUID();
      for (const recruiterId of [unknown, banned.id, deleted.id]) await signInRecruited(address('not-recruited'), recruiterId);
      await marker();
      for (const recruiterId of [unknown, banned.id, deleted.id]) assert.equal(eventsFor(recruiterId).length, 0, recruiterId);
    });

    test('an address erased and signed up again is no recruit; the recruit counts while it exists', async () => {
      const recruiter = await citizen('erased-recruiter');
      const recruitedOf = async () => (await recruiter.client.get('/api/auth/user')).body.recruited as number;
      const email = address('erased-recruit');
      const first = await signInRecruited(email, recruiter.id);
      await joined.waitFor((p) => p.recruitedUserId === first.id);
      // spec 3 User "recruited": social's count reaches auth through civic.social.counts.changed.
      await pollUntil(recruitedOf, (n) => n === 1, 30_000);
      const gone = await first.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(gone.status, 200, gone.text);
      await pollUntil(
        () => authHasUser(stack, first.id),
        (has) => !has,
      );
      // The erased recruit no longer counts (the reward already paid stays in the ledger).
      await pollUntil(recruitedOf, (n) => n === 0, 30_000);
      const again = await signInRecruited(email, recruiter.id);
      assert.notEqual(again.id, first.id, 'a new account');
      await marker();
      assert.deepEqual(
        eventsFor(recruiter.id).map((e) => e.payload.recruitedUserId),
        [first.id],
      );
      assert.equal(await recruitedOf(), 0, 'the address erased before is no recruit');
    });

    test(`a recruiter is rewarded for at most ${RECRUIT_REWARDS_PER_DAY} recruits a day`, async () => {
      const recruiter = await citizen('busy-recruiter');
      const recruits: string[] = [];
      for (let i = 0; i <= RECRUIT_REWARDS_PER_DAY; i++) recruits.push((await signInRecruited(address('farm'), recruiter.id)).id);
      await marker();
      assert.deepEqual(
        eventsFor(recruiter.id).map((e) => e.payload.recruitedUserId),
        recruits.slice(0, RECRUIT_REWARDS_PER_DAY),
      );
    });

    test('a recruiterId that is not a user id is refused with 400', async () => {
      const answer = await stack.client().post('/api/auth/email/send-otp', { email: address('bad-ref'), recruiterId: 'not-a-uuid' });
      assert.equal(answer.status, 400);
    });
  });
}
