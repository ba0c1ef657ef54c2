// Every subscription the social service holds, in one place. Activities come from the events of the
// services where the acts happen; the member read model from auth's and account's. Each handler
// writes through the consumer's transaction, which also records the event id in social's inbox.
// Social publishes nothing yet (no relay runs); the follow slice adds its civic.social.* events.
import { accountEvents, authEvents, briefingEvents, prioritiesEvents, type EventDefinition } from '@civic/contracts';
import type { EventHandler, EventSubscription } from '@civic/service-kit/events';
import type { SocialContext } from './context.ts';
import { describeActivity } from './activities/describe-activity.ts';
import { recordActivity } from './activities/record-activity.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { addMember, applyPrivacyChange, applyProfileUpdate } from './members/update-members.ts';

export const SOCIAL_SCHEMA = 'social';

export async function subscribeSocialConsumers(ctx: SocialContext): Promise<EventSubscription[]> {
  const subscribe = <E extends EventDefinition>(event: E, handle: EventHandler<E>) =>
    ctx.platform.events.subscribe({ consumer: SOCIAL_SCHEMA, event, db: ctx.db, schema: SOCIAL_SCHEMA, handle });

  return [
    await subscribe(prioritiesEvents.PriorityCreated, (p, { tx, envelope }) =>
      recordActivity(tx, {
        sourceEventId: envelope.id,
        userId: p.authorId,
        type: 'create_priority',
        description: describeActivity('create_priority', p.title),
        subjectId: p.priorityId,
        occurredAt: p.createdAt,
      }),
    ),
    await subscribe(prioritiesEvents.VoteCast, (p, { tx, envelope }) =>
      recordActivity(tx, {
        sourceEventId: envelope.id,
        userId: p.userId,
        type: p.voteType,
        description: describeActivity(p.voteType, p.priorityTitle),
        subjectId: p.priorityId,
        occurredAt: p.castAt,
      }),
    ),
    await subscribe(briefingEvents.DocumentCreated, (p, { tx, envelope }) =>
      recordActivity(tx, {
        sourceEventId: envelope.id,
        userId: p.authorId,
        type: 'create_briefing',
        description: describeActivity('create_briefing', p.title),
        subjectId: p.documentId,
        occurredAt: p.createdAt,
      }),
    ),
    await subscribe(authEvents.UserRegistered, (p, { tx }) => addMember(tx, p.userId)),
    await subscribe(accountEvents.ProfileUpdated, (p, { tx }) => applyProfileUpdate(tx, p)),
    await subscribe(accountEvents.PrivacyChanged, (p, { tx }) => applyPrivacyChange(tx, p)),
    // Account erasure: the user's activities and member row (see data-rights/erase-user.ts).
    await subscribe(accountEvents.UserDeleted, (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt)),
  ];
}
