import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig, ZPlatformConfig } from '../src/config.ts';

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
    (error: Error) => ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'INTERNAL_JWT_SECRET', 'CSRF_SECRET'].every((v) => error.message.includes(v)),
  );
  assert.throws(() => loadConfig(ZPlatformConfig, { MAIL_TRANSPORT: 'smtp' }), /SMTP_URL: is required/);
});

test('ADMIN_EMAILS is a trimmed, lower-cased list', () => {
  assert.deepEqual(loadConfig(ZPlatformConfig, { ADMIN_EMAILS: ' Boss@Example.gov , ,b@c.io' }).ADMIN_EMAILS, ['boss@example.gov', 'b@c.io']);
});
