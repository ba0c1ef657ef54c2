// The reports' part of account erasure (civic.account.user.deleted), in the consumer's transaction,
// after the erasure guard's exclusive lock (data-rights/erase-user.ts). A reporter's reports are
// theirs: they go, so the counts of the items they reported drop by one and they no longer count
// toward an automatic ban (one already requested stands: it is auth's, and an administrator's to
// undo). An erased author's items left with them (briefing deletes the documents, priorities detaches
// the priorities): the reports about them and the author's automatic-ban state go too.
import type { SqlDriver } from '@civic/service-kit/db';

export async function eraseReports(tx: SqlDriver, userId: string): Promise<void> {
  await tx.execute('DELETE FROM admin.reports WHERE reporter_id = $1::uuid OR author_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM admin.report_content WHERE author_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM admin.report_authors WHERE author_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM admin.auto_ban_requests WHERE author_id = $1::uuid', [userId]);
}
