// Political capital amounts, descriptions and messages (spec 3 "Political capital transaction", 8, 9),
// zod-free so the dashboard's "ways to earn" card and the ledger service say exactly the same thing.

/**
 * spec 9 rewards that have no platform setting: creating a priority earns 5, contributing a briefing
 * document 2. The daily login (`daily_login_bonus`), the initial balance (`initial_political_capital`)
 * and recruiting (`recruit_user_reward`) are settings, read when they apply.
 */
export const PRIORITY_CREATION_REWARD = 5;
export const BRIEFING_DOCUMENT_REWARD = 2;

/** What kind of entry a transaction is; stored with each ledger entry. */
export const LEDGER_ENTRY_KINDS = [
  'initial',
  'priority_created',
  'briefing_created',
  'recruit_joined',
  'daily_login',
  'debit',
  'refund',
  /** SECURITY 30: an administrator removed content whose reward is taken back (as much as the balance holds). */
  'reward_reversed',
  /** SECURITY 30: what a reversal could not take, taken from a later credit. */
  'owed_repaid',
] as const;
export type TLedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** What a debit pays for (rpc.ledger.debit's `reason`); each has the description users read. */
export const DEBIT_REASONS = ['promote_priority', 'create_priority'] as const;
export type TDebitReason = (typeof DEBIT_REASONS)[number];

/** The descriptions of spec 3 transactions, written once. */
export const LEDGER_DESCRIPTIONS = {
  initial: 'Initial political capital',
  priority_created: 'Created a priority',
  briefing_created: 'Created a briefing document',
  recruit_joined: 'Recruited a citizen',
  daily_login: 'Daily login bonus',
  debit: {
    promote_priority: 'Promoted a priority',
    create_priority: 'Priority creation cost',
  } satisfies Record<TDebitReason, string>,
  /** SECURITY 30: the reward of content an administrator removed, taken back. */
  reward_reversed: {
    briefing_created: 'Reward reversed: document removed',
    priority_created: 'Reward reversed: priority removed',
  },
  /** SECURITY 30: the part of a reversed reward the balance could not cover, taken from a later credit. */
  owed_repaid: 'Reward reversed: owed political capital repaid',
  /** A refund repeats what it gives back: "Refund: Promoted a priority". */
  refundOf: (debitDescription: string) => `Refund: ${debitDescription}`,
} as const;

export const TRANSACTION_LIST_LIMITS = { default: 50, max: 100 } as const;

export const LEDGER_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${TRANSACTION_LIST_LIMITS.max}`,
  offset: 'offset must be a whole number from 0',
  /** A banned user earns nothing by signing in (spec 4: banned users can no longer create content). */
  banned: 'Your account has been banned',
  /** A debit whose key was refunded (or cancelled before it arrived): it never applies again. */
  cancelled: 'This charge was cancelled',
} as const;

/**
 * The refusal of a debit the balance cannot cover. spec 8: the client shows "You don't have enough
 * political capital to promote this priority." when the message contains "Insufficient".
 */
export function insufficientMessage(amount: number, balance: number): string {
  return `Insufficient political capital: this costs ${amount} PC and your balance is ${balance} PC.`;
}
