// The admin service's part of account erasure (civic.account.user.deleted), in the consumer's
// transaction. Audit entries stay, since the chain must still verify: they name people by
// pseudonyms, and deleting the user's pseudonym links leaves them naming no one (docs/architecture.md
// "Audit log", SECURITY 25). The directory row and the reports by or about the user go; a
// redelivery changes nothing.
import type { SqlDriver } from '@civic/service-kit/db';
import { eraseReports } from '../reports/erase-reports.ts';
import { removeDirectoryRow } from '../users/remove-row.ts';
import { adminErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlDriver, userId: string, deletedAt: string): Promise<void> {
  await adminErasureGuard.lockExclusive(tx, userId);
  await tx.execute(
    `DELETE FROM admin.audit_origins o USING admin.audit_logs a, admin.audit_admins m
      WHERE o.entry_id = a.id AND a.admin_ref = m.admin_ref AND m.admin_id = $1::uuid`,
    [userId],
  );
  await tx.execute('DELETE FROM admin.audit_admins WHERE admin_id = $1::uuid', [userId]);
  await tx.execute(`DELETE FROM admin.audit_titles t USING admin.audit_subjects s WHERE s.user_id = $1::uuid AND t.author_ref = s.subject_ref`, [userId]);
  await tx.execute('DELETE FROM admin.audit_subjects WHERE user_id = $1::uuid', [userId]);
  await tx.execute('UPDATE admin.platform_settings SET updated_by = NULL WHERE updated_by = $1::uuid', [userId]);
  await removeDirectoryRow(tx, userId);
  await eraseReports(tx, userId);
  await adminErasureGuard.markDeleted(tx, userId, deletedAt);
}
