import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig, ZPlatformConfig } from '../src/config.ts';
import { generateIdentityKeyPair } from '../src/identity-keys.ts';

test('defaults describe the embedded profile', () => {
  const config = loadConfig(ZPlatformConfig, {});
  assert.equal(config.PROFILE, 'embedded');
  assert.equal(config.PORT, 3000);
  assert.equal(config.DATA_DIR, './data');
  assert.deepEqual(config.ADMIN_EMAILS, []);
});

test('a bad configuration names every offending variable', () => {
  assert.throws(() => loadConfig(ZPlatformConfig, { PORT: 'abc' }), /PORT/);
  assert.throws(
    () => loadConfig(ZPlatformConfig, { PROFILE: 'distributed' }),
    (error: Error) => ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'IDENTITY_PUBLIC_KEY', 'CSRF_SECRET'].every((v) => error.message.includes(v)),
  );
  assert.throws(() => loadConfig(ZPlatformConfig, { MAIL_TRANSPORT: 'smtp' }), /SMTP_URL: is required/);
});

test('mail: embedded defaults to files; distributed must choose, since files keep sign-in codes in clear', () => {
  assert.equal(loadConfig(ZPlatformConfig, {}).MAIL_TRANSPORT, 'file');
  const distributed = {
    PROFILE: 'distributed',
    DATABASE_URL: 'postgresql://127.0.0.1/postgres',
    NATS_URL: 'nats://127.0.0.1:4222',
    REDIS_URL: 'redis://127.0.0.1:6379',
    IDENTITY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
    CSRF_SECRET: 'y'.repeat(32),
  };
  assert.throws(() => loadConfig(ZPlatformConfig, distributed), /MAIL_TRANSPORT: is required when PROFILE=distributed/);
  assert.equal(loadConfig(ZPlatformConfig, { ...distributed, MAIL_TRANSPORT: 'file' }).MAIL_TRANSPORT, 'file');
  assert.equal(loadConfig(ZPlatformConfig, { ...distributed, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25' }).MAIL_TRANSPORT, 'smtp');
});

test('ADMIN_EMAILS is a trimmed, lower-cased list', () => {
  assert.deepEqual(loadConfig(ZPlatformConfig, { ADMIN_EMAILS: ' Boss@Example.gov , ,b@c.io' }).ADMIN_EMAILS, ['boss@example.gov', 'b@c.io']);
});

test('credentials inside the network: NATS user and password go together, the database owner is another role (issue 14 item 4)', () => {
  const distributed = {
    PROFILE: 'distributed',
    DATABASE_URL: 'postgresql://civic_ledger_app:pw@127.0.0.1/postgres',
    NATS_URL: 'nats://127.0.0.1:4222',
    REDIS_URL: 'redis://ledger:pw@127.0.0.1:6379',
    IDENTITY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
    CSRF_SECRET: 'y'.repeat(32),
    MAIL_TRANSPORT: 'file',
  };
  assert.throws(() => loadConfig(ZPlatformConfig, { ...distributed, NATS_USER: 'ledger' }), /NATS_PASSWORD: NATS_USER and NATS_PASSWORD go together/);
  assert.throws(() => loadConfig(ZPlatformConfig, { ...distributed, NATS_PASSWORD: 'pw' }), /NATS_USER: NATS_USER and NATS_PASSWORD go together/);
  assert.throws(() => loadConfig(ZPlatformConfig, { ...distributed, NATS_USER: 'Ledger Service', NATS_PASSWORD: 'pw' }), /NATS_USER: must be a service name/);
  assert.throws(
    () => loadConfig(ZPlatformConfig, { ...distributed, DATABASE_OWNER_URL: 'postgresql://civic_ledger_app:pw@127.0.0.1/postgres' }),
    /DATABASE_OWNER_URL: must name another role/,
  );
  const config = loadConfig(ZPlatformConfig, {
    ...distributed,
    NATS_USER: 'ledger',
    NATS_PASSWORD: 'pw',
    DATABASE_OWNER_URL: 'postgresql://civic_ledger:pw@127.0.0.1/postgres',
  });
  assert.equal(config.NATS_USER, 'ledger');
  assert.equal(config.DATABASE_OWNER_URL, 'postgresql://civic_ledger:pw@127.0.0.1/postgres');
});
