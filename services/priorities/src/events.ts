// Every event the priorities service publishes, every subscription it holds and every event it
// watches, in one place. Published events are written to the outbox inside the transaction of the
// change they report; the relay publishes them afterwards. Durable subscriptions keep the read
// models (members, briefing documents) and the erasure; watches feed the live rankings stream.
import { accountEvents, authEvents, briefingEvents, prioritiesEvents, type EventDefinition } from '@civic/contracts';
import { type EventHandler, type EventSubscription, type EventWatch, serviceEvents } from '@civic/service-kit/events';
import type { PrioritiesContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import type { LiveRankings } from './live/live-rankings.ts';
import { addMember, applyProfileUpdate, recordBriefingDocument } from './members/update-members.ts';

export const PRIORITIES_SCHEMA = 'priorities';

const events = serviceEvents(PRIORITIES_SCHEMA);
export const { publishCommitted } = events;
const emit = events.emitter;

export const emitPriorityCreated = emit(prioritiesEvents.PriorityCreated);
export const emitPromotionBoostsDecayed = emit(prioritiesEvents.PromotionBoostsDecayed);
// vote.cast and vote.removed rows are inserted by the SQL function apply_vote (votes/record-vote.ts),
// priority.promoted rows by apply_promotion (promotions/promote-priority.ts).

export async function subscribePrioritiesConsumers(ctx: PrioritiesContext): Promise<EventSubscription[]> {
  const subscribe = <E extends EventDefinition>(event: E, handle: EventHandler<E>) =>
    ctx.platform.events.subscribe({ consumer: PRIORITIES_SCHEMA, event, db: ctx.db, schema: PRIORITIES_SCHEMA, handle });

  return [
    await subscribe(authEvents.UserRegistered, (p, { tx }) => addMember(tx, p.userId)),
    await subscribe(accountEvents.ProfileUpdated, (p, { tx }) => applyProfileUpdate(tx, p)),
    await subscribe(briefingEvents.DocumentCreated, (p, { tx }) => recordBriefingDocument(tx, p.documentId, p.createdAt)),
    // Account erasure: votes go (tallies adjusted), priorities stay detached (data-rights/erase-user.ts).
    await subscribe(accountEvents.UserDeleted, async (p, { tx, afterCommit }) => {
      await eraseUser(tx, p.userId, p.deletedAt);
      // After the commit: a read before it would keep the votes just deleted.
      afterCommit(() => ctx.viewerVotes.invalidate(p.userId));
    }),
  ];
}

/**
 * Every replica watches every change of the ranking (votes, creations, promotions, the boosts' decay;
 * not a durable consumer: each one needs them all): for its streams and its top list cache.
 */
export async function watchLiveRankings(ctx: PrioritiesContext, live: LiveRankings): Promise<EventWatch[]> {
  const { events: bus } = ctx.platform;
  // The top list cache (and, for a vote, the voter's kept votes) is dropped before the stream tells clients to refetch.
  const changed = () => ctx.topPriorities.invalidate();
  const voted = (userId: string) => (changed(), ctx.viewerVotes.invalidate(userId));
  return [
    await bus.watch(prioritiesEvents.VoteCast, ({ payload }) => (voted(payload.userId), live.tallyChanged(payload.priorityId, payload.castAt))),
    await bus.watch(prioritiesEvents.VoteRemoved, ({ payload }) => (voted(payload.userId), live.tallyChanged(payload.priorityId, payload.removedAt))),
    await bus.watch(prioritiesEvents.PriorityCreated, ({ payload }) => {
      changed();
      live.created({ priorityId: payload.priorityId, title: payload.title, createdAt: payload.createdAt });
    }),
    await bus.watch(prioritiesEvents.PriorityPromoted, ({ payload }) => (changed(), live.tallyChanged(payload.priorityId, payload.promotedAt))),
    await bus.watch(prioritiesEvents.PromotionBoostsDecayed, ({ payload }) => {
      changed();
      for (const priorityId of payload.priorityIds) live.tallyChanged(priorityId, payload.decayedAt);
    }),
  ];
}
