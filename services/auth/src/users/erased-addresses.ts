// The addresses of erased accounts: an address that was erased and signs up again makes a
// new account, but no recruit, so one person never earns a recruiter two rewards. Only an HMAC of the
// canonical address is kept, under a key derived from the code key: it answers "was this address
// erased?" for an address one already has, and a leaked table cannot be turned back into addresses by
// hashing a list of guesses.
//
// Unlike a code, an erased address's hash lives for ever, and an HMAC cannot be re-made under a new
// key without the address: each hash is stored behind the id of the AUTH_CODE_KEY key that made it
// (`<kid>.<hash>`, none for the `default` key), and the question is asked under every key of the ring.
// A key removed from the ring forgets the addresses erased under it (each could then recruit once
// more); docs/key-rotation.md says to keep old keys in the ring for that reason.
import { DEFAULT_KEY_ID, hmacSha256, type KeyRing, markWithKeyId, type RingKey } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';

function addressHash(key: RingKey, emailCanonical: string): string {
  return markWithKeyId(key, hmacSha256(key.secret, `erased-address:${emailCanonical}`));
}

export async function rememberErasedAddress(tx: SqlDriver, codeKey: KeyRing, emailCanonical: string, erasedAt: Date): Promise<void> {
  await tx.execute('INSERT INTO auth.erased_addresses (address_hash, erased_at) VALUES ($1, $2::timestamptz) ON CONFLICT (address_hash) DO NOTHING', [
    addressHash(codeKey.current, emailCanonical),
    erasedAt.toISOString(),
  ]);
}

export async function wasErased(tx: SqlDriver, codeKey: KeyRing, emailCanonical: string): Promise<boolean> {
  const hashes = codeKey.keys.map((key) => addressHash(key, emailCanonical));
  const placeholders = hashes.map((_, i) => `$${i + 1}`).join(', ');
  const rows = await tx.query<unknown>(`SELECT 1 FROM auth.erased_addresses WHERE address_hash IN (${placeholders}) LIMIT 1`, hashes);
  return rows.length > 0;
}

/**
 * How many erased addresses are recorded under key ids the ring no longer holds, by id: those are no
 * longer recognized. Logged at start (app.ts), so removing an old code key does not go unnoticed.
 */
export async function forgottenErasedAddresses(sql: SqlDriver, codeKey: KeyRing): Promise<Record<string, number>> {
  const rows = await sql.query<{ key_id: string; count: number }>(
    `SELECT CASE WHEN strpos(address_hash, '.') > 0 THEN split_part(address_hash, '.', 1) ELSE '${DEFAULT_KEY_ID}' END AS key_id, count(*)::int AS count
       FROM auth.erased_addresses GROUP BY 1`,
  );
  const held = new Set(codeKey.keys.map((key) => key.id));
  return Object.fromEntries(rows.filter((row) => !held.has(row.key_id)).map((row) => [row.key_id, Number(row.count)]));
}
