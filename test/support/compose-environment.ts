// docker-compose.yml's environment as a deployment gives it: .env.example's variables, the empty ones
// (the secrets) filled in, and compose's ${VAR} interpolation, for tests that read or run the file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateIdentityKeyEnv } from '../../infra/identity-key-env.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** KEY=value lines of .env.example, comments and blank lines aside. */
export function envExample(): Map<string, string> {
  const entries = readFileSync(`${ROOT}/.env.example`, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      assert.ok(match, `.env.example: not a KEY=value line: ${line}`);
      return [match[1]!, match[2]!] as const;
    });
  return new Map(entries);
}

/** The example with its empty values (the secrets) filled in, each long enough for every schema. */
export function filledEnvironment(): Map<string, string> {
  const filled = new Map([...envExample()].map(([key, value]) => [key, value || `${key.toLowerCase().replaceAll('_', '-')}-0123456789abcdef0123456789abcdef`]));
  filled.set('SMTP_URL', 'smtp://mail.example.org:587');
  // The identity keys are checked for what they are (Ed25519, private or public).
  for (const [key, value] of Object.entries(generateIdentityKeyEnv())) filled.set(key, value);
  filled.set('ADMIN_EMAILS', 'first-admin@example.org');
  return filled;
}

export const COMPOSE_REFERENCE = /\$\{([A-Z][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** Compose's ${VAR}, ${VAR:-default}, ${VAR:?message} with `values`; an unset required one throws. */
export function interpolate(text: string, values: Map<string, string>): string {
  return text.replace(COMPOSE_REFERENCE, (_whole, name: string, operator: string | undefined, argument: string | undefined) => {
    const value = values.get(name);
    if (operator === ':-') return value || (argument ?? '');
    if (operator === '-') return value ?? argument ?? '';
    if (operator === ':?' || operator === '?') {
      if (!value) throw new Error(`${name}: ${argument}`);
      return value;
    }
    return value ?? '';
  });
}
