// GET /api/auth/user answers followers, following and recruited from auth's read model of social's
// civic.social.counts.changed, keeping the counts of the highest version seen (issue 18), on both
// profiles. The events are published by a test producer on social's stream, as social will.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { socialEvents } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { pollUntil } from '../../../test/support/poll.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`network counts in GET /api/auth/user (${profile})`, { skip }, () => {
    let producer: TestProducer;
    const stack = useStack(profile, { services: ['auth'] });
    before(async () => {
      producer = await startTestProducer(stack);
    });

    const countsEvent = (userId: string, followers: number, following: number, recruited: number, version: number) => ({
      userId,
      followers,
      following,
      recruited,
      version,
      changedAt: new Date().toISOString(),
    });

    test('a new user has zero counts; a counts change shows; older versions arriving late change nothing', async () => {
      const eve = stack.client();
      const marker = stack.client();
      const eveUser = await signIn(stack, eve, `counts.eve.${process.pid}@example.com`);
      const markerUser = await signIn(stack, marker, `counts.marker.${process.pid}@example.com`);
      const countsOf = async (client: typeof eve) => {
        const { body } = await client.get('/api/auth/user');
        return { followers: body.followers, following: body.following, recruited: body.recruited };
      };
      assert.deepEqual(await countsOf(eve), { followers: 0, following: 0, recruited: 0 });

      await producer.publish(socialEvents.CountsChanged, countsEvent(eveUser.id, 7, 3, 2, 5));
      await pollUntil(
        () => countsOf(eve),
        (c) => c.followers === 7,
      );
      assert.deepEqual(await countsOf(eve), { followers: 7, following: 3, recruited: 2 });

      // Stale copies (versions 4 and 5), then an event about another user: auth takes one stream's
      // events in order, so once the marker's counts show, the stale ones were handled.
      await producer.publish(socialEvents.CountsChanged, countsEvent(eveUser.id, 1, 1, 1, 4));
      await producer.publish(socialEvents.CountsChanged, countsEvent(eveUser.id, 99, 99, 99, 5));
      await producer.publish(socialEvents.CountsChanged, countsEvent(markerUser.id, 1, 0, 0, 1));
      await pollUntil(
        () => countsOf(marker),
        (c) => c.followers === 1,
      );
      assert.deepEqual(await countsOf(eve), { followers: 7, following: 3, recruited: 2 }, 'versions 4 and 5 are not newer than 5');

      await producer.publish(socialEvents.CountsChanged, countsEvent(eveUser.id, 6, 4, 3, 6));
      await pollUntil(
        () => countsOf(eve),
        (c) => c.followers === 6,
      );
      assert.deepEqual(await countsOf(eve), { followers: 6, following: 4, recruited: 3 });
    });

    test('a burst is applied in batches: out of order and repeated, each user ends at the newest version', async () => {
      const clients = [stack.client(), stack.client(), stack.client()];
      const users = [];
      for (const [i, client] of clients.entries()) users.push(await signIn(stack, client, `counts.burst${i}.${process.pid}@example.com`));
      // Versions 1..40 of each user, shuffled, and after every tenth a stale copy with other counts
      // (never of version 40, the only one with 40 followers).
      const events = users.flatMap((user) => Array.from({ length: 40 }, (_, v) => countsEvent(user.id, v + 1, 40 - v, v % 3, v + 1)));
      for (let i = events.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [events[i], events[j]] = [events[j]!, events[i]!];
      }
      for (const [i, event] of events.entries()) {
        await producer.publish(socialEvents.CountsChanged, event);
        if (i % 10 === 0 && event.version < 40) await producer.publish(socialEvents.CountsChanged, { ...event, followers: 999 });
      }
      for (const client of clients) {
        await pollUntil(
          async () => (await client.get('/api/auth/user')).body,
          (body) => body.followers === 40,
        );
        const { body } = await client.get('/api/auth/user');
        assert.deepEqual({ followers: body.followers, following: body.following, recruited: body.recruited }, { followers: 40, following: 1, recruited: 0 });
      }
    });
  });
}
