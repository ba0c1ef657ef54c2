// The per-account budget of expensive list reads (issue 14 item 7). The gateway's read limit counts
// requests per client network (RATE_LIMIT_READ, 1,200 a minute) and cannot tell a read of the kept
// top list (memory, microseconds) from a search or a 1,000-row page (PostgreSQL); here the cost is
// known. A read answered from the top list (unfiltered, active only, no state, within its first TOP_DEPTH rows) is free;
// every other read costs one unit per 50 rows it asks for (offset + limit): a searched, filtered or
// deep page of 50 costs 1, a Load More at 1,000 rows 20. Each account has `perMinute` units in a
// fixed one-minute window; past them the read is refused with 429 and the seconds left, before
// anything is read. Distributed, the counts live in Redis, so every replica spends from one budget;
// embedded (one process), in memory.
import type { TPriorityListQuery } from '@civic/contracts';
import type { Clock } from '@civic/service-kit';
import type { Redis } from 'ioredis';
import { ReadBudgetExceeded } from '../errors.ts';
import { TOP_DEPTH } from './top-priorities-cache.ts';

export const READ_BUDGET_WINDOW_MS = 60_000;
/** Rows a unit of the budget pays for: the default page. */
const ROWS_PER_UNIT = 50;

/** What a read costs: 0 when the top list in memory answers it. */
export function readCostOf(query: TPriorityListQuery): number {
  const rows = query.offset + query.limit;
  if (!query.search && !query.category && !query.state && query.includeInactive !== 'true' && rows <= TOP_DEPTH) return 0;
  return Math.ceil(rows / ROWS_PER_UNIT);
}

export interface ReadBudget {
  /** Spends `cost` units of the account's budget, or throws ReadBudgetExceeded (429). */
  spend(userId: string, cost: number): Promise<void>;
}

function refuse(msLeft: number): never {
  throw new ReadBudgetExceeded(`Too many searches or long lists. Please try again in ${Math.max(1, Math.ceil(msLeft / 1000))} seconds.`);
}

/** One process's counts (embedded): a window per account, forgotten once it is over. */
export function memoryReadBudget(perMinute: number, clock: Clock): ReadBudget {
  const windows = new Map<string, { endsAt: number; spent: number }>();
  let nextPrune = 0;
  return {
    async spend(userId, cost) {
      const now = clock.now().getTime();
      if (now >= nextPrune) {
        // Bounded memory: windows that are over go once a window.
        for (const [id, window] of windows) if (window.endsAt <= now) windows.delete(id);
        nextPrune = now + READ_BUDGET_WINDOW_MS;
      }
      let window = windows.get(userId);
      if (!window || window.endsAt <= now) windows.set(userId, (window = { endsAt: now + READ_BUDGET_WINDOW_MS, spent: 0 }));
      window.spent += cost;
      if (window.spent > perMinute) refuse(window.endsAt - now);
    },
  };
}

// Adds the cost and starts the window's expiry with its first spend, in one step (a key can never be
// left without its expiry); answers the units spent and the window's milliseconds left.
const SPEND_SCRIPT = `
local spent = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { spent, ttl }`;

/** The counts of every replica in Redis (distributed), one key per account and window. */
export function redisReadBudget(perMinute: number, redis: Redis, prefix: string): ReadBudget {
  return {
    async spend(userId, cost) {
      const [spent, msLeft] = (await redis.eval(SPEND_SCRIPT, 1, `${prefix}priorities:read-budget:${userId}`, cost, READ_BUDGET_WINDOW_MS)) as [number, number];
      if (spent > perMinute) refuse(msLeft);
    },
  };
}
