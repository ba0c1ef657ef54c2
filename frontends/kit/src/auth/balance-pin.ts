// Auth's copy of the balance trails the ledger by an event or two, so a read of the current user made
// just after a credit or a debit may answer a balance from before it. The balance an answer gave is
// pinned for a short while with the values it replaced: a read answering one of those keeps the
// pinned one; any other value is news (another change) and stands.

/** Long enough for auth to apply the ledger's events; afterwards whatever auth answers stands. */
export const BALANCE_PIN_MS = 30_000;

export interface BalancePin {
  userId: string;
  /** The balance the last answer gave. */
  balance: number;
  /** Values auth's copy may still answer meanwhile: from before the change, or passed on the way. */
  older: readonly number[];
  until: number;
}

export interface BalanceChange {
  userId: string;
  /** The balance shown before the change. */
  before: number;
  balance: number;
  /** Balances auth's copy passes through on the way (a debit before the reward that follows it). */
  passedThrough?: readonly number[];
  now: number;
}

/** The pin after a change; one still live carries its values over (two changes in a row). */
export function nextPin(current: BalancePin | null, change: BalanceChange): BalancePin {
  const live = current !== null && current.userId === change.userId && change.now < current.until;
  const carried = live ? [...current.older, current.balance] : [];
  const older = [...new Set([...carried, change.before, ...(change.passedThrough ?? [])])].filter((value) => value !== change.balance);
  return { userId: change.userId, balance: change.balance, older, until: change.now + BALANCE_PIN_MS };
}

/** The balance to show for a read of `user`, and the pin that remains. */
export function reconcileBalance(
  pin: BalancePin | null,
  user: { id: string; politicalCapital: number },
  now: number,
): { balance: number; pin: BalancePin | null } {
  if (pin === null || pin.userId !== user.id || now >= pin.until) return { balance: user.politicalCapital, pin: null };
  if (pin.older.includes(user.politicalCapital)) return { balance: pin.balance, pin };
  // The pinned value itself, or news: it stands, and keeps the pin only when it is the pinned value.
  return { balance: user.politicalCapital, pin: user.politicalCapital === pin.balance ? pin : null };
}

let pinned: BalancePin | null = null;

/** Records a balance an answer gave (set-balance.ts). */
export function pinBalance(change: BalanceChange): void {
  pinned = nextPin(pinned, change);
}

/** A current user as read from auth, with a pinned balance in place of one auth's copy has not caught up with. */
export function withPinnedBalance<User extends { id: string; politicalCapital: number }>(user: User, now = Date.now()): User {
  const { balance, pin } = reconcileBalance(pinned, user, now);
  pinned = pin;
  return balance === user.politicalCapital ? user : { ...user, politicalCapital: balance };
}
