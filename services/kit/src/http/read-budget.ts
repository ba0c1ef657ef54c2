// A per-account budget of expensive list reads (SECURITY 32). The
// gateway's read limit counts requests per client network and cannot tell a read from memory
// (microseconds) from a search or a 1,000-row page (PostgreSQL); the service that reads knows the
// cost. Each account has `perMinute` units in a fixed one-minute window; past them the read is
// refused (429 with the seconds left) before anything is read. Distributed, the counts live in
// Redis, so every replica spends from one budget; embedded (one process), in memory. Used by the
// priorities lists and the briefing list, each with its own key and setting.
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

export const READ_BUDGET_WINDOW_MS = 60_000;
/** Rows a unit of a budget pays for: the lists' default page. */
const ROWS_PER_UNIT = 50;

export interface ReadBudget {
  /** Spends `cost` units of the account's budget, or throws the service's 429. */
  spend(userId: string, cost: number): Promise<void>;
}

export interface ReadBudgetOptions {
  /** The budget's name in Redis keys (the service's, e.g. 'priorities'). */
  name: string;
  perMinute: number;
  clock: Clock;
  /** Distributed: the shared counts, under REDIS_PREFIX. Without it, this process's memory. */
  redis?: { client: Redis; prefix: string };
  /** The service's 429 error, with the message users read. */
  refuse: (message: string) => Error;
}

/** What a database read of `rows` rows (offset + limit) costs: one unit per page of 50 begun. */
export function rowsReadCost(rows: number): number {
  return Math.ceil(rows / ROWS_PER_UNIT);
}

/** The 429's message (the same for every list). */
export function readBudgetMessage(msLeft: number): string {
  return `Too many searches or long lists. Please try again in ${Math.max(1, Math.ceil(msLeft / 1000))} seconds.`;
}

export function createReadBudget(options: ReadBudgetOptions): ReadBudget {
  const refuse = (msLeft: number) => {
    throw options.refuse(readBudgetMessage(msLeft));
  };
  return options.redis ? redisReadBudget(options, options.redis, refuse) : memoryReadBudget(options, refuse);
}

/** One process's counts (embedded): a window per account, forgotten once it is over. */
function memoryReadBudget({ perMinute, clock }: ReadBudgetOptions, refuse: (msLeft: number) => never): ReadBudget {
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
function redisReadBudget({ name, perMinute }: ReadBudgetOptions, redis: { client: Redis; prefix: string }, refuse: (msLeft: number) => never): ReadBudget {
  return {
    async spend(userId, cost) {
      const key = `${redis.prefix}${name}:read-budget:${userId}`;
      const [spent, msLeft] = (await redis.client.eval(SPEND_SCRIPT, 1, key, cost, READ_BUDGET_WINDOW_MS)) as [number, number];
      if (spent > perMinute) refuse(msLeft);
    },
  };
}
