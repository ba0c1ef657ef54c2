// GET /api/auth/user answers from auth's read models of other services' events, from the auth service
// alone (their events delivered as their relays would hand them over): followers, following and
// recruited from social's civic.social.counts.changed, keeping the counts of the highest version seen
// (issue 18); the names and profile fields from account's civic.account.profile.updated.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accountEvents, socialEvents } from '@civic/contracts';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { authService } from '../../src/app.ts';
import { profileUpdated } from '../../../../test/support/account-events.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import { address, browserOf, mailboxOf } from '../support/auth-service.ts';

describe("auth's read models", () => {
  const service = useTestService(authService);
  const mailbox = mailboxOf(service);

  describe('network counts in GET /api/auth/user', () => {
    const countsEvent = (userId: string, followers: number, following: number, recruited: number, version: number) => ({
      userId,
      followers,
      following,
      recruited,
      version,
      changedAt: new Date().toISOString(),
    });
    const countsOf = async (client: ServiceClient) => {
      const { body } = await client.get('/api/auth/user');
      return { followers: body.followers, following: body.following, recruited: body.recruited };
    };

    test('a new user has zero counts; a counts change shows; older versions arriving late change nothing', async () => {
      const eve = browserOf(service);
      const marker = browserOf(service);
      const eveUser = await signIn(mailbox, eve, address('counts.eve'));
      const markerUser = await signIn(mailbox, marker, address('counts.marker'));
      assert.deepEqual(await countsOf(eve), { followers: 0, following: 0, recruited: 0 });

      // Each delivery resolves once auth handled it.
      await service.events.deliver(socialEvents.CountsChanged, countsEvent(eveUser.id, 7, 3, 2, 5));
      assert.deepEqual(await countsOf(eve), { followers: 7, following: 3, recruited: 2 });

      // Stale copies (versions 4 and 5), then an event about another user, in one lot.
      await service.events.deliverAll(socialEvents.CountsChanged, [
        countsEvent(eveUser.id, 1, 1, 1, 4),
        countsEvent(eveUser.id, 99, 99, 99, 5),
        countsEvent(markerUser.id, 1, 0, 0, 1),
      ]);
      assert.deepEqual(await countsOf(marker), { followers: 1, following: 0, recruited: 0 });
      assert.deepEqual(await countsOf(eve), { followers: 7, following: 3, recruited: 2 }, 'versions 4 and 5 are not newer than 5');

      await service.events.deliver(socialEvents.CountsChanged, countsEvent(eveUser.id, 6, 4, 3, 6));
      assert.deepEqual(await countsOf(eve), { followers: 6, following: 4, recruited: 3 });
    });

    test('a burst is applied in batches: out of order and repeated, each user ends at the newest version', async () => {
      const clients = [browserOf(service), browserOf(service), browserOf(service)];
      const users = [];
      for (const [i, client] of clients.entries()) users.push(await signIn(mailbox, client, address(`counts.burst${i}`)));
      // Versions 1..40 of each user, shuffled, and after every tenth a stale copy with other counts
      // (never of version 40, the only one with 40 followers).
      const events = users.flatMap((user) => Array.from({ length: 40 }, (_, v) => countsEvent(user.id, v + 1, 40 - v, v % 3, v + 1)));
      for (let i = events.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [events[i], events[j]] = [events[j]!, events[i]!];
      }
      const burst = events.flatMap((event, i) => (i % 10 === 0 && event.version < 40 ? [event, { ...event, followers: 999 }] : [event]));
      // One lot, as the relay hands over what it read: auth's batch subscription takes it in batches.
      await service.events.deliverAll(socialEvents.CountsChanged, burst);
      for (const client of clients) {
        const { body } = await client.get('/api/auth/user');
        assert.deepEqual({ followers: body.followers, following: body.following, recruited: body.recruited }, { followers: 40, following: 1, recruited: 0 });
      }
    });
  });

  describe("account's profile in GET /api/auth/user", () => {
    // Account publishing the edit: services/account/test/profiles/profile.test.ts.
    test('an edit reaches GET /api/auth/user through civic.account.profile.updated', async () => {
      const client = browserOf(service);
      const { id } = await signIn(mailbox, client, address('names'));
      const edit = { occupation: 'Engineer', birthYear: 1985, instagramHandle: 'ada.l_' };
      await service.events.deliver(accountEvents.ProfileUpdated, { ...profileUpdated(id, { firstName: 'Ada', lastName: 'Lovelace' }), ...edit });
      const me = await client.get('/api/auth/user');
      assert.equal(me.body.firstName, 'Ada');
      assert.equal(me.body.lastName, 'Lovelace');
      assert.equal(me.body.occupation, edit.occupation);
      assert.equal(me.body.birthYear, 1985);
      assert.equal(me.body.instagramHandle, edit.instagramHandle);

      await service.events.deliver(accountEvents.ProfileUpdated, profileUpdated(id, { firstName: 'Grace', lastName: null }, new Date(Date.now() + 1000)));
      const renamed = await client.get('/api/auth/user');
      assert.equal(renamed.body.firstName, 'Grace');
      assert.equal(renamed.body.lastName, null);
    });
  });
});
