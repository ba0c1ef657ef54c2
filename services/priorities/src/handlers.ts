// Every subscription, request and watch of the priorities service; apart from the emitters
// (events.ts), which the handlers' own code imports, and the data rights (export, counts, erasure:
// app.ts). Durable subscriptions keep the read models (members, briefing documents); responders answer
// other services' priority lookups; watches feed the live rankings stream.
import { PRIORITIES_REQUESTS, accountEvents, authEvents, briefingEvents, prioritiesEvents } from '@civic/contracts';
import { type EventWatch, responder, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import type { PrioritiesContext } from './context.ts';
import type { LiveRankings } from './live/live-rankings.ts';
import { addMember, applyPrivacyChange, applyProfileUpdate, forgetBriefingDocument, recordBriefingDocument } from './members/update-members.ts';
import { lookupPriority } from './priorities/lookup-priority.ts';

export function prioritiesHandlers(ctx: PrioritiesContext): ServiceHandlers {
  return {
    subscriptions: [
      subscription(authEvents.UserRegistered, (p, { tx }) => addMember(tx, p.userId)),
      subscription(accountEvents.ProfileUpdated, (p, { tx }) => applyProfileUpdate(tx, p, ctx.platform.clock.now())),
      // The agenda by state counts a member's state only on a public profile, from the next epoch.
      subscription(accountEvents.PrivacyChanged, (p, { tx }) => applyPrivacyChange(tx, p, ctx.platform.clock.now())),
      subscription(briefingEvents.DocumentCreated, (p, { tx }) => recordBriefingDocument(tx, p)),
      subscription(briefingEvents.DocumentDeleted, (p, { tx }) => forgetBriefingDocument(tx, p.documentId)),
    ],
    responders: [
      // A service whose read model of priorities lags asks whether one exists (briefing's documents).
      responder(PRIORITIES_REQUESTS.lookup, (payload) => lookupPriority(ctx, payload)),
    ],
  };
}

/**
 * Every replica watches every change of the ranking (votes, creations, removals, promotions, the boosts' decay;
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
    // A removal: the list drops it at once; a tally makes open pages refetch the list, which no longer has it.
    await bus.watch(prioritiesEvents.PriorityRemoved, ({ payload }) => (changed(), live.tallyChanged(payload.priorityId, payload.removedAt))),
    await bus.watch(prioritiesEvents.PriorityPromoted, ({ payload }) => (changed(), live.tallyChanged(payload.priorityId, payload.promotedAt))),
    await bus.watch(prioritiesEvents.PromotionBoostsDecayed, ({ payload }) => {
      changed();
      for (const priorityId of payload.priorityIds) live.tallyChanged(priorityId, payload.decayedAt);
    }),
  ];
}
