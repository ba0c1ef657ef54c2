// The addresses of erased accounts (issue 18): an address that was erased and signs up again makes a
// new account, but no recruit, so one person never earns a recruiter two rewards. Only an HMAC of the
// canonical address is kept, under a key derived from the code key: it answers "was this address
// erased?" for an address one already has, and a leaked table cannot be turned back into addresses by
// hashing a list of guesses. (Rotating AUTH_CODE_KEY forgets the list: erased addresses could then
// recruit again once.)
import { hmacSha256 } from '@civic/service-kit';
import type { SqlExecutor } from '@civic/service-kit/events';

function addressHash(codeKey: string, emailCanonical: string): string {
  return hmacSha256(codeKey, `erased-address:${emailCanonical}`);
}

export async function rememberErasedAddress(tx: SqlExecutor, codeKey: string, emailCanonical: string, erasedAt: Date): Promise<void> {
  await tx.$executeRawUnsafe(
    'INSERT INTO auth.erased_addresses (address_hash, erased_at) VALUES ($1, $2::timestamptz) ON CONFLICT (address_hash) DO NOTHING',
    addressHash(codeKey, emailCanonical),
    erasedAt.toISOString(),
  );
}

export async function wasErased(tx: SqlExecutor, codeKey: string, emailCanonical: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM auth.erased_addresses WHERE address_hash = $1', addressHash(codeKey, emailCanonical));
  return rows.length > 0;
}
