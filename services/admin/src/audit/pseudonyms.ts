// The pseudonyms audit entries name people by (SECURITY 25): an administrator by admin_ref
// (audit_admins), a citizen an entry is about (a user target, a content author) by subject_ref
// (audit_subjects). The chain hashes the pseudonym; the link to the account is the one row erasure
// deletes. An account already erased gets a pseudonym linked to nothing, so a late event cannot
// name it again (the erasure guard's shared lock orders this with the erasure).
import { randomUUID } from 'node:crypto';
import type { SqlDriver } from '@civic/service-kit/db';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';

interface PseudonymTable {
  table: string;
  idColumn: string;
  refColumn: string;
}

const ADMINS: PseudonymTable = { table: 'admin.audit_admins', idColumn: 'admin_id', refColumn: 'admin_ref' };
const SUBJECTS: PseudonymTable = { table: 'admin.audit_subjects', idColumn: 'user_id', refColumn: 'subject_ref' };

/** The person's pseudonym in `t`, made at their first entry. */
async function pseudonymOf(tx: SqlDriver, t: PseudonymTable, userId: string): Promise<string> {
  if (await adminErasureGuard.isDeletedUser(tx, userId)) return randomUUID();
  await tx.execute(`INSERT INTO ${t.table} (${t.idColumn}, ${t.refColumn}) VALUES ($1::uuid, $2::uuid) ON CONFLICT (${t.idColumn}) DO NOTHING`, [
    userId,
    randomUUID(),
  ]);
  const [row] = await tx.query<{ ref: string }>(`SELECT ${t.refColumn}::text AS ref FROM ${t.table} WHERE ${t.idColumn} = $1::uuid`, [userId]);
  return row!.ref;
}

export const adminRefOf = (tx: SqlDriver, adminId: string) => pseudonymOf(tx, ADMINS, adminId);
export const subjectRefOf = (tx: SqlDriver, userId: string) => pseudonymOf(tx, SUBJECTS, userId);
