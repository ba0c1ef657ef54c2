// RFC 6962 Merkle trees (section 2.1; RFC 9162 section 2.1.3 for the audit path check), for the open
// agenda's snapshots: the server builds the tree over a snapshot's vote leaves and answers
// audit paths; anyone (the browser with Web Crypto, `npm run open-data:verify` with node:crypto)
// recomputes the root. Zod-free and platform-free: the SHA-256 is passed in, sync or async.
//
//   leaf hash  = SHA-256(0x00 ‖ leaf)
//   node hash  = SHA-256(0x01 ‖ left ‖ right)
//   MTH({})    = SHA-256()
//   MTH(D[n])  = node(MTH(D[0:k]), MTH(D[k:n])), k the largest power of two below n

export type Sha256 = (data: Uint8Array<ArrayBuffer>) => Uint8Array | Promise<Uint8Array>;

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

export const hashLeaf = async (sha256: Sha256, leaf: Uint8Array) => sha256(concat(LEAF_PREFIX, leaf));
export const hashChildren = async (sha256: Sha256, left: Uint8Array, right: Uint8Array) => sha256(concat(NODE_PREFIX, left, right));

/** The largest power of two smaller than n (n > 1). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The root of the tree over the given leaf hashes. Built bottom-up, pairing neighbours and carrying
 * an odd last node up unchanged, which is the same tree as the RFC's recursive split.
 */
export async function rootOfLeafHashes(sha256: Sha256, leafHashes: readonly Uint8Array[]): Promise<Uint8Array> {
  if (leafHashes.length === 0) return sha256(new Uint8Array());
  let level = [...leafHashes];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(await hashChildren(sha256, level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level.at(-1)!);
    level = next;
  }
  return level[0]!;
}

/** MTH over leaf hashes [from, to) (recursive, as the RFC defines it). */
async function subtreeRoot(sha256: Sha256, leafHashes: readonly Uint8Array[], from: number, to: number): Promise<Uint8Array> {
  if (to - from === 1) return leafHashes[from]!;
  const k = splitPoint(to - from);
  return hashChildren(sha256, await subtreeRoot(sha256, leafHashes, from, from + k), await subtreeRoot(sha256, leafHashes, from + k, to));
}

/** PATH(m, D[n]): the sibling hashes from the leaf at `index` up to the root, nearest first. */
export async function auditPath(sha256: Sha256, leafHashes: readonly Uint8Array[], index: number): Promise<Uint8Array[]> {
  if (!Number.isInteger(index) || index < 0 || index >= leafHashes.length) throw new RangeError(`no leaf ${index} in a tree of ${leafHashes.length}`);
  const path: Uint8Array[] = [];
  let [from, to, m] = [0, leafHashes.length, index];
  // Top-down, then reversed: each step keeps the half holding the leaf and records the other half's root.
  while (to - from > 1) {
    const k = splitPoint(to - from);
    if (m < k) {
      path.push(await subtreeRoot(sha256, leafHashes, from + k, to));
      to = from + k;
    } else {
      path.push(await subtreeRoot(sha256, leafHashes, from, from + k));
      from += k;
      m -= k;
    }
  }
  return path.reverse();
}

/**
 * The root an audit path leads to (RFC 9162 2.1.3.2), or null when the path cannot belong to a leaf
 * at `index` of a tree of `treeSize` (too long, too short, index out of range).
 */
export async function rootFromAuditPath(
  sha256: Sha256,
  index: number,
  treeSize: number,
  leafHash: Uint8Array,
  path: readonly Uint8Array[],
): Promise<Uint8Array | null> {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return null;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await hashChildren(sha256, p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else {
      r = await hashChildren(sha256, r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 ? r : null;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const HEX_DIGITS = '0123456789abcdef';

/** Lowercase hex to bytes, read two digits at a time (no pattern: nothing to backtrack on a long input). */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new Error('expected lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const [high, low] = [HEX_DIGITS.indexOf(hex[2 * i]!), HEX_DIGITS.indexOf(hex[2 * i + 1]!)];
    if (high < 0 || low < 0) throw new Error('expected lowercase hex');
    bytes[i] = high * 16 + low;
  }
  return bytes;
}

/**
 * A counted vote's leaf: SHA-256(receiptNonce ‖ priorityId ‖ voteType), the nonce as its
 * 32 raw bytes, the priority id as lowercase UUID text and the vote type as `endorse`/`oppose` (UTF-8).
 */
export async function voteLeaf(sha256: Sha256, receiptNonce: Uint8Array, priorityId: string, voteType: 'endorse' | 'oppose'): Promise<Uint8Array> {
  if (receiptNonce.length !== 32) throw new Error('a receipt nonce is 32 bytes');
  const text = new TextEncoder().encode(`${priorityId.toLowerCase()}${voteType}`);
  return sha256(concat(receiptNonce, text));
}
