// Every subscription, request and watch of the briefing service; apart from the emitters (events.ts),
// which the handlers' own code imports, and the data rights (export, counts, erasure: app.ts). Durable
// subscriptions keep the read models (members, priorities); responders answer the admin service's
// document lookups; watches keep the list's cached first pages fresh.
import { BRIEFING_REQUESTS, accountEvents, authEvents, briefingEvents, prioritiesEvents } from '@civic/contracts';
import { responder, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import type { BriefingContext } from './context.ts';
import { lookupDocument } from './documents/lookup-document.ts';
import { addMember, applyProfileUpdate, recordPriority, recordPriorityRemoval } from './members/update-members.ts';

export function briefingHandlers(ctx: BriefingContext): ServiceHandlers {
  return {
    subscriptions: [
      subscription(authEvents.UserRegistered, (p, { tx }) => addMember(tx, p.userId)),
      // Names and erasures change the list's pages: dropped once this consumer's change is committed.
      subscription(accountEvents.ProfileUpdated, async (p, { tx, afterCommit }) => {
        await applyProfileUpdate(tx, p);
        afterCommit(() => ctx.firstPages.invalidate());
      }),
      subscription(prioritiesEvents.PriorityCreated, (p, { tx }) => recordPriority(tx, p)),
      subscription(prioritiesEvents.PriorityRemoved, (p, { tx }) => recordPriorityRemoval(tx, p)),
    ],
    responders: [
      // The admin service's reports ask about a document its read model has not heard of yet.
      responder(BRIEFING_REQUESTS.documentLookup, (payload) => lookupDocument(ctx, payload)),
    ],
  };
}

/**
 * Every replica watches what changes the list's first pages (not a durable consumer: each one needs
 * them all) and drops its copy: documents created or deleted by any replica, author names, erasures.
 * A watch can arrive before the consumer applied a name or an erasure: the consumer drops the pages
 * again after its commit, and the cache's TTL bounds what other replicas keep (documents/first-pages-cache.ts).
 */
export async function watchListChanges(ctx: BriefingContext): Promise<void> {
  const changed = () => ctx.firstPages.invalidate();
  for (const event of [briefingEvents.DocumentCreated, briefingEvents.DocumentDeleted, accountEvents.ProfileUpdated, accountEvents.UserDeleted]) {
    await ctx.platform.events.watch(event, changed);
  }
}
