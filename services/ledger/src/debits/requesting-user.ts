// A debit or refund names the user it is about, and travels with the identity of the request that
// caused it (the paying service passes on the identity it was called with). The two must agree: a
// service bug that would charge one user for another's purchase is refused, not booked.
import { type Identity, requestUserOf } from '@civic/service-kit';

export function checkRequestingUser(identity: Identity, userId: string): void {
  if (requestUserOf(identity) !== userId.toLowerCase()) throw new Error('A ledger request must carry the identity of the user it is about');
}
