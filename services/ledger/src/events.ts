// Every event the ledger service publishes and every subscription it holds, in one place. Each
// balance change is written to the outbox in the transaction of its entry; the relay publishes it.
// Credits come from the events of the services where the rewarded acts happen; each handler writes
// through the consumer's transaction, which also records the event id in the ledger's inbox, and
// the credited entry carries the event id too (unique), so a replayed event never credits twice.
import { accountEvents, authEvents, briefingEvents, ledgerEvents, prioritiesEvents, socialEvents, type EventDefinition } from '@civic/contracts';
import { type EventHandler, type EventSubscription, serviceEvents } from '@civic/service-kit/events';
import type { LedgerContext } from './context.ts';
import { creditBriefingDocument, creditPriorityCreated, creditRecruitJoined, openAccount } from './credits/credit-from-event.ts';
import { eraseUser } from './data-rights/erase-user.ts';

export const LEDGER_SCHEMA = 'ledger';

const events = serviceEvents(LEDGER_SCHEMA);
export const { publishCommitted } = events;
const emit = events.emitter;

export const emitBalanceChanged = emit(ledgerEvents.BalanceChanged);

export async function subscribeLedgerConsumers(ctx: LedgerContext): Promise<EventSubscription[]> {
  const subscribe = <E extends EventDefinition>(event: E, handle: EventHandler<E>) =>
    ctx.platform.events.subscribe({ consumer: LEDGER_SCHEMA, event, db: ctx.db, schema: LEDGER_SCHEMA, handle });

  return [
    // initial_political_capital when the account is created (spec 9).
    await subscribe(authEvents.UserRegistered, (p, { tx, envelope }) => openAccount(ctx, tx, p.userId, envelope.id)),
    await subscribe(prioritiesEvents.PriorityCreated, (p, { tx, envelope }) => creditPriorityCreated(ctx, tx, p.authorId, envelope.id)),
    await subscribe(briefingEvents.DocumentCreated, (p, { tx, envelope }) => creditBriefingDocument(ctx, tx, p.authorId, envelope.id)),
    // recruit_user_reward for the recruiter when the recruited citizen joins (spec 9).
    await subscribe(socialEvents.RecruitJoined, (p, { tx, envelope }) => creditRecruitJoined(ctx, tx, p, envelope.id)),
    // Account erasure: the account and its entries go, the id stays as a tombstone (data-rights/erase-user.ts).
    await subscribe(accountEvents.UserDeleted, (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt)),
  ];
}
