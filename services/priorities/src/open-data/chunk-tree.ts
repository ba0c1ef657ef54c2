// The snapshot's Merkle tree (RFC 6962, contracts/src/shared/open-data/merkle.ts) on the server, synchronous
// on node:crypto for speed. A snapshot keeps its leaves in chunks of a power-of-two size: every full
// chunk is a perfect subtree of the RFC tree and the last, partial one is the tree's right edge, so
// the tree over the chunks' roots is the same tree as over all the leaves (docs/open-data.md). The
// snapshot stores only the chunks' roots; a receipt's audit path is the path inside its chunk (from
// that chunk's leaves) followed by the chunk's path among the chunk roots. test/open-data/chunk-tree
// checks both against merkle.ts on many tree sizes.
import { hash } from 'node:crypto';

export const HASH_BYTES = 32;
const LEAF_PREFIX = Buffer.of(0x00);
const NODE_PREFIX = Buffer.of(0x01);

// The one-shot hash: a third cheaper than createHash().update().digest() for 65 bytes.
const sha256 = (...parts: Uint8Array[]): Buffer => hash('sha256', parts.length === 1 ? parts[0]! : Buffer.concat(parts), 'buffer');

/** The leaf hashes of leaves stored back to back, 32 bytes each. */
export function leafHashesOf(leaves: Uint8Array): Buffer[] {
  const hashes: Buffer[] = [];
  for (let at = 0; at < leaves.length; at += HASH_BYTES) hashes.push(sha256(LEAF_PREFIX, leaves.subarray(at, at + HASH_BYTES)));
  return hashes;
}

/**
 * Every level of the tree over the given hashes, bottom (the hashes) to top (the root): neighbours
 * paired, an odd last node carried up unchanged, which is the RFC's tree.
 */
export function levelsOf(hashes: readonly Uint8Array[]): Uint8Array[][] {
  const levels: Uint8Array[][] = [[...hashes]];
  while (levels.at(-1)!.length > 1) {
    const level = levels.at(-1)!;
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(sha256(NODE_PREFIX, level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level.at(-1)!);
    levels.push(next);
  }
  return levels;
}

/** The root over the given hashes (the hash of nothing for none, as the RFC defines MTH({})). */
export function rootOf(hashes: readonly Uint8Array[]): Uint8Array {
  return hashes.length === 0 ? sha256() : levelsOf(hashes).at(-1)![0]!;
}

/** The audit path (nearest sibling first) of the node at `index` of the bottom level. */
export function pathFromLevels(levels: readonly Uint8Array[][], index: number): Uint8Array[] {
  const path: Uint8Array[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 1 ? i - 1 : i + 1;
    // A carried last node has no sibling at this level.
    if (sibling < level.length) path.push(level[sibling]!);
    i >>= 1;
  }
  return path;
}

/** A driver's bytea (pg: Buffer; PGlite: Uint8Array) as a Buffer over the same bytes, without copying. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The chunks' roots stored back to back (open_data_snapshots.chunk_roots) as a list. */
export function splitHashes(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += HASH_BYTES) out.push(bytes.subarray(at, at + HASH_BYTES));
  return out;
}
