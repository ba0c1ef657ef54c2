// auth's part of account erasure (civic.account.user.deleted): the user row, with the e-mail and the
// profile copy, and every sign-in record of the address go; so do the user's sessions. Runs in the
// consumer's transaction, so a redelivery finds nothing left and changes nothing. Afterwards the same
// address signs up as a new, empty account with a new id (and no recruit: a keyed hash of the address
// is kept).
import { eraseDeadLettersNaming } from '@civic/service-kit/events';
import type { SqlDriver } from '@civic/service-kit/db';
import type { KeyRing, SessionStore } from '@civic/service-kit';
import { rememberErasedAddress } from '../users/erased-addresses.ts';

export async function eraseUser(tx: SqlDriver, sessions: SessionStore, codeKey: KeyRing, userId: string, erasedAt: Date): Promise<void> {
  // Sign-in records are kept by the account's key; a superseded account (key NULL) has none left.
  const users = await tx.query<{ email_canonical: string | null }>('DELETE FROM auth.users WHERE id = $1::uuid RETURNING email_canonical', [userId]);
  // The events that named the user (by id or address) and failed here go too (the kit's dead-letters.ts).
  await eraseDeadLettersNaming(tx, 'auth', [userId, ...users.flatMap(({ email_canonical: email }) => (email === null ? [] : [email]))]);
  for (const { email_canonical: email } of users) {
    if (email === null) continue;
    // Only a keyed hash: the address signing up again is no recruit (erased-addresses.ts).
    await rememberErasedAddress(tx, codeKey, email, erasedAt);
    await tx.execute('DELETE FROM auth.sign_in_states WHERE email_canonical = $1', [email]);
    await tx.execute('DELETE FROM auth.sign_in_failures WHERE email_canonical = $1', [email]);
    await tx.execute('DELETE FROM auth.sign_in_mails WHERE email_canonical = $1', [email]);
  }
  // Already done by the account service when the deletion was asked for; repeated here because a
  // sign-in that raced the deletion may have made a session since.
  await sessions.revokeUser(userId);
}
