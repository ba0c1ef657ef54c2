// Every subscription and request the notifications service answers (the emitter is events.ts, the data
// rights app.ts): notifications are queued into the recipient's batch from the events of the services
// where the acts happen, and the read models come from auth's, account's, social's and priorities' events.
import { accountEvents, authEvents, briefingEvents, prioritiesEvents, socialEvents } from '@civic/contracts';
import { type ServiceHandlers, subscription } from '@civic/service-kit/events';
import type { NotificationsContext } from './context.ts';
import { applyPrivacyChange, applyProfileUpdate, applyRegistration, applySettingsChange } from './members/apply-member-events.ts';
import { applyBlockChange, applyFollowChange } from './network/apply-network-events.ts';
import { enqueueForFollowers, enqueueNotification, withdrawNotifications } from './pending/enqueue-notification.ts';
import { learnPriority, notifyAuthor } from './priorities/parked-notifications.ts';
import { applyPriorityRemoval } from './priorities/removal-notice.ts';

export function notificationsHandlers(ctx: NotificationsContext): ServiceHandlers {
  const now = () => ctx.platform.clock.now();
  return {
    subscriptions: [
      // Read models.
      subscription(authEvents.UserRegistered, (p, { tx }) => applyRegistration(tx, p)),
      subscription(accountEvents.ProfileUpdated, (p, { tx }) => applyProfileUpdate(tx, p)),
      subscription(accountEvents.PrivacyChanged, (p, { tx }) => applyPrivacyChange(tx, p)),
      subscription(accountEvents.SettingsChanged, (p, { tx }) => applySettingsChange(tx, p)),
      subscription(socialEvents.BlockChanged, (p, { tx }) => applyBlockChange(tx, p)),

      // Priority notifications: to the priority's author.
      // A switched vote replaces the one queued before it: the mail tells the vote that stands.
      subscription(prioritiesEvents.VoteCast, (p, { tx, envelope }) =>
        notifyAuthor(
          tx,
          {
            kind: p.voteType === 'endorse' ? 'endorsed' : 'opposed',
            actorId: p.userId,
            priorityId: p.priorityId,
            subjectTitle: p.priorityTitle,
            occurredAt: p.castAt,
            sourceEventId: envelope.id,
          },
          now(),
          ['endorsed', 'opposed'],
        ),
      ),
      // A vote taken back before its mail went is not told.
      subscription(prioritiesEvents.VoteRemoved, (p, { tx }) =>
        withdrawNotifications(tx, { kinds: [p.voteType === 'endorse' ? 'endorsed' : 'opposed'], actorId: p.userId, subjectId: p.priorityId }),
      ),
      subscription(prioritiesEvents.PriorityPromoted, (p, { tx, envelope }) =>
        notifyAuthor(
          tx,
          { kind: 'promoted', actorId: p.userId, priorityId: p.priorityId, subjectTitle: null, occurredAt: p.promotedAt, sourceEventId: envelope.id },
          now(),
        ),
      ),
      subscription(prioritiesEvents.PriorityEnteredTopTen, async (p, { tx, envelope }) => {
        await learnPriority(tx, p.priorityId, p.authorId, p.title, now());
        if (!p.authorId) return;
        await enqueueNotification(
          tx,
          p.authorId,
          { kind: 'entered_top_ten', actorId: null, subjectId: p.priorityId, subjectTitle: p.title, occurredAt: p.enteredAt, sourceEventId: envelope.id },
          now(),
        );
      }),
      // The moderation notice: always sent (priorities/removal-notice.ts).
      subscription(prioritiesEvents.PriorityRemoved, (p, { tx }) => applyPriorityRemoval(ctx, tx, p)),

      // Activity notifications.
      subscription(prioritiesEvents.PriorityCreated, async (p, { tx, envelope }) => {
        await learnPriority(tx, p.priorityId, p.authorId, p.title, now());
        await enqueueForFollowers(
          tx,
          {
            kind: 'followee_priority',
            actorId: p.authorId,
            subjectId: p.priorityId,
            subjectTitle: p.title,
            occurredAt: p.createdAt,
            sourceEventId: envelope.id,
          },
          now(),
        );
      }),
      subscription(briefingEvents.DocumentCreated, (p, { tx, envelope }) =>
        enqueueForFollowers(
          tx,
          {
            kind: 'followee_document',
            actorId: p.authorId,
            subjectId: p.documentId,
            subjectTitle: p.title,
            occurredAt: p.createdAt,
            sourceEventId: envelope.id,
          },
          now(),
        ),
      ),
      // An administrator deleted the document: it is not announced any more.
      subscription(briefingEvents.DocumentDeleted, (p, { tx }) => withdrawNotifications(tx, { kinds: ['followee_document'], subjectId: p.documentId })),
      subscription(socialEvents.FollowChanged, async (p, { tx, envelope }) => {
        await applyFollowChange(tx, p);
        if (!p.following) return;
        await enqueueNotification(
          tx,
          p.followeeId,
          { kind: 'followed', actorId: p.followerId, subjectId: null, subjectTitle: null, occurredAt: p.changedAt, sourceEventId: envelope.id },
          now(),
        );
      }),
      subscription(socialEvents.RecruitJoined, (p, { tx, envelope }) =>
        enqueueNotification(
          tx,
          p.recruiterId,
          { kind: 'recruit_joined', actorId: p.recruitedUserId, subjectId: null, subjectTitle: null, occurredAt: p.joinedAt, sourceEventId: envelope.id },
          now(),
        ),
      ),
    ],
  };
}
