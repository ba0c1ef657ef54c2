// GET /api/admin/audit-logs/verify: recomputes the whole chain from the database, a batch at a time.
import type { TAuditVerification } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { CHAIN_BATCH_SIZE, CHAIN_BATCH_SQL, toChainEntry, type AuditRow } from './audit-rows.ts';
import { verifyChain } from './chain.ts';

export function verifyAuditLog(db: SqlDriver): Promise<TAuditVerification> {
  return verifyChain(async (after) => {
    const rows = await db.query<AuditRow>(CHAIN_BATCH_SQL, [(after ?? 0n).toString(), CHAIN_BATCH_SIZE]);
    return rows.map(toChainEntry);
  });
}
