// Appends one audit entry, in the caller's transaction (the action it records commits with it, or
// neither does). Appends are serialised by a transaction-scoped advisory lock, so each entry links
// to the one committed before it and `seq` order is chain order.
import { randomUUID } from 'node:crypto';
import type { TAuditAction, TAuditTargetType } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { entryHash, GENESIS_HASH } from './chain.ts';
import { adminRefOf, subjectRefOf } from './pseudonyms.ts';

/** The advisory lock of "the audit chain's head" (two-key form: this class, 0). */
const AUDIT_HEAD_LOCK_CLASS = 0x41554431; // 'AUD1'

/** Who acted, and from where (SECURITY 23): the administrator, the client's address, the request. */
export interface AdminActor {
  adminId: string;
  ip: string;
  requestId: string;
}

/**
 * The pseudonym of entries no administrator made (the automatic ban): no row of
 * audit_admins names it, so such an entry reads adminId null, as an erased administrator's do, and
 * the chain hashes it like any other.
 */
export const NO_ADMIN_REF = '00000000-0000-0000-0000-000000000000';

export interface NewAuditEntry {
  /** null: no administrator acted (an automatic ban). */
  adminId: string | null;
  /** The administrator's client address and request id; absent only for what no request caused. */
  origin?: { ip: string; requestId: string };
  action: TAuditAction;
  targetType: TAuditTargetType;
  /** A 'user' target is chained as the citizen's pseudonym (pseudonyms.ts), not their id. */
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  /** The event it was made from, when another service acted: logged once (the unique column). */
  sourceEventId?: string;
  /**
   * The citizen's content the entry is about (a removed priority or document): its author is chained
   * as details.authorRef (a pseudonym, null for none), its title kept in audit_titles outside the chain.
   */
  content?: { authorId: string | null; title: string };
}

export async function appendAuditEntry(tx: SqlDriver, entry: NewAuditEntry): Promise<{ id: string; hash: string } | null> {
  await tx.execute('SELECT pg_advisory_xact_lock($1::int, 0)', [AUDIT_HEAD_LOCK_CLASS]);
  if (entry.sourceEventId) {
    const seen = await tx.query<unknown>('SELECT 1 FROM admin.audit_logs WHERE source_event_id = $1::uuid', [entry.sourceEventId]);
    if (seen.length > 0) return null;
  }
  const [head] = await tx.query<{ hash: string }>('SELECT hash FROM admin.audit_logs ORDER BY seq DESC LIMIT 1');
  const prevHash = head?.hash ?? GENESIS_HASH;
  const id = randomUUID();
  const adminRef = entry.adminId === null ? NO_ADMIN_REF : await adminRefOf(tx, entry.adminId);
  const targetId = entry.targetType === 'user' && entry.targetId !== null ? await subjectRefOf(tx, entry.targetId) : entry.targetId;
  const authorRef = entry.content?.authorId ? await subjectRefOf(tx, entry.content.authorId) : null;
  const details = entry.content ? { ...entry.details, authorRef } : entry.details;
  // Milliseconds, as timestamptz(3) stores them, so the hash read back is the hash written.
  const createdAt = new Date(Math.floor(entry.createdAt.getTime())).toISOString();
  const requestId = entry.origin?.requestId ?? null;
  const hash = entryHash(prevHash, {
    id,
    adminRef,
    action: entry.action,
    targetType: entry.targetType,
    targetId,
    details,
    createdAt,
    requestId,
  });
  await tx.execute(
    `INSERT INTO admin.audit_logs (id, admin_ref, action, target_type, target_id, details, created_at, source_event_id, prev_hash, hash, request_id)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::jsonb, $7::timestamptz, $8::uuid, $9, $10, $11)`,
    [id, adminRef, entry.action, entry.targetType, targetId, JSON.stringify(details), createdAt, entry.sourceEventId ?? null, prevHash, hash, requestId],
  );
  if (entry.origin) await tx.execute('INSERT INTO admin.audit_origins (entry_id, ip) VALUES ($1::uuid, $2)', [id, entry.origin.ip]);
  if (entry.content) {
    await tx.execute('INSERT INTO admin.audit_titles (entry_id, author_ref, title) VALUES ($1::uuid, $2::uuid, $3)', [id, authorRef, entry.content.title]);
  }
  return { id, hash };
}
