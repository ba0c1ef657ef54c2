// The environment of a benchmark's distributed servers: the local PostgreSQL, NATS and Redis under a
// prefix of this run's own (dropped afterwards), fresh secrets, and rate limits out of the way.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_INFRA } from '../../test/support/infrastructure.ts';

/** `tag`: one letter that tells the benchmarks' databases apart (civic_bench<tag><run>_...). */
export async function benchEnv(tag: string) {
  const runId = randomBytes(4).toString('hex');
  const dataDir = await mkdtemp(join(tmpdir(), `civic-bench-${tag}-`));
  return {
    ...LOCAL_INFRA,
    INTERNAL_JWT_SECRET: randomBytes(32).toString('hex'),
    CSRF_SECRET: randomBytes(32).toString('hex'),
    AUTH_CODE_KEY: randomBytes(32).toString('hex'),
    PROFILE: 'distributed',
    DATA_DIR: dataDir,
    DATABASE_PREFIX: `civic_bench${tag}${runId}_`,
    REDIS_PREFIX: `civic:bench${tag}${runId}:`,
    NATS_PREFIX: `BENCH${tag.toUpperCase()}${runId}`,
    HOST: '127.0.0.1',
    RATE_LIMIT_READ: '100000000',
    RATE_LIMIT_WRITE: '100000000',
  };
}
