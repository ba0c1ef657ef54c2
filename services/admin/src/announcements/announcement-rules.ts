// spec 5 "Announcement": the expiry date is optional and cannot be earlier than today. "Today" is the
// administrator's, and the server does not know their time zone: a date is refused when it is before
// today everywhere on Earth (before the start of today at UTC-12), so no administrator is refused
// their own today, and yesterday is refused once it is over in the last time zone.
import { ShowUntilInPast } from '../errors.ts';

const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;

/** The start of the earliest calendar day that is still "today" somewhere, as an instant at UTC midnight. */
export function earliestToday(now: Date): Date {
  const behind = new Date(now.getTime() - TWELVE_HOURS_MS);
  return new Date(Date.UTC(behind.getUTCFullYear(), behind.getUTCMonth(), behind.getUTCDate()));
}

/** The stored expiry (an ISO date is its UTC midnight, as the form's date input sends), or a 400. */
export function checkedShowUntil(showUntil: string | null, now: Date): Date | null {
  if (showUntil === null) return null;
  const instant = new Date(showUntil);
  if (instant < earliestToday(now)) throw new ShowUntilInPast();
  return instant;
}
