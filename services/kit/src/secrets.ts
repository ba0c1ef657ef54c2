// Process secrets. Distributed: required from the environment (every process must agree).
// Embedded: generated once and kept in $DATA_DIR/secrets.json (mode 0600), so a restart keeps
// pending sign-in codes valid. Never in code. Each is a key ring (key-ring.ts): what the environment
// gives may name several keys; a generated secret is one key, the `default` one. The identity keys
// are an Ed25519 pair (identity-keys.ts): the gateway holds the private ring, services the public one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PlatformConfig } from './config.ts';
import { generateIdentityKeyPair, publicIdentityRing } from './identity-keys.ts';
import { type KeyRing, parseKeyRing } from './key-ring.ts';

export interface Secrets {
  /**
   * The gateway's private Ed25519 keys that sign identity tokens (IDENTITY_SIGNING_KEY); null in a
   * service's process, which must never hold them (SECURITY 33).
   */
  identitySigning: KeyRing | null;
  /** The public keys a service checks identity tokens with (IDENTITY_PUBLIC_KEY, else those of the signing keys). */
  identityPublic: KeyRing;
  /** Binds CSRF tokens to a browser. */
  csrf: KeyRing;
}

/** The secrets from the environment, when it names them all (every distributed process; see config.ts). */
function secretsOfEnvironment(config: PlatformConfig): Secrets | null {
  const signing = config.IDENTITY_SIGNING_KEY ? parseKeyRing(config.IDENTITY_SIGNING_KEY) : null;
  const verifying = config.IDENTITY_PUBLIC_KEY ? parseKeyRing(config.IDENTITY_PUBLIC_KEY) : signing && publicIdentityRing(signing);
  if (!verifying || !config.CSRF_SECRET) return null;
  return { identitySigning: signing, identityPublic: verifying, csrf: parseKeyRing(config.CSRF_SECRET) };
}

export async function loadSecrets(config: PlatformConfig): Promise<Secrets> {
  const given = secretsOfEnvironment(config);
  if (given) return given;
  const file = resolve(config.DATA_DIR, 'secrets.json');
  let stored: Partial<Record<StoredSecret, string>> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Record<StoredSecret, string>>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Embedded: the gateway and the services share the process, so the one generated key pair's private
  // half signs and its public half checks. A file of an older version loses its shared HMAC secret
  // (`internalJwt`), which nothing reads any more.
  const secrets: Record<StoredSecret, string> = {
    identitySigning: config.IDENTITY_SIGNING_KEY ?? stored.identitySigning ?? generateIdentityKeyPair().privateKey,
    csrf: config.CSRF_SECRET ?? stored.csrf ?? randomBytes(32).toString('base64url'),
  };
  if (secrets.identitySigning !== stored.identitySigning || secrets.csrf !== stored.csrf || 'internalJwt' in stored) {
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  const signing = parseKeyRing(secrets.identitySigning);
  return {
    identitySigning: signing,
    identityPublic: config.IDENTITY_PUBLIC_KEY ? parseKeyRing(config.IDENTITY_PUBLIC_KEY) : publicIdentityRing(signing),
    csrf: parseKeyRing(secrets.csrf),
  };
}

type StoredSecret = 'identitySigning' | 'csrf';

/** A service-specific secret derived from the process secrets, e.g. the key that hashes sign-in codes. */
export async function loadNamedSecret(config: PlatformConfig, name: string, envValue: string | undefined): Promise<string> {
  if (envValue) return envValue;
  if (config.PROFILE === 'distributed') throw new Error(`${name} is required when PROFILE=distributed`);
  const file = resolve(config.DATA_DIR, `secret-${name.toLowerCase()}`);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = randomBytes(32).toString('base64url');
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(file, value, { mode: 0o600 });
  return value;
}
