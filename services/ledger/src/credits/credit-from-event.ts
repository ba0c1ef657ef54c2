// Credits earned by acts other services report (spec 9; docs/ledger.md "Earning"), each in the
// consumer's transaction and keyed by the event's id, so an event seen before credits nothing even
// when the inbox has forgotten it. A content reward names its content, so its removal can reverse it
// (reverse-reward.ts); every credit first pays what the account owes (accounts/owed.ts).
import { BRIEFING_DOCUMENT_REWARD, LEDGER_DESCRIPTIONS, PRIORITY_CREATION_REWARD, type TLedgerEntryKind } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { appendEntry } from '../accounts/append-entry.ts';
import { lockAccount } from '../accounts/lock-account.ts';
import { repayOwed } from '../accounts/owed.ts';
import type { LedgerContext } from '../context.ts';
import { utcDayOf } from '../domain/utc-day.ts';
import { amountSettingOf, briefingRewardsPerDay } from '../settings.ts';
import { dailyRewardSlot, type DailyRewardBound } from './daily-reward-slot.ts';

interface EventCredit {
  userId: string;
  eventId: string;
  kind: TLedgerEntryKind;
  amount: number;
  description: string;
  /** The rewarded content's id (priority, document), for its reversal. */
  reference?: string;
  /** Only so many of these credits per UTC day (briefing documents). */
  bound?: DailyRewardBound;
}

async function creditOnce(ctx: LedgerContext, tx: SqlDriver, credit: EventCredit): Promise<void> {
  const account = await lockAccount(tx, credit.userId, ctx.platform.clock.now());
  // A zero reward (a setting at 0) opens the account and writes nothing: an entry is never 0.
  if (!account || credit.amount === 0) return;
  const seen = await tx.query<unknown>('SELECT 1 FROM ledger.entries WHERE event_id = $1::uuid', [credit.eventId]);
  if (seen.length > 0) return;
  let idempotencyKey: string | null = null;
  if (credit.bound) {
    idempotencyKey = await dailyRewardSlot(tx, account.userId, credit.kind, credit.bound);
    if (idempotencyKey === null) return;
  }
  const at = ctx.platform.clock.now();
  const entry = await appendEntry(tx, account, {
    amount: credit.amount,
    kind: credit.kind,
    description: credit.description,
    eventId: credit.eventId,
    idempotencyKey,
    reference: credit.reference ?? null,
    at,
  });
  await repayOwed(tx, account, entry, at);
}

/** civic.auth.user.registered: the account opens with initial_political_capital. */
export function openAccount(ctx: LedgerContext, tx: SqlDriver, userId: string, eventId: string): Promise<void> {
  const amount = amountSettingOf(ctx, 'initial_political_capital');
  return creditOnce(ctx, tx, { userId, eventId, kind: 'initial', amount, description: LEDGER_DESCRIPTIONS.initial });
}

/** civic.priorities.priority.created: the author earns PRIORITY_CREATION_REWARD (bounded by max_priorities_per_user_per_day). */
export function creditPriorityCreated(ctx: LedgerContext, tx: SqlDriver, p: { authorId: string; priorityId: string }, eventId: string): Promise<void> {
  return creditOnce(ctx, tx, {
    userId: p.authorId,
    eventId,
    reference: p.priorityId.toLowerCase(),
    kind: 'priority_created',
    amount: PRIORITY_CREATION_REWARD,
    description: LEDGER_DESCRIPTIONS.priority_created,
  });
}

/**
 * civic.briefing.document.created: the author earns BRIEFING_DOCUMENT_REWARD for the first
 * briefing_rewards_per_day documents of the UTC day the document was created on (its own time, not
 * the moment the ledger hears of it); later ones earn nothing.
 */
export function creditBriefingDocument(
  ctx: LedgerContext,
  tx: SqlDriver,
  p: { authorId: string; documentId: string; createdAt: string },
  eventId: string,
): Promise<void> {
  return creditOnce(ctx, tx, {
    userId: p.authorId,
    eventId,
    reference: p.documentId.toLowerCase(),
    bound: { day: utcDayOf(new Date(p.createdAt)), limit: briefingRewardsPerDay(ctx) },
    kind: 'briefing_created',
    amount: BRIEFING_DOCUMENT_REWARD,
    description: LEDGER_DESCRIPTIONS.briefing_created,
  });
}

/**
 * civic.social.recruit.joined: the recruiter earns recruit_user_reward, as set when the event is
 * applied. The entry names neither the recruited citizen nor their id: an entry involves its own
 * user only, so erasing the recruited account never has to touch the recruiter's history.
 */
export function creditRecruitJoined(
  ctx: LedgerContext,
  tx: SqlDriver,
  recruit: { recruiterId: string; recruitedUserId: string },
  eventId: string,
): Promise<void> {
  // Nobody recruits themselves (social's rule): should a producer bug say so, it earns nothing.
  const recruiterId = recruit.recruiterId.toLowerCase();
  if (recruiterId === recruit.recruitedUserId.toLowerCase()) return Promise.resolve();
  return creditOnce(ctx, tx, {
    userId: recruiterId,
    eventId,
    kind: 'recruit_joined',
    amount: amountSettingOf(ctx, 'recruit_user_reward'),
    description: LEDGER_DESCRIPTIONS.recruit_joined,
  });
}
