// The Create Priority rules and messages of spec 5, zod-free so the browser form and the server's
// schema (contracts/src/priorities/http.ts) say exactly the same thing.
export const PRIORITY_LIMITS = {
  titleMin: 10,
  titleMax: 200,
  descriptionMin: 50,
  descriptionMax: 1000,
} as const;

export const PRIORITY_MESSAGES = {
  titleTooShort: 'Title must be at least 10 characters',
  titleTooLong: 'Title must be less than 200 characters',
  descriptionTooShort: 'Description must be at least 50 characters',
  descriptionTooLong: 'Description must be less than 1000 characters',
  issueNotFound: 'Issue not found',
  /** GET /api/issues/{id}?after=: the cursor names no priority of this issue. */
  issuePageCursor: 'after must be the id of a priority of this issue',
  priorityNotFound: 'Priority not found',
  voteType: "voteType must be 'endorse' or 'oppose'",
  noVote: 'You have not voted on this priority',
  /** POST /api/priorities and /api/priorities/{id}/promote: a malformed Idempotency-Key header. */
  idempotencyKey: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  /** The same Idempotency-Key while its first request is still being processed (Stripe answers the same 409). */
  promotionInProgress: 'A promotion with this Idempotency-Key is still being processed. Please try again in a moment.',
  /** The same Idempotency-Key sent again for another priority. */
  idempotencyKeyReused: 'This Idempotency-Key was already used to promote another priority',
  /** POST /api/priorities: the same Idempotency-Key while its first creation is still being processed. */
  creationInProgress: 'A priority with this Idempotency-Key is still being created. Please try again in a moment.',
  /** POST /api/priorities: the same Idempotency-Key with another title, description or issue (Stripe answers 400 too). */
  creationKeyReused: 'This Idempotency-Key was already used to create a different priority',
  /**
   * A purchase whose debit could not be followed by its effect (the priority changed meanwhile, an
   * internal failure): the debit was given back, or will be by the sweeper.
   */
  purchaseNotCompleted: 'This could not be completed and you were not charged. Please try again.',
} as const;

/** The longest Idempotency-Key; a longer one is refused before the pattern reads it. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** What an Idempotency-Key may be: printable ASCII without spaces, as Stripe's keys (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** spec 9 setting max_priorities_per_user_per_day: the 429 when a citizen reaches it. */
export function dailyLimitMessage(limit: number): string {
  return `You can create at most ${limit} ${limit === 1 ? 'priority' : 'priorities'} per day. Please try again tomorrow.`;
}

/** A wait as citizens read it: "23 h 12 min", "24 h", "30 min" (whole minutes, rounded up, at least 1). */
export function waitText(msLeft: number): string {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** spec 9 setting vote_change_cooldown_hours: the 429 when a vote is changed too soon ("… again in 23 h 12 min"). */
export function voteCooldownMessage(msLeft: number): string {
  return `You can change your vote on this priority again in ${waitText(msLeft)}`;
}

/** The same wait on the priority card, before the click. */
export function voteCooldownCardText(msLeft: number): string {
  return `You can change your vote again in ${waitText(msLeft)}`;
}

/** spec 3 "Issue" categories, with their colours in the front end. */
export const ISSUE_CATEGORIES = ['Economy', 'Healthcare', 'Education', 'Environment', 'Foreign Policy'] as const;

/**
 * spec 7.3, priority lists (re-exported by http.ts; here so a page imports it without
 * the zod schemas). `default`: one read's size when none is asked.
 * `max`: the most one read answers, and the deepest row any read reaches (offset + limit): Load More
 * asks limit=50, 100, ... 1000 from offset 0 (spec 2.7, 7.3), so nothing past row 1000 is ever
 * shown, and a deeper offset would only make PostgreSQL read and skip rows.
 * `searchMax`: the longest search.
 */
export const PRIORITY_LIST_LIMITS = { default: 50, max: 1000, searchMax: 200 } as const;
