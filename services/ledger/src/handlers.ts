// Every subscription and request the ledger service answers; apart from the emitters (events.ts),
// which the handlers' own code imports. Credits come from the events of the services where the
// rewarded acts happen; each handler writes through the consumer's transaction, which also records
// the event id in the ledger's inbox, and the credited entry carries the event id too (unique), so a
// replayed event never credits twice. Data rights (export, erasure): app.ts.
import { LEDGER_REQUESTS, authEvents, briefingEvents, prioritiesEvents, socialEvents } from '@civic/contracts';
import { responder, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import type { LedgerContext } from './context.ts';
import { creditBriefingDocument, creditPriorityCreated, creditRecruitJoined, openAccount } from './credits/credit-from-event.ts';
import { reverseReward } from './credits/reverse-reward.ts';
import { debit } from './debits/debit.ts';
import { refund } from './debits/refund.ts';
import { checkRequestingUser } from './debits/requesting-user.ts';

export function ledgerHandlers(ctx: LedgerContext): ServiceHandlers {
  return {
    subscriptions: [
      // initial_political_capital when the account is created (spec 9).
      subscription(authEvents.UserRegistered, (p, { tx, envelope }) => openAccount(ctx, tx, p.userId, envelope.id)),
      subscription(prioritiesEvents.PriorityCreated, (p, { tx, envelope }) => creditPriorityCreated(ctx, tx, p, envelope.id)),
      subscription(briefingEvents.DocumentCreated, (p, { tx, envelope }) => creditBriefingDocument(ctx, tx, p, envelope.id)),
      // Claw-back (SECURITY 30): an administrator's removal reverses the content's reward (credits/reverse-reward.ts).
      subscription(prioritiesEvents.PriorityRemoved, (p, { tx, envelope }) =>
        reverseReward(ctx, tx, { authorId: p.authorId, kind: 'priority_created', contentId: p.priorityId, eventId: envelope.id }),
      ),
      subscription(briefingEvents.DocumentDeleted, (p, { tx, envelope }) =>
        reverseReward(ctx, tx, { authorId: p.authorId, kind: 'briefing_created', contentId: p.documentId, eventId: envelope.id }),
      ),
      // recruit_user_reward for the recruiter when the recruited citizen joins (spec 9).
      subscription(socialEvents.RecruitJoined, (p, { tx, envelope }) => creditRecruitJoined(ctx, tx, p, envelope.id)),
    ],
    responders: [
      // Debits and refunds for the services that sell something for PC, on behalf of the paying user only.
      responder(LEDGER_REQUESTS.debit, async (payload, identity) => {
        checkRequestingUser(identity, payload.userId);
        return debit(ctx, { ...payload, userId: payload.userId.toLowerCase() });
      }),
      responder(LEDGER_REQUESTS.refund, async (payload, identity) => {
        checkRequestingUser(identity, payload.userId);
        return refund(ctx, { ...payload, userId: payload.userId.toLowerCase() });
      }),
    ],
  };
}
