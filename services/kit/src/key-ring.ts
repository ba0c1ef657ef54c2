// Key rings (docs/key-rotation.md): IDENTITY_SIGNING_KEY (and IDENTITY_PUBLIC_KEY), CSRF_SECRET and
// AUTH_CODE_KEY each hold `id:key` entries, current first, e.g. CSRF_SECRET=k2:<new>,k1:<old>.
// The current key makes everything new; the others are chosen by the id a token or hash names, never
// by trying every key. An entry without `id:` is the `default` key, whose output carries no id.
import { z } from 'zod';
import { hmacSha256 } from './crypto.ts';

/** The id of a key given without one (a plain single value), and of what was made before key ids. */
export const DEFAULT_KEY_ID = 'default';
export const MIN_KEY_LENGTH = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface RingKey {
  readonly id: string;
  readonly secret: string;
}

export interface KeyRing {
  /** The key new tokens and hashes are made with: the first entry. */
  readonly current: RingKey;
  /** Every key, the current one first. */
  readonly keys: readonly RingKey[];
}

/**
 * What is wrong with a ring's text, or null. The message never quotes the value or a key id (a key
 * with a mistyped separator would otherwise be logged): entries are named by position.
 */
export function keyRingProblem(value: string): string | null {
  const entries = value.split(',').map((entry) => entry.trim());
  const ids = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    const which = entries.length === 1 ? 'the key' : `entry ${index + 1} of ${entries.length}`;
    if (entry === '') {
      return entries.length === 1
        ? `must be at least ${MIN_KEY_LENGTH} characters`
        : `${which} is empty (a comma-separated list: the current key first, then keys still accepted)`;
    }
    const colon = entry.indexOf(':');
    const id = colon < 0 ? DEFAULT_KEY_ID : entry.slice(0, colon);
    const secret = colon < 0 ? entry : entry.slice(colon + 1);
    if (!KEY_ID.test(id)) return `${which}: a key id (before ':') must be 1-32 letters, digits, '_' or '-'`;
    if (secret.length < MIN_KEY_LENGTH) {
      return entries.length === 1 && colon < 0
        ? `must be at least ${MIN_KEY_LENGTH} characters`
        : `${which}: the key must be at least ${MIN_KEY_LENGTH} characters`;
    }
    const earlier = ids.get(id);
    if (earlier !== undefined) {
      return colon < 0 || entries[earlier]!.indexOf(':') < 0
        ? `entries ${earlier + 1} and ${index + 1} both lack a key id: every key but one needs its "id:"`
        : `entries ${earlier + 1} and ${index + 1} have the same key id`;
    }
    ids.set(id, index);
  }
  return null;
}

/** The ring a valid value describes; throws (without quoting the value) when it is not one. */
export function parseKeyRing(value: string): KeyRing {
  const problem = keyRingProblem(value);
  if (problem) throw new Error(`Invalid key ring: ${problem}`);
  const keys = value.split(',').map((raw) => {
    const entry = raw.trim();
    const colon = entry.indexOf(':');
    return colon < 0 ? { id: DEFAULT_KEY_ID, secret: entry } : { id: entry.slice(0, colon), secret: entry.slice(colon + 1) };
  });
  return { current: keys[0]!, keys };
}

/** A ring as is, or parsed from its text (tests and tools pass a plain secret). */
export function asKeyRing(secret: string | KeyRing): KeyRing {
  return typeof secret === 'string' ? parseKeyRing(secret) : secret;
}

/** A config variable holding a key ring: the zod issue is reported under the variable's name. */
export const zKeyRing = z
  .string()
  .superRefine((value, ctx) => {
    const problem = keyRingProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional();

/** The ring's key with this id (`undefined`: the default key), or undefined when the ring has none. */
export function keyById(ring: KeyRing, id: string | undefined): RingKey | undefined {
  const wanted = id ?? DEFAULT_KEY_ID;
  return ring.keys.find((key) => key.id === wanted);
}

/** `value` with the id of the key that made it in front (`<id>.<value>`); none for the default key. */
export function markWithKeyId(key: RingKey, value: string): string {
  return key.id === DEFAULT_KEY_ID ? value : `${key.id}.${value}`;
}

/**
 * The key a marked value names and the value itself, or undefined when the id is not in the ring or
 * the shape is wrong. `dots` is how many dots the value has of its own (a CSRF token's one).
 */
export function keyOfMarked(ring: KeyRing, marked: string, dots = 0): { key: RingKey; value: string } | undefined {
  let count = 0;
  for (let i = marked.indexOf('.'); i >= 0; i = marked.indexOf('.', i + 1)) count++;
  if (count === dots) {
    const key = keyById(ring, DEFAULT_KEY_ID);
    return key && { key, value: marked };
  }
  if (count !== dots + 1) return undefined;
  const dot = marked.indexOf('.');
  const key = keyById(ring, marked.slice(0, dot));
  return key && key.id !== DEFAULT_KEY_ID ? { key, value: marked.slice(dot + 1) } : undefined;
}

/** A ring of keys derived from each key of `ring` (same ids): a purpose-bound key per key. */
export function deriveKeyRing(ring: KeyRing, purpose: string): KeyRing {
  const keys = ring.keys.map((key) => ({ id: key.id, secret: hmacSha256(key.secret, purpose) }));
  return { current: keys[0]!, keys };
}
