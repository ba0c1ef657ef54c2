// The audit log's hash chain (docs/architecture.md "Audit log"): each entry's hash is
// SHA-256(prevHash ‖ canonical JSON of the entry), prevHash being the hash of the entry before it
// (GENESIS_HASH for the first). Pure functions, shared by the service, its verify route and
// `npm run audit:verify`, so all three compute exactly the same thing.
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: everything it says, its administrator by pseudonym. */
export interface ChainedEntry {
  id: string;
  adminRef: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: unknown;
  /** ISO 8601 with milliseconds, UTC (as timestamptz(3) gives it back). */
  createdAt: string;
  /** The request that made it; null for an entry from another service's event. */
  requestId: string | null;
}

/** JSON with object keys sorted at every depth and no blanks: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export function entryHash(prevHash: string, entry: ChainedEntry): string {
  const { id, adminRef, action, targetType, targetId, details, createdAt, requestId } = entry;
  return createHash('sha256')
    .update(prevHash)
    .update(canonicalJson({ id, adminRef, action, targetType, targetId, details, createdAt, requestId }))
    .digest('hex');
}

export interface StoredEntry extends ChainedEntry {
  prevHash: string;
  hash: string;
}

export interface ChainCheck {
  valid: boolean;
  entries: number;
  headHash: string | null;
  firstInvalidId: string | null;
}

/**
 * Walks entries in chain order, a batch at a time (`next(after)` answers the batch after the last
 * entry seen, empty at the end), and names the first entry whose link or hash does not hold.
 */
export async function verifyChain(next: (afterSeq: bigint | null) => Promise<(StoredEntry & { seq: bigint })[]>): Promise<ChainCheck> {
  let expectedPrev = GENESIS_HASH;
  let entries = 0;
  let firstInvalidId: string | null = null;
  let after: bigint | null = null;
  for (;;) {
    const batch = await next(after);
    if (batch.length === 0) break;
    for (const entry of batch) {
      entries += 1;
      if (firstInvalidId === null && (entry.prevHash !== expectedPrev || entryHash(entry.prevHash, entry) !== entry.hash)) firstInvalidId = entry.id;
      // Follow the stored link: one altered entry is named, the ones after it still check against it.
      expectedPrev = entry.hash;
      after = entry.seq;
    }
  }
  return { valid: firstInvalidId === null, entries, headHash: entries === 0 ? null : expectedPrev, firstInvalidId };
}
