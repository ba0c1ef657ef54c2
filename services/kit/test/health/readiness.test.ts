// /healthz and /readyz of a distributed process against a Redis and a NATS of the test's own, which it
// stops and starts: readiness turns false during each outage and true after it, and on draining;
// liveness stays true (the process recovers by itself).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig, ZPlatformConfig } from '../../src/config.ts';
import { dropDatabase } from '../../src/db/pg-driver.ts';
import { evaluateReadiness, registerHealthRoutes } from '../../src/health/readiness.ts';
import { createHttpServer } from '../../src/http/create-http-server.ts';
import { createPlatform } from '../../src/platform.ts';
import { generateIdentityKeyPair } from '../../src/identity-keys.ts';
import { APP_VERSION } from '../../src/version.ts';
import { startDedicatedNats, startDedicatedRedis } from '../../../../test/support/dedicated-servers.ts';
import { profilePlan, LOCAL_INFRA } from '../../../../test/support/infrastructure.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

test('readiness names each failing check, and a check that hangs fails within its bound', async () => {
  const started = Date.now();
  const result = await evaluateReadiness(
    [
      { name: 'fine', check: async () => {} },
      {
        name: 'refused',
        check: async () => {
          throw new Error('connection refused');
        },
      },
      { name: 'silent', check: () => new Promise<void>(() => {}) },
    ],
    200,
  );
  assert.deepEqual(result, { ready: false, checks: { fine: 'ok', refused: 'connection refused', silent: 'no answer within 200 ms' } });
  assert.ok(Date.now() - started < 2_000);
});

async function readyz(app: FastifyInstance) {
  const started = Date.now();
  const answer = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: answer.statusCode, body: answer.json() as { status: string; checks: Record<string, string> }, ms: Date.now() - started };
}

async function until(app: FastifyInstance, wanted: (r: Awaited<ReturnType<typeof readyz>>) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  let last: Awaited<ReturnType<typeof readyz>> | undefined;
  while (Date.now() < deadline) {
    last = await readyz(app);
    // Every answer comes within the checks' 2 s bound, outage or not.
    assert.ok(last.ms < 4_000, `/readyz took ${last.ms} ms`);
    if (wanted(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}; last answer ${JSON.stringify(last?.body)}`);
}

test('distributed: /readyz follows Redis and NATS outages and recoveries, and draining; /healthz stays alive', {
  skip: distributed.skip,
  timeout: 120_000,
}, async () => {
  const [redis, nats] = await Promise.all([startDedicatedRedis(), startDedicatedNats()]);
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-readyz-'));
  const prefix = `civic_readyz_${randomBytes(4).toString('hex')}_`;
  const secret = () => randomBytes(32).toString('hex');
  const config = loadConfig(ZPlatformConfig, {
    PROFILE: 'distributed',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'file',
    DATABASE_URL: LOCAL_INFRA.DATABASE_URL,
    DATABASE_PREFIX: prefix,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    IDENTITY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
    CSRF_SECRET: secret(),
    AUTH_CODE_KEY: secret(),
  });
  const platform = await createPlatform(config);
  const app = createHttpServer(config) as unknown as FastifyInstance;
  registerHealthRoutes(app, platform.health, { service: 'probe' });
  try {
    // A service's database, migrated (no migrations here), is part of readiness.
    await mkdir(join(dataDir, 'no-migrations'));
    await platform.databases.open('probe', join(dataDir, 'no-migrations'));
    const ready = await until(app, (r) => r.status === 200, 'readiness');
    assert.deepEqual(ready.body, {
      status: 'ready',
      checks: { process: 'ok', postgres: 'ok', events: 'ok', nats: 'ok', redis: 'ok' },
      version: APP_VERSION,
      service: 'probe',
    });

    await redis.stop();
    const noRedis = await until(app, (r) => r.status === 503, 'Redis to be reported away');
    assert.notEqual(noRedis.body.checks.redis, 'ok');
    assert.equal(noRedis.body.checks.nats, 'ok', 'the other checks still pass');
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'alive: it recovers by itself');
    await redis.start();
    await until(app, (r) => r.status === 200, 'Redis to be back');

    await nats.stop();
    const noNats = await until(app, (r) => r.status === 503, 'NATS to be reported away');
    assert.equal(noNats.body.checks.nats, 'disconnected; reconnecting');
    await nats.start();
    // The client reconnects for ever (maxReconnectAttempts -1; its default gave up after 10 tries).
    await until(app, (r) => r.status === 200, 'NATS to be back');
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);

    platform.beginDraining();
    const draining = await readyz(app);
    assert.equal(draining.status, 503);
    assert.equal(draining.body.checks.process, 'shutting down');
  } finally {
    await app.close();
    await platform.close();
    await dropDatabase(LOCAL_INFRA.DATABASE_URL, `${prefix}probe`).catch(() => {});
    await Promise.all([redis.dispose(), nats.dispose()]);
    await rm(dataDir, { recursive: true, force: true });
  }
});
