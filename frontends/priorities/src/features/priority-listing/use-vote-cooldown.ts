// cooldownLeftMs (vote-cooldown.ts) for the card, counted down while it runs.
import type { TUserVote } from '@civic/contracts/priorities/http';
import { useEffect, useState } from 'react';
import { usePlatformSettings } from '@civic/frontend-kit';
import { cooldownLeftMs } from './vote-cooldown.ts';

/** The text counts whole minutes: a re-render a minute is enough (and one at the end, to enable the buttons). */
const TICK_MS = 60_000;

export function useVoteCooldown(userVote: TUserVote | null): number {
  const { vote_change_cooldown_hours: hours } = usePlatformSettings();
  const [now, setNow] = useState(() => Date.now());
  const left = cooldownLeftMs(userVote, hours, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}
