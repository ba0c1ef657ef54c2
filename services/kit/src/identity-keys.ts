// The identity tokens' keys (SECURITY 33): Ed25519, so that only the gateway, which holds the private
// keys (IDENTITY_SIGNING_KEY), can sign an identity, and a service, which holds only the public keys
// (IDENTITY_PUBLIC_KEY), can check one but never make one. Both are key rings (key-ring.ts): `id:key`
// entries, the current key first, rotated as docs/key-rotation.md says. A key is written as the
// base64url of its DER (PKCS#8 for a private key, SPKI for a public one): one line, no comma.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_KEY_ID, type KeyRing, keyRingProblem, parseKeyRing, type RingKey } from './key-ring.ts';

export type IdentityKeyKind = 'private' | 'public';

/** The key object of a ring entry's text; throws (without quoting it) when it is not an Ed25519 key of that kind. */
export function identityKeyObject(text: string, kind: IdentityKeyKind): KeyObject {
  let key: KeyObject;
  try {
    const der = Buffer.from(text, 'base64url');
    key = kind === 'private' ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) : createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    throw new Error(`is not an Ed25519 ${kind} key (base64url of its DER)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`is not an Ed25519 ${kind} key (base64url of its DER)`);
  return key;
}

/** The PEM a ring entry's key stands for (what @fastify/jwt and fast-jwt take). */
export function identityKeyPem(key: RingKey, kind: IdentityKeyKind): string {
  const object = identityKeyObject(key.secret, kind);
  return object.export(kind === 'private' ? { format: 'pem', type: 'pkcs8' } : { format: 'pem', type: 'spki' }) as string;
}

/** What is wrong with a ring of identity keys, or null; like keyRingProblem, never quoting a key. */
export function identityKeyRingProblem(value: string, kind: IdentityKeyKind): string | null {
  const problem = keyRingProblem(value);
  if (problem) return problem;
  const { keys } = parseKeyRing(value);
  for (const [index, key] of keys.entries()) {
    try {
      identityKeyObject(key.secret, kind);
    } catch (error) {
      return `${keys.length === 1 ? 'the key' : `entry ${index + 1} of ${keys.length}`} ${(error as Error).message}`;
    }
  }
  return null;
}

/** A config variable holding a ring of identity keys of one kind. */
export function zIdentityKeyRing(kind: IdentityKeyKind) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = identityKeyRingProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional();
}

/** A new key pair, each as a ring entry's text (`npm run setup:distributed`, the embedded profile, tests). */
export function generateIdentityKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
  };
}

/** The public ring of a private one: the same ids, each key's public half. */
export function publicIdentityRing(signing: KeyRing): KeyRing {
  const keys = signing.keys.map((key) => ({
    id: key.id,
    secret: createPublicKey(identityKeyObject(key.secret, 'private')).export({ format: 'der', type: 'spki' }).toString('base64url'),
  }));
  return { current: keys[0]!, keys };
}

/** The public ring's text of a private ring's text (`id:key,...`, as IDENTITY_PUBLIC_KEY is written). */
export function publicIdentityRingText(signing: string): string {
  return publicIdentityRing(parseKeyRing(signing))
    .keys.map((key) => (key.id === DEFAULT_KEY_ID ? key.secret : `${key.id}:${key.secret}`))
    .join(',');
}
