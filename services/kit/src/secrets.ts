// Process secrets. Distributed: required from the environment (every process must agree).
// Embedded: generated once and kept in $DATA_DIR/secrets.json (mode 0600), so a restart keeps
// pending sign-in codes valid. Never in code. Each is a key ring (key-ring.ts): what the environment
// gives may name several keys; a generated secret is one key, the `default` one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PlatformConfig } from './config.ts';
import { type KeyRing, parseKeyRing } from './key-ring.ts';

export interface Secrets {
  /** Signs the gateway's internal identity tokens (and the NATS requests' ones). */
  internalJwt: KeyRing;
  /** Binds CSRF tokens to a browser. */
  csrf: KeyRing;
}

export async function loadSecrets(config: PlatformConfig): Promise<Secrets> {
  if (config.INTERNAL_JWT_SECRET && config.CSRF_SECRET) {
    return { internalJwt: parseKeyRing(config.INTERNAL_JWT_SECRET), csrf: parseKeyRing(config.CSRF_SECRET) };
  }
  const file = resolve(config.DATA_DIR, 'secrets.json');
  let stored: Partial<Record<keyof Secrets, string>> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Record<keyof Secrets, string>>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Record<keyof Secrets, string> = {
    internalJwt: config.INTERNAL_JWT_SECRET ?? stored.internalJwt ?? randomBytes(32).toString('base64url'),
    csrf: config.CSRF_SECRET ?? stored.csrf ?? randomBytes(32).toString('base64url'),
  };
  if (secrets.internalJwt !== stored.internalJwt || secrets.csrf !== stored.csrf) {
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return { internalJwt: parseKeyRing(secrets.internalJwt), csrf: parseKeyRing(secrets.csrf) };
}

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
