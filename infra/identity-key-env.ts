// The identity keys in the processes' environments (SECURITY 33): the gateway alone gets the private
// ring (IDENTITY_SIGNING_KEY), which signs; every service gets the public ring (IDENTITY_PUBLIC_KEY)
// only, so none of them can make an identity another accepts. docker-compose.yml wires the same.
import { generateIdentityKeyPair } from '@civic/service-kit';

export const SIGNING_KEY = 'IDENTITY_SIGNING_KEY';
export const PUBLIC_KEY = 'IDENTITY_PUBLIC_KEY';

/** A fresh pair as the two variables (setup, the test stacks). */
export function generateIdentityKeyEnv(): Record<typeof SIGNING_KEY | typeof PUBLIC_KEY, string> {
  const { privateKey, publicKey } = generateIdentityKeyPair();
  return { [SIGNING_KEY]: privateKey, [PUBLIC_KEY]: publicKey };
}

/** `env` as process `name` may see it: without the private keys unless it is the gateway. */
export function identityKeysFor<E extends Record<string, string | undefined>>(name: string, env: E): E {
  if (name === 'gateway') return env;
  const { [SIGNING_KEY]: _private, ...rest } = env;
  return rest as E;
}
