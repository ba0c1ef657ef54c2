// The process secrets (secrets.ts), SECURITY 33: embedded, one identity key pair is generated once under
// DATA_DIR and kept; distributed, a service given only the public keys holds nothing that signs.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig, ZPlatformConfig } from '../src/config.ts';
import { createIdentitySigner, createIdentityVerifier } from '../src/http/internal-identity.ts';
import { generateIdentityKeyPair } from '../src/identity-keys.ts';
import { loadSecrets } from '../src/secrets.ts';

const alice = { userId: '6f1f7a52-5f0c-4d55-9d0a-1f7e1c1b2a3c', isAdmin: true, isBanned: false, ip: '10.0.0.1' };

test('embedded: an identity key pair is generated once under DATA_DIR (0600) and its public half checks what its private half signs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'civic-secrets-'));
  try {
    const config = loadConfig(ZPlatformConfig, { DATA_DIR: dir });
    // A file of the version before (one shared HMAC secret) keeps its CSRF key and loses the rest.
    await writeFile(join(dir, 'secrets.json'), JSON.stringify({ internalJwt: 'i'.repeat(43), csrf: 'c'.repeat(43) }), { mode: 0o600 });
    const first = await loadSecrets(config);
    assert.equal(first.csrf.current.secret, 'c'.repeat(43));
    const again = await loadSecrets(config);
    assert.ok(first.identitySigning);
    assert.deepEqual(again, first, 'a restart keeps the keys');
    assert.equal((await stat(join(dir, 'secrets.json'))).mode & 0o777, 0o600);
    assert.ok(!(await readFile(join(dir, 'secrets.json'), 'utf8')).includes('internalJwt'), 'no shared HMAC secret any more');
    const token = createIdentitySigner(first.identitySigning)(alice, 'admin');
    assert.deepEqual(createIdentityVerifier(first.identityPublic, 'admin')(token), alice);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('distributed: a service given the public keys holds no signing key; the gateway derives its public keys from its private ones', async () => {
  const pair = generateIdentityKeyPair();
  const base = {
    PROFILE: 'distributed',
    DATABASE_URL: 'postgresql://127.0.0.1/x',
    NATS_URL: 'nats://127.0.0.1:4222',
    REDIS_URL: 'redis://127.0.0.1',
    CSRF_SECRET: 'c'.repeat(32),
    MAIL_TRANSPORT: 'file',
  };
  const service = await loadSecrets(loadConfig(ZPlatformConfig, { ...base, IDENTITY_PUBLIC_KEY: pair.publicKey }));
  assert.equal(service.identitySigning, null);
  assert.deepEqual(service.identityPublic.current, { id: 'default', secret: pair.publicKey });
  const gateway = await loadSecrets(loadConfig(ZPlatformConfig, { ...base, IDENTITY_SIGNING_KEY: pair.privateKey }));
  assert.deepEqual(gateway.identityPublic.current, { id: 'default', secret: pair.publicKey });
  assert.throws(() => loadConfig(ZPlatformConfig, { ...base }), /IDENTITY_PUBLIC_KEY: is required when PROFILE=distributed/);
});
