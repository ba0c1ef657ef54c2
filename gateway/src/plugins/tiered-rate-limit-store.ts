// A rate-limit store for @fastify/rate-limit that keeps read budgets in this gateway's memory and
// everything else (sign-in, writes) in Redis. Reads are the bulk of the traffic; a per-replica read
// budget saves a Redis round trip on each of them, while the budgets that guard against abuse of
// sign-in and writes stay shared by every replica.
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type Store = Pick<FastifyRateLimitStore, 'incr' | 'child'>;
type IncrCallback = Parameters<Store['incr']>[1];

type StoreConstructor = new (...args: unknown[]) => Store;

// The plugin's own store implementations (CommonJS files it does not re-export).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;

export const LOCAL_KEY_PREFIX = 'read:';

/** A counter shared by every replica (Redis) when distributed, this process's memory when embedded. */
export function createSharedCounter(redis: Redis | null, nameSpace: string): Store {
  return redis ? new RedisStore(false, false, redis, nameSpace) : new LocalStore(false, false, 20_000);
}

export function createTieredStore(redis: Redis, nameSpace: string) {
  class TieredStore implements Store {
    private readonly local: Store;
    private readonly shared: Store;

    /** The plugin constructs the store with its options; children pass their halves in. */
    constructor(_pluginOptions?: unknown, parts?: { local: Store; shared: Store }) {
      this.local = parts?.local ?? new LocalStore(false, false, 20_000);
      this.shared = parts?.shared ?? new RedisStore(false, false, redis, nameSpace);
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      (key.startsWith(LOCAL_KEY_PREFIX) ? this.local : this.shared).incr(key, callback, timeWindow, max);
    }

    child(routeOptions: Parameters<Store['child']>[0]): Store {
      return new TieredStore(undefined, { local: this.local.child(routeOptions), shared: this.shared.child(routeOptions) });
    }
  }
  return TieredStore;
}
