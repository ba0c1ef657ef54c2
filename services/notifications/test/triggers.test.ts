// What each event tells whom (issue 22), on both profiles, with the events published as their
// producers do: the right mail to the right citizen for every trigger; nothing the switches refuse
// (emailNotifications is the master), nothing of one's own act, nothing between citizens when either
// blocked the other, a private citizen named to nobody, followers included (SECURITY 31); and the removal notice, sent
// whatever the switches. "Nothing" is shown by a marker mailed in the same dispatcher run.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { accountEvents, briefingEvents, DEFAULT_REMOVAL_REASON, prioritiesEvents, socialEvents } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import {
  type Citizen,
  GATHER_MS,
  mailsTo,
  pendingCount,
  pollUntil,
  registerCitizen,
  waitForHandled,
  waitForMails,
  waitForMember,
  waitForPending,
  useNotificationsSuite,
} from './support/notifications-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`notification triggers (${profile})`, { skip }, () => {
    const { clock, stack, producer, db, at } = useNotificationsSuite(profile);
    let settingsVersion = 0;
    async function citizen(label: string): Promise<Citizen> {
      const c = await registerCitizen(producer, label, () => clock.now());
      await waitForMember(db, c);
      return c;
    }
    /** Several citizens at once, typed by position. */
    const citizens = <const L extends readonly string[]>(...labels: L) => Promise.all(labels.map((l) => citizen(l))) as Promise<{ [K in keyof L]: Citizen }>;
    async function priorityOf(author: Citizen, title: string): Promise<string> {
      const priorityId = randomUUID();
      await producer.publish(prioritiesEvents.PriorityCreated, { priorityId, authorId: author.id, title, createdAt: at() });
      await pollUntil(
        () => db.query('SELECT 1 FROM notifications.priorities WHERE priority_id = $1::uuid', [priorityId]),
        (rows) => rows.length === 1,
      );
      return priorityId;
    }
    const vote = (priorityId: string, userId: string, title: string, voteType: 'endorse' | 'oppose' = 'endorse') =>
      producer.publish(prioritiesEvents.VoteCast, { priorityId, userId, voteType, priorityTitle: title, castAt: at() });
    const follow = (follower: Citizen, followee: Citizen, following = true) =>
      producer.publish(socialEvents.FollowChanged, { followerId: follower.id, followeeId: followee.id, following, changedAt: at() });
    async function settings(c: Citizen, switches: { emailNotifications?: boolean; activityNotifications?: boolean; priorityNotifications?: boolean }) {
      const version = ++settingsVersion;
      await producer.publish(accountEvents.SettingsChanged, {
        userId: c.id,
        emailNotifications: true,
        activityNotifications: true,
        priorityNotifications: true,
        ...switches,
        version,
        changedAt: at(),
      });
      await pollUntil(
        () => db.query<{ v: number }>('SELECT settings_version AS v FROM notifications.members WHERE user_id = $1::uuid', [c.id]),
        (rows) => rows[0]?.v === version,
      );
    }
    /** Moves past the gathering time and waits for a marker queued last: every earlier batch was handled. */
    async function releaseBatches(): Promise<void> {
      const marker = await citizen('marker');
      await follow(await citizen('markerfan'), marker);
      await waitForPending(db, marker.id, 1);
      clock.skip(GATHER_MS + 1000);
      await waitForMails(stack, marker, 1);
      // The run that mailed the marker composed every batch due before it; its mails are out once none waits.
      await pollUntil(
        () => db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications.mails WHERE sent_at IS NULL'),
        (rows) => rows[0]!.n === 0,
      );
    }

    test('every trigger mails the right citizen what happened', async () => {
      const [author, fan, followed, recruiter, recruit, promoter] = await citizens('author', 'fan', 'writer', 'recruiter', 'recruit', 'promoter');
      const reader = await citizen('reader');
      const title = 'Lower prescription prices';
      const priorityId = await priorityOf(author, title);
      await vote(priorityId, fan.id, title);
      await producer.publish(prioritiesEvents.PriorityPromoted, { promotionId: randomUUID(), priorityId, userId: promoter.id, cost: 50, promotedAt: at() });
      await producer.publish(prioritiesEvents.PriorityEnteredTopTen, { priorityId, authorId: author.id, title, rank: 4, enteredAt: at() });
      await follow(reader, followed);
      await waitForPending(db, followed.id, 1);
      const documentId = randomUUID();
      const followedPriority = await priorityOf(followed, 'Protect the wetlands');
      await producer.publish(briefingEvents.DocumentCreated, { documentId, authorId: followed.id, title: 'Wetland facts', createdAt: at() });
      await producer.publish(socialEvents.RecruitJoined, { recruiterId: recruiter.id, recruitedUserId: recruit.id, joinedAt: at() });
      await waitForPending(db, author.id, 3);
      await waitForPending(db, reader.id, 2);
      await waitForPending(db, recruiter.id, 1);
      await releaseBatches();

      const [authorMail] = await mailsTo(stack, author);
      assert.equal(authorMail!.subject, '3 updates on Civic Agenda');
      assert.match(authorMail!.text, /Your priorities\n- Fan Tester endorsed your priority “Lower prescription prices”\. http/);
      assert.match(authorMail!.text, /- Promoter Tester promoted your priority “Lower prescription prices”\./);
      assert.match(authorMail!.text, /- Your priority “Lower prescription prices” entered the top 10\./);
      const [followedMail] = await mailsTo(stack, followed);
      assert.equal(followedMail!.subject, 'Reader Tester followed you');
      const [readerMail] = await mailsTo(stack, reader);
      assert.match(readerMail!.text, /Your network\n- Writer Tester created the priority “Protect the wetlands”\./);
      assert.match(readerMail!.text, /- Writer Tester contributed the briefing document “Wetland facts”\./);
      assert.ok(followedPriority);
      const [recruiterMail] = await mailsTo(stack, recruiter);
      assert.match(recruiterMail!.subject, /^Recruit Tester joined Civic Agenda through your invitation/);
      // Nobody else heard of any of it.
      for (const c of [fan, promoter, recruit]) assert.equal((await mailsTo(stack, c)).length, 0, c.name);
    });

    test("a vote that arrives before its priority's creation waits for it, and is told to the author then", async () => {
      const [author, early] = await citizens('earlyauthor', 'earlyvoter');
      const priorityId = randomUUID();
      await vote(priorityId, early.id, 'Early bird');
      await pollUntil(
        () => db.query('SELECT 1 FROM notifications.parked WHERE priority_id = $1::uuid', [priorityId]),
        (rows) => rows.length === 1,
      );
      await producer.publish(prioritiesEvents.PriorityCreated, { priorityId, authorId: author.id, title: 'Early bird', createdAt: at() });
      await waitForPending(db, author.id, 1);
      assert.equal((await db.query('SELECT 1 FROM notifications.parked WHERE priority_id = $1::uuid', [priorityId])).length, 0);
      await releaseBatches();
      const [mail] = await mailsTo(stack, author);
      assert.equal(mail!.subject, 'Earlyvoter Tester endorsed your priority “Early bird”');
    });

    test('the switches: priority off keeps network mails, activity off keeps priority mails, the master off stops both', async () => {
      const [priorityOff, activityOff, masterOff, other] = await citizens('quiet', 'busy', 'silent', 'other');
      await settings(priorityOff, { priorityNotifications: false });
      await settings(activityOff, { activityNotifications: false });
      await settings(masterOff, { emailNotifications: false });
      const published: { id: string }[] = [];
      for (const c of [priorityOff, activityOff, masterOff]) {
        const priorityId = await priorityOf(c, `Priority of ${c.name}`);
        published.push(await vote(priorityId, other.id, `Priority of ${c.name}`), await follow(other, c));
      }
      await waitForHandled(db, published);
      assert.equal(await pendingCount(db, priorityOff.id), 1);
      assert.equal(await pendingCount(db, activityOff.id), 1);
      assert.equal(await pendingCount(db, masterOff.id), 0);
      await releaseBatches();
      const [toPriorityOff] = await mailsTo(stack, priorityOff);
      assert.equal(toPriorityOff!.subject, 'Other Tester followed you');
      const [toActivityOff] = await mailsTo(stack, activityOff);
      assert.equal(toActivityOff!.subject, `Other Tester endorsed your priority “Priority of ${activityOff.name}”`);
      assert.equal((await mailsTo(stack, masterOff)).length, 0);
    });

    test('a switch turned off after the notification was queued still wins at the next batch', async () => {
      const [late, other] = await citizens('late', 'lateother');
      await follow(other, late);
      await waitForPending(db, late.id, 1);
      await settings(late, { activityNotifications: false });
      await releaseBatches();
      assert.equal((await mailsTo(stack, late)).length, 0);
      assert.equal(await pendingCount(db, late.id), 0, 'the refused batch is dropped, not kept for later');
    });

    test('never of one’s own act; never between citizens when either blocked the other', async () => {
      const [self, blocker, blocked, laterBlocker, laterBlocked] = await citizens('self', 'blocker', 'blocked', 'lateblocker', 'lateblocked');
      const own = await priorityOf(self, 'My own idea');
      const published: { id: string }[] = [await vote(own, self.id, 'My own idea')];
      published.push(
        await producer.publish(socialEvents.BlockChanged, { blockerId: blocker.id, blockedId: blocked.id, blocked: true, version: 1, changedAt: at() }),
      );
      await waitForHandled(db, published);
      // The blocked citizen votes on the blocker's priority and the blocker on theirs: nothing either way.
      const blockersPriority = await priorityOf(blocker, 'Blocker priority');
      published.push(await vote(blockersPriority, blocked.id, 'Blocker priority'));
      const blockedsPriority = await priorityOf(blocked, 'Blocked priority');
      published.push(await vote(blockedsPriority, blocker.id, 'Blocked priority'));
      await waitForHandled(db, published);
      for (const c of [self, blocker, blocked]) assert.equal(await pendingCount(db, c.id), 0, c.name);
      // Queued first, blocked afterwards: withdrawn.
      await follow(laterBlocked, laterBlocker);
      await waitForPending(db, laterBlocker.id, 1);
      await producer.publish(socialEvents.BlockChanged, { blockerId: laterBlocker.id, blockedId: laterBlocked.id, blocked: true, version: 1, changedAt: at() });
      await waitForPending(db, laterBlocker.id, 0);
      await releaseBatches();
      for (const c of [self, blocker, blocked, laterBlocker]) assert.equal((await mailsTo(stack, c)).length, 0, c.name);
    });

    test('a private voter is never named in any mail, to their followers neither (SECURITY 31)', async () => {
      const [author, privateVoter, followerAuthor, followed] = await citizens('pauthor', 'hidden', 'pfollower', 'pfollowed');
      await producer.publish(accountEvents.PrivacyChanged, {
        userId: privateVoter.id,
        profileVisibility: 'public',
        activityVisibility: 'private',
        changedAt: at(),
      });
      await pollUntil(
        () => db.query<{ v: string }>('SELECT activity_visibility AS v FROM notifications.members WHERE user_id = $1::uuid', [privateVoter.id]),
        (rows) => rows[0]?.v === 'private',
      );
      // The follower authors a priority the private citizen opposes, and follows them: the mail still says "A citizen".
      await follow(followerAuthor, privateVoter);
      const a = await priorityOf(author, 'Priority A');
      const b = await priorityOf(followerAuthor, 'Priority B');
      await vote(a, privateVoter.id, 'Priority A');
      await vote(b, privateVoter.id, 'Priority B', 'oppose');
      // Their own follow, their own priority, as told to whom they follow and to their followers.
      await follow(privateVoter, followed);
      await priorityOf(privateVoter, 'Private idea');
      await waitForPending(db, author.id, 1);
      await waitForPending(db, followerAuthor.id, 2);
      await waitForPending(db, followed.id, 1);
      await releaseBatches();
      const [toStranger] = await mailsTo(stack, author);
      assert.equal(toStranger!.subject, 'A citizen endorsed your priority “Priority A”');
      const [toFollower] = await mailsTo(stack, followerAuthor);
      assert.match(toFollower!.text, /A citizen opposed your priority “Priority B”\./);
      assert.match(toFollower!.text, /Someone you follow created the priority “Private idea”\./);
      const [toFollowed] = await mailsTo(stack, followed);
      assert.equal(toFollowed!.subject, 'A citizen followed you');
      for (const mail of [toStranger!, toFollower!, toFollowed!]) assert.doesNotMatch(mail.subject + mail.text + mail.html, /Hidden/);
    });

    test('a removal by moderation: the notice with the reason, whatever the switches, and the queued votes on it go', async () => {
      const [author, voter] = await citizens('removed', 'removedvoter');
      await settings(author, { emailNotifications: false });
      const priorityId = await priorityOf(author, 'Spam title');
      await settings(author, { emailNotifications: true });
      await vote(priorityId, voter.id, 'Spam title');
      await waitForPending(db, author.id, 1);
      await producer.publish(prioritiesEvents.PriorityRemoved, {
        priorityId,
        authorId: author.id,
        title: 'Spam title',
        adminId: randomUUID(),
        reason: 'Advertising is not a priority.',
        removedAt: at(),
      });
      await settings(author, { emailNotifications: false });
      const [notice] = await waitForMails(stack, author, 1);
      assert.equal(notice!.subject, 'Your priority “Spam title” was removed');
      assert.match(notice!.text, /Reason: Advertising is not a priority\./);
      assert.equal(notice!.headers['list-unsubscribe'], undefined, 'a moderation notice is not a notification to unsubscribe from');
      assert.equal(await pendingCount(db, author.id), 0);

      // No reason given: the default one.
      const second = await priorityOf(author, 'Another');
      await producer.publish(prioritiesEvents.PriorityRemoved, {
        priorityId: second,
        authorId: author.id,
        title: 'Another',
        adminId: randomUUID(),
        removedAt: at(),
      });
      const mails = await waitForMails(stack, author, 2);
      assert.ok(mails[1]!.text.includes(`Reason: ${DEFAULT_REMOVAL_REASON}`));
    });
  });
}
