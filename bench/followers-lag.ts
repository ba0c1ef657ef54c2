// The followers-count lag for the network benchmark: follows through the gateway at a steady rate,
// each of a different followee who is signed in; after each follow's answer (its transaction has
// committed, with CountsChanged in social's outbox) the followee's GET /api/auth/user is read every
// few milliseconds (backing off as it waits) until it shows the follower count the follow answered.
// The lag is from the follow's answer to the first read that shows it: social's outbox relay, NATS,
// auth's consumer and auth's read, as a citizen watching their own count would see it.
import type { BenchUser } from './support/sessions.ts';

export interface FollowersLagLoad {
  gateway: string;
  /** Each follows `followees[n]` for n of its turn: the pairs must be new edges. */
  followers: readonly BenchUser[];
  /** One follow each. */
  followees: readonly BenchUser[];
  /** Follows per second. */
  rate: number;
  /** Between two reads of GET /api/auth/user at first, ms (later a tenth of the wait so far). */
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A follow's lag in ms, or the status of a follow that failed (counted, not timed). */
async function followAndWatch(load: FollowersLagLoad, follower: BenchUser, followee: BenchUser): Promise<number | { failed: number }> {
  const answer = await fetch(`${load.gateway}/api/users/${followee.userId}/follow`, {
    method: 'POST',
    headers: { cookie: follower.cookie, 'x-csrf-token': follower.csrf },
  });
  if (!answer.ok) return { failed: answer.status };
  const { followers } = (await answer.json()) as { followers: number };
  const answeredAt = performance.now();
  const deadline = answeredAt + 30_000;
  while (performance.now() < deadline) {
    const user = await fetch(`${load.gateway}/api/auth/user`, { headers: { cookie: followee.cookie } });
    if (((await user.json()) as { followers: number }).followers >= followers) return performance.now() - answeredAt;
    // Every 5 ms at first, then a tenth of the time waited so far: the figure stays within ~10 %,
    // and a slow moment does not turn into a flood of reads (200 watchers reading every 5 ms while
    // the lag grew made 40,000 reads a second, which slowed auth's consumer and grew the lag further).
    await sleep(Math.max(load.pollMs ?? 5, (performance.now() - answeredAt) / 10));
  }
  throw new Error(`GET /api/auth/user of ${followee.userId} did not show ${followers} followers within 30 s`);
}

/** Each follow's lag in ms, sorted, and the statuses of the follows that failed. */
export async function followersLag(load: FollowersLagLoad): Promise<{ lags: number[]; failed: number[] }> {
  const started = performance.now();
  const pending: Promise<number | { failed: number }>[] = [];
  for (let n = 0; n < load.followees.length; n++) {
    const wait = started + (n * 1000) / load.rate - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(followAndWatch(load, load.followers[n % load.followers.length]!, load.followees[n]!));
  }
  const outcomes = await Promise.all(pending);
  return {
    lags: outcomes.filter((o): o is number => typeof o === 'number').sort((a, b) => a - b),
    failed: outcomes.flatMap((o) => (typeof o === 'number' ? [] : [o.failed])),
  };
}
