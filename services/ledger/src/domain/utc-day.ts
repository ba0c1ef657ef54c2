// The UTC calendar day of a moment, as YYYY-MM-DD: the key of the daily-login bonus (spec 2.5, 9:
// at most once per user per UTC day).
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
