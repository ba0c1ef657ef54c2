// Every subscription and request the social service answers; apart from the emitters (events.ts),
// which the handlers' own code imports. Activities come from the events of the services where the
// acts happen; the member read model from auth's and account's. Each handler writes through the
// consumer's transaction, which also records the event id in social's inbox. Data rights: app.ts.
import { accountEvents, authEvents, briefingEvents, prioritiesEvents } from '@civic/contracts';
import { type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { describeActivity } from './activities/describe-activity.ts';
import { forgetActivity, forgetPriorityActivities } from './activities/forget-activity.ts';
import { recordActivity } from './activities/record-activity.ts';
import { addMember, applyPrivacyChange, applyProfileUpdate } from './members/update-members.ts';
import { recordRecruit } from './recruits/record-recruit.ts';

export function socialHandlers(): ServiceHandlers {
  return {
    subscriptions: [
      subscription(prioritiesEvents.PriorityCreated, (p, { tx, envelope }) =>
        recordActivity(tx, {
          sourceEventId: envelope.id,
          userId: p.authorId,
          type: 'create_priority',
          description: describeActivity('create_priority', p.title),
          subjectId: p.priorityId,
          occurredAt: p.createdAt,
        }),
      ),
      subscription(prioritiesEvents.VoteCast, (p, { tx, envelope }) =>
        recordActivity(tx, {
          sourceEventId: envelope.id,
          userId: p.userId,
          type: p.voteType,
          description: describeActivity(p.voteType, p.priorityTitle),
          subjectId: p.priorityId,
          occurredAt: p.castAt,
        }),
      ),
      subscription(briefingEvents.DocumentCreated, (p, { tx, envelope }) =>
        recordActivity(tx, {
          sourceEventId: envelope.id,
          userId: p.authorId,
          type: 'create_briefing',
          description: describeActivity('create_briefing', p.title),
          subjectId: p.documentId,
          occurredAt: p.createdAt,
        }),
      ),
      // An administrator deleted the document: its contribution leaves the feeds.
      subscription(briefingEvents.DocumentDeleted, (p, { tx }) => forgetActivity(tx, 'create_briefing', p.documentId)),
      // An administrator removed the priority: its creation and the votes on it, which quote its title, leave the feeds.
      subscription(prioritiesEvents.PriorityRemoved, (p, { tx }) => forgetPriorityActivities(tx, p.priorityId)),
      // A new member; and a recruit when the registration names an eligible recruiter.
      subscription(authEvents.UserRegistered, async (p, { tx }) => {
        await addMember(tx, p.userId);
        await recordRecruit(tx, p);
      }),
      subscription(accountEvents.ProfileUpdated, (p, { tx }) => applyProfileUpdate(tx, p)),
      subscription(accountEvents.PrivacyChanged, (p, { tx }) => applyPrivacyChange(tx, p)),
    ],
  };
}
