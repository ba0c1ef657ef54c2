// Events the ledger service publishes, each enqueued in the transaction of the entry it reports.
import { z } from 'zod';
import { LEDGER_ENTRY_KINDS } from './messages.ts';
import { defineEvent } from '../shared/define-event.ts';

/**
 * A user's balance changed: one event per ledger entry. Events of one account can arrive out of
 * order (redeliveries, parallel consumers), so consumers keep the balance of the highest `version`
 * they have seen: the account's sequence number, 1 for its first entry and one more for each entry
 * after it.
 */
export const BalanceChanged = defineEvent(
  'civic.ledger.balance.changed',
  1,
  z.object({
    userId: z.string().uuid(),
    /** The balance after the entry. */
    balance: z.number().int().nonnegative(),
    version: z.number().int().positive(),
    entryId: z.string().uuid(),
    /** The entry's amount: positive for a credit, negative for a debit. */
    amount: z.number().int(),
    kind: z.enum(LEDGER_ENTRY_KINDS),
    /** When the entry was committed (ISO 8601). */
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

export const LEDGER_EVENTS = [BalanceChanged] as const;
