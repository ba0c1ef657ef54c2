// The check behind "Verify my vote" (issue 23), done in the browser so the citizen need not take the
// server's word: the leaf recomputed from the receipt's nonce, this card's priority and the vote type;
// the root recomputed from the leaf's RFC 6962 audit path; that root compared with both the receipt's
// and the one the public snapshot list publishes; and the leaf's index checked against the range the
// published snapshot gives the priority's votes of that type, so the vote counts in the right tally.
// Pure: the SHA-256 is passed in (Web Crypto in the page, node:crypto in the unit test). Merkle code
// from the contracts' zod-free module.
import type { TSnapshotPriority, TSnapshotSummary, TVoteReceipt } from '@civic/contracts/priorities/open-data';
import { leafOrderAccepted, typeLeafRange } from '@civic/contracts/shared/open-data/leaf-order';
import { fromHex, hashLeaf, rootFromAuditPath, type Sha256, toHex, voteLeaf } from '@civic/contracts/shared/open-data/merkle';

export type CountedReceipt = Extract<TVoteReceipt, { status: 'counted' }>;

/** Why a counted receipt does not verify (each has its own text, verify-texts.ts). */
export type VerifyFailure =
  /** A hex field or number the math cannot use. */
  | 'malformed'
  /** The receipt names another priority than the card's. */
  | 'priority'
  /** SHA-256(nonce ‖ priority ‖ vote type) is not the receipt's leaf. */
  | 'leaf'
  /** The audit path cannot belong to that leaf index and tree size. */
  | 'path'
  /** The audit path leads to another root than the receipt's. */
  | 'root'
  /** The public list has no snapshot with the receipt's id. */
  | 'unpublished'
  /** The published snapshot's root is not the one the audit path leads to. */
  | 'published-root'
  /** The leaf's index is outside the published range of the priority's votes of the receipt's type. */
  | 'range'
  /** The snapshot names a tree order that does not bind vote types, and was taken after that order ended. */
  | 'order';

export type Verification = { ok: true; root: string } | { ok: false; reason: VerifyFailure };

/** SHA-256 with Web Crypto, or null where the page has none (crypto.subtle needs a secure context). */
export function webCryptoSha256(): Sha256 | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return async (data) => new Uint8Array(await subtle.digest('SHA-256', data));
}

/** What the public snapshot says: its entry in the list and the priority's line of its ranked list. */
export interface PublishedSnapshot {
  summary: Pick<TSnapshotSummary, 'id' | 'root' | 'leafOrder' | 'takenAt'>;
  /** Undefined when the snapshot does not list the priority. */
  line: Pick<TSnapshotPriority, 'id' | 'firstLeaf' | 'endorsements' | 'oppositions'> | undefined;
}

/**
 * Checks a counted receipt for the card's priority against the published snapshot (`published`:
 * the public list's entry with the receipt's snapshotId and the priority's line of that snapshot, or
 * undefined when the list has none).
 */
export async function verifyCountedReceipt(
  sha256: Sha256,
  priorityId: string,
  receipt: CountedReceipt,
  published: PublishedSnapshot | undefined,
): Promise<Verification> {
  if (receipt.priorityId.toLowerCase() !== priorityId.toLowerCase()) return { ok: false, reason: 'priority' };
  let root: Uint8Array | null;
  try {
    // The card's priority id, not the receipt's: the leaf must bind the vote to this priority.
    const leaf = await voteLeaf(sha256, fromHex(receipt.receiptNonce), priorityId, receipt.voteType);
    if (toHex(leaf) !== receipt.leaf) return { ok: false, reason: 'leaf' };
    root = await rootFromAuditPath(sha256, receipt.leafIndex, receipt.treeSize, await hashLeaf(sha256, leaf), receipt.auditPath.map(fromHex));
  } catch {
    // fromHex on a field that is not lowercase hex, or a nonce that is not 32 bytes.
    return { ok: false, reason: 'malformed' };
  }
  if (root === null) return { ok: false, reason: 'path' };
  const rootHex = toHex(root);
  if (rootHex !== receipt.root) return { ok: false, reason: 'root' };
  if (!published || published.summary.id !== receipt.snapshotId) return { ok: false, reason: 'unpublished' };
  if (published.summary.root !== rootHex) return { ok: false, reason: 'published-root' };
  if (!leafOrderAccepted(published.summary.leafOrder, published.summary.takenAt)) return { ok: false, reason: 'order' };
  // The root binds the order of the leaves; the published range says which tally this place is in.
  const { line } = published;
  if (!line || line.id.toLowerCase() !== priorityId.toLowerCase()) return { ok: false, reason: 'range' };
  const leaves = { firstLeaf: line.firstLeaf, leafCount: line.endorsements + line.oppositions, endorseLeaves: line.endorsements };
  const { first, end } = typeLeafRange(published.summary.leafOrder, leaves, receipt.voteType);
  if (receipt.leafIndex < first || receipt.leafIndex >= end) return { ok: false, reason: 'range' };
  return { ok: true, root: rootHex };
}
