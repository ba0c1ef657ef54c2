// A process that cannot reach a dependency at start names it, where, and the variable to fix, without
// the credentials in the URL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig, ZPlatformConfig } from '../src/config.ts';
import { generateIdentityKeyPair } from '../src/identity-keys.ts';
import { createPostgresDatabaseProvider } from '../src/db/database-provider.ts';
import { createPlatform } from '../src/platform.ts';

test('an unreachable NATS or PostgreSQL at start is named with its variable and address, never its password', async () => {
  const config = loadConfig(ZPlatformConfig, {
    PROFILE: 'distributed',
    MAIL_TRANSPORT: 'file',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'postgresql://civic:s3cret@127.0.0.1:1/postgres',
    NATS_URL: 'nats://127.0.0.1:1',
    REDIS_URL: 'redis://127.0.0.1:1',
    IDENTITY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
    CSRF_SECRET: 'y'.repeat(32),
    AUTH_CODE_KEY: 'z'.repeat(32),
  });
  await assert.rejects(createPlatform(config), (error: Error) => /^NATS_URL: cannot reach NATS at nats:\/\/127\.0\.0\.1:1/.test(error.message));
  const databases = createPostgresDatabaseProvider(config);
  await assert.rejects(databases.open('auth', '/nonexistent'), (error: Error) => {
    assert.match(error.message, /^DATABASE_URL: cannot reach PostgreSQL at postgresql:\/\/127\.0\.0\.1:1\/postgres \(.*ECONNREFUSED/);
    assert.doesNotMatch(error.message, /s3cret/);
    return true;
  });
});
