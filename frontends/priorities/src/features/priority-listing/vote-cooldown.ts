// The change cooldown as the card shows it before the click (issue 38): the viewer's last change of
// their vote on the priority (userVote.lastChangedAt) plus vote_change_cooldown_hours.
import type { TUserVote } from '@civic/contracts/priorities/http';

const HOUR_MS = 3_600_000;

/** How long until the vote may be switched or removed again; 0 when it may now. */
export function cooldownLeftMs(userVote: TUserVote | null, cooldownHours: number, nowMs: number): number {
  if (!userVote?.lastChangedAt || !(cooldownHours > 0)) return 0;
  return Math.max(0, Date.parse(userVote.lastChangedAt) + cooldownHours * HOUR_MS - nowMs);
}
