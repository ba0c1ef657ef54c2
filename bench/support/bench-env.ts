// The environment of a benchmark's distributed servers: the local PostgreSQL, NATS and Redis under a
// prefix of this run's own (dropped afterwards by dropBenchEnv), fresh secrets, and rate limits out of the way.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { dropDatabase, listDatabases } from '@civic/service-kit/db';
import { LOCAL_INFRA } from '../../test/support/infrastructure.ts';
import { generateIdentityKeyEnv } from '../../infra/identity-key-env.ts';
import { deleteStreams } from '../../test/support/nats-streams.ts';

/** `tag`: one letter that tells the benchmarks' databases apart (civic_bench<tag><run>_...). */
export async function benchEnv(tag: string) {
  const runId = randomBytes(4).toString('hex');
  const dataDir = await mkdtemp(join(tmpdir(), `civic-bench-${tag}-`));
  return {
    ...LOCAL_INFRA,
    ...generateIdentityKeyEnv(),
    CSRF_SECRET: randomBytes(32).toString('hex'),
    AUTH_CODE_KEY: randomBytes(32).toString('hex'),
    PROFILE: 'distributed',
    MAIL_TRANSPORT: 'file',
    DATA_DIR: dataDir,
    DATABASE_PREFIX: `civic_bench${tag}${runId}_`,
    REDIS_PREFIX: `civic:bench${tag}${runId}:`,
    NATS_PREFIX: `BENCH${tag.toUpperCase()}${runId}`,
    HOST: '127.0.0.1',
    RATE_LIMIT_READ: '100000000',
    RATE_LIMIT_WRITE: '100000000',
    RATE_LIMIT_ACCOUNT_WRITE: '100000000',
    // The stream benchmark opens 1,000 streams from one address (5 per voter, the per-user default).
    STREAM_LIMIT_PER_NETWORK: '100000000',
  };
}

/** What a run leaves under its prefixes, dropped when it ends: databases, streams, Redis keys, the data directory. */
export async function dropBenchEnv(env: {
  DATABASE_URL: string;
  DATABASE_PREFIX: string;
  NATS_URL: string;
  NATS_PREFIX: string;
  REDIS_URL: string;
  REDIS_PREFIX: string;
  DATA_DIR: string;
}): Promise<void> {
  for (const database of await listDatabases(env.DATABASE_URL, env.DATABASE_PREFIX)) await dropDatabase(env.DATABASE_URL, database).catch(() => {});
  await deleteStreams(env.NATS_URL, env.NATS_PREFIX).catch(() => {});
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    for await (const keys of redis.scanStream({ match: `${env.REDIS_PREFIX}*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }
  } catch {
    // Left for Redis's own expiry: sessions and budgets carry TTLs.
  } finally {
    redis.disconnect();
  }
  await rm(env.DATA_DIR, { recursive: true, force: true });
}

/**
 * After a bulk seed, before measuring: a checkpoint writes the seed's pages out now. Two million rows
 * exceed max_wal_size, so PostgreSQL has requested a checkpoint it spreads over minutes, and the
 * measured runs would pay for flushing the seed (and for the full-page images of their first writes
 * to each page) while it lasts. The checkpoints a steady load makes itself are still measured.
 */
export async function settleAfterSeeding(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}
