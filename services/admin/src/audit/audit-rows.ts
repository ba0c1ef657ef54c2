// Reading audit entries back as the chain hashed them (the SQL both the service and the CLI run).
import type { StoredEntry } from './chain.ts';

/** Columns in the shape chain.ts hashes: created_at as the ISO text JavaScript would print. */
export const AUDIT_COLUMNS = `a.id::text AS id, a.seq, a.admin_ref::text AS "adminRef", a.action, a.target_type AS "targetType",
  a.target_id AS "targetId", a.details, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  a.request_id AS "requestId", a.prev_hash AS "prevHash", a.hash`;

export type AuditRow = StoredEntry & { seq: bigint | string | number };

/** The batch after `afterSeq` in chain order (verifyChain's reader). */
export const CHAIN_BATCH_SQL = `SELECT ${AUDIT_COLUMNS} FROM admin.audit_logs a WHERE a.seq > $1::bigint ORDER BY a.seq LIMIT $2`;
export const CHAIN_BATCH_SIZE = 1000;

export function toChainEntry(row: AuditRow): StoredEntry & { seq: bigint } {
  return { ...row, seq: BigInt(row.seq) };
}
