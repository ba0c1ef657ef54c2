// Batching (issue 22), on both profiles: a citizen's first notification mail goes out once the
// gathering time passed (within a minute), everything in the hour after a mail waits for the next
// one, and 50 endorsements in a minute are one mail. Time is moved with a stepping clock; "no mail
// yet" is shown by a marker: a second citizen's batch, due at the same moment, mailed by the same
// dispatcher run.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { prioritiesEvents, socialEvents } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import {
  type Citizen,
  GATHER_MS,
  INTERVAL_MS,
  mailsTo,
  publishAll,
  registerCitizen,
  waitForMails,
  waitForMember,
  waitForPending,
  useNotificationsSuite,
} from './support/notifications-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`notification batching (${profile})`, { skip }, () => {
    const { clock, stack, producer, db, at } = useNotificationsSuite(profile);
    async function authorWithPriority(label: string, title: string): Promise<{ author: Citizen; priorityId: string }> {
      const author = await registerCitizen(producer, label, () => clock.now());
      const priorityId = randomUUID();
      await producer.publish(prioritiesEvents.PriorityCreated, { priorityId, authorId: author.id, title, createdAt: at() });
      await waitForMember(db, author);
      return { author, priorityId };
    }
    const endorsements = (priorityId: string, title: string, voters: readonly string[]) =>
      publishAll(
        producer,
        prioritiesEvents.VoteCast,
        voters.map((userId) => ({ priorityId, userId, voteType: 'endorse' as const, priorityTitle: title, castAt: at() })),
      );
    /** A citizen someone follows now: their batch is due exactly when the others queued now are. */
    async function markerFollowed(): Promise<Citizen> {
      const marker = await registerCitizen(producer, 'marker', () => clock.now());
      await waitForMember(db, marker);
      await producer.publish(socialEvents.FollowChanged, { followerId: randomUUID(), followeeId: marker.id, following: true, changedAt: at() });
      await waitForPending(db, marker.id, 1);
      return marker;
    }

    test('50 endorsements in a minute are one mail; what comes within the hour after waits for the next', async () => {
      const title = 'Repair the interstate bridges';
      const { author, priorityId } = await authorWithPriority('author', title);
      const voters = Array.from({ length: 50 }, () => randomUUID());
      // A marker queued 25 s before the votes: its mail comes from a run that found their batch not due yet.
      const early = await markerFollowed();
      clock.skip(GATHER_MS - 5000);
      await endorsements(priorityId, title, voters);
      await waitForPending(db, author.id, 50);
      clock.skip(6000);
      await waitForMails(stack, early, 1);
      assert.equal((await mailsTo(stack, author)).length, 0, 'still gathering');

      clock.skip(GATHER_MS);
      const [first] = await waitForMails(stack, author, 1);
      assert.equal(first!.subject, `50 citizens endorsed your priority “${title}”`);
      assert.match(first!.text, /50 citizens endorsed your priority “Repair the interstate bridges”/);
      await waitForPending(db, author.id, 0);

      // Three more a minute later, and a marker due at the same moment: the marker is mailed, the author is not.
      await endorsements(priorityId, title, [randomUUID(), randomUUID(), randomUUID()]);
      await waitForPending(db, author.id, 3);
      const marker = await markerFollowed();
      clock.skip(GATHER_MS + 1000);
      await waitForMails(stack, marker, 1);
      assert.equal((await mailsTo(stack, author)).length, 1, 'no second mail within the hour');

      // Once the hour since the first mail is over, the next mail gathers the three.
      clock.skip(INTERVAL_MS);
      const mails = await waitForMails(stack, author, 2);
      assert.equal(mails.length, 2);
      assert.equal(mails[1]!.subject, `3 citizens endorsed your priority “${title}”`);
    });

    test('a vote taken back or switched before the mail is told as it stands', async () => {
      const title = 'Fund rural broadband';
      const { author, priorityId } = await authorWithPriority('switcher', title);
      const [a, b] = [randomUUID(), randomUUID()];
      await endorsements(priorityId, title, [a, b]);
      await waitForPending(db, author.id, 2);
      await producer.publish(prioritiesEvents.VoteCast, { priorityId, userId: a, voteType: 'oppose', priorityTitle: title, castAt: at() });
      await producer.publish(prioritiesEvents.VoteRemoved, { priorityId, userId: b, voteType: 'endorse', removedAt: at() });
      await waitForPending(db, author.id, 1);
      clock.skip(GATHER_MS + 1000);
      const [mail] = await waitForMails(stack, author, 1);
      assert.equal(mail!.subject, `A citizen opposed your priority “${title}”`);
      assert.doesNotMatch(mail!.text, /endorsed/);
    });
  });
}
