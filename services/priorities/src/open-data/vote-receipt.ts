// GET /api/priorities/{id}/vote/receipt: the caller's vote as a leaf of the latest snapshot,
// with the RFC 6962 audit path from it to the snapshot's root, or "pending" when the vote is newer than
// that snapshot (cast or changed since: every change gives a new nonce, so a new leaf).
//
// Finding the leaf reads one chunk: the priority's row gives the range of its leaves of the vote's type
// in the tree (sorted by leaf bytes), and a binary search over the chunks' first leaves finds the chunk
// of that range that holds it. The path is the path inside the chunk
// (hashing at most CHUNK_SIZE leaves) followed by the chunk's path among the chunk roots, whose levels
// each process keeps for the latest snapshots (immutable, so never stale).
import { isUuid, type TVoteReceipt, type TVoteType } from '@civic/contracts';
import { typeLeafRange } from '@civic/contracts/shared/open-data/leaf-order';
import type { SqlDriver } from '@civic/service-kit/db';
import type { PrioritiesContext } from '../context.ts';
import { NoVote, PriorityNotFound } from '../errors.ts';
import { asBuffer, HASH_BYTES, leafHashesOf, levelsOf, pathFromLevels, splitHashes } from './chunk-tree.ts';
import { latestSnapshot, type SnapshotRow } from './snapshot-rows.ts';
import { nextSnapshotAt } from './snapshot-schedule.ts';

/** Levels of the tree over the chunk roots, for the few newest snapshots (each ~2 × 32 B per chunk). */
const KEPT_LEVELS = 2;
const levelsBySnapshot = new Map<string, Promise<Uint8Array[][]>>();

function chunkLevels(sql: SqlDriver, snapshotId: string): Promise<Uint8Array[][]> {
  let levels = levelsBySnapshot.get(snapshotId);
  if (!levels) {
    levels = sql
      .query<{ chunk_roots: Uint8Array }>('SELECT chunk_roots FROM priorities.open_data_snapshots WHERE id = $1::uuid', [snapshotId])
      .then(([row]) => levelsOf(splitHashes(row ? Buffer.from(row.chunk_roots) : Buffer.alloc(0))));
    levels.catch(() => levelsBySnapshot.delete(snapshotId));
    levelsBySnapshot.set(snapshotId, levels);
    while (levelsBySnapshot.size > KEPT_LEVELS) levelsBySnapshot.delete(levelsBySnapshot.keys().next().value!);
  }
  return levels;
}

interface VoteRow {
  vote_type: TVoteType;
  voted_at: Date | string;
  receipt_nonce: Uint8Array;
  leaf: Uint8Array;
  active: boolean;
}

interface Placement {
  leafIndex: number;
  chunkLeaves: Buffer;
  chunkStart: number;
  chunkNo: number;
}

/**
 * The range of the tree that holds the priority's leaves of this type, sorted by leaf bytes
 * (typeLeafRange: the browser's check uses the same rule on the published line).
 */
async function rangeOf(sql: SqlDriver, snapshot: SnapshotRow, priorityId: string, voteType: TVoteType): Promise<{ first: number; end: number } | undefined> {
  const [row] = await sql.query<{ first_leaf: string | number; leaf_count: number; endorse_leaves: number | null }>(
    'SELECT first_leaf, leaf_count, endorse_leaves FROM priorities.open_data_snapshot_priorities WHERE snapshot_id = $1::uuid AND priority_id = $2::uuid',
    [snapshot.id, priorityId],
    'priorities_receipt_range',
  );
  if (!row) return undefined;
  const leaves = { firstLeaf: Number(row.first_leaf), leafCount: row.leaf_count, endorseLeaves: row.endorse_leaves };
  return typeLeafRange(snapshot.leaf_order, leaves, voteType);
}

/** Where the leaf sits in the snapshot, or undefined when the snapshot does not hold it. */
async function placeLeaf(sql: SqlDriver, snapshot: SnapshotRow, priorityId: string, voteType: TVoteType, leaf: Buffer): Promise<Placement | undefined> {
  const range = await rangeOf(sql, snapshot, priorityId, voteType);
  if (!range || range.end === range.first) return undefined;
  const { first, end } = range;
  const size = snapshot.chunk_size;
  const [lo, hi] = [Math.floor(first / size), Math.floor((end - 1) / size)];
  // The last chunk of the range whose first leaf is not after ours (chunk lo may start with leaves
  // before the range, so it is always a candidate), found by binary search over the chunks' first
  // leaves: a million-vote priority's ~15k chunks cost ~14 primary-key reads, not a scan.
  const [chunk] = await sql.query<{ chunk_no: number; leaves: Uint8Array }>(
    `WITH RECURSIVE search (lo, hi) AS (
       SELECT $2::int, $3::int
       UNION ALL
       SELECT CASE WHEN c.first_leaf <= $4::bytea THEN c.chunk_no ELSE s.lo END,
              CASE WHEN c.first_leaf <= $4::bytea THEN s.hi ELSE c.chunk_no - 1 END
       FROM search s
       JOIN priorities.open_data_leaf_chunks c ON c.snapshot_id = $1::uuid AND c.chunk_no = (s.lo + s.hi + 1) / 2
       WHERE s.lo < s.hi
     )
     SELECT chunk_no, leaves FROM priorities.open_data_leaf_chunks
     WHERE snapshot_id = $1::uuid AND chunk_no = (SELECT lo FROM search WHERE lo = hi)`,
    [snapshot.id, lo, hi, leaf],
    'priorities_receipt_chunk',
  );
  if (!chunk) return undefined;
  const chunkStart = chunk.chunk_no * size;
  const leaves = asBuffer(chunk.leaves);
  const from = Math.max(first, chunkStart) - chunkStart;
  const to = Math.min(end, chunkStart + leaves.length / HASH_BYTES) - chunkStart;
  for (let i = from; i < to; i++) {
    if (leaves.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES).equals(leaf))
      return { leafIndex: chunkStart + i, chunkLeaves: leaves, chunkStart, chunkNo: chunk.chunk_no };
  }
  return undefined;
}

export async function voteReceipt(ctx: PrioritiesContext, userId: string, priorityId: string, everyMs: number): Promise<TVoteReceipt> {
  if (!isUuid(priorityId)) throw new PriorityNotFound();
  const id = priorityId.toLowerCase();
  const [vote] = await ctx.db.query<VoteRow>(
    `SELECT v.vote_type, v.voted_at, v.receipt_nonce, v.leaf, p.is_active AS active
     FROM priorities.priorities p LEFT JOIN priorities.votes v ON v.priority_id = p.id AND v.user_id = $2::uuid
     WHERE p.id = $1::uuid`,
    [id, userId],
    'priorities_receipt_vote',
  );
  if (!vote?.active) throw new PriorityNotFound();
  if (!vote.vote_type) throw new NoVote();
  const nonce = Buffer.from(vote.receipt_nonce);
  const leaf = Buffer.from(vote.leaf);
  const base = {
    priorityId: id,
    voteType: vote.vote_type,
    votedAt: new Date(vote.voted_at).toISOString(),
    receiptNonce: nonce.toString('hex'),
    leaf: leaf.toString('hex'),
  };
  const snapshot = await latestSnapshot(ctx.db);
  const placement = snapshot && (await placeLeaf(ctx.db, snapshot, id, vote.vote_type, leaf));
  if (!snapshot || !placement) {
    return {
      status: 'pending',
      ...base,
      lastSnapshotAt: snapshot ? new Date(snapshot.taken_at).toISOString() : null,
      nextSnapshotAt: nextSnapshotAt(ctx.platform.clock.now(), everyMs).toISOString(),
    };
  }
  const inChunk = pathFromLevels(levelsOf(leafHashesOf(placement.chunkLeaves)), placement.leafIndex - placement.chunkStart);
  const aboveChunk = pathFromLevels(await chunkLevels(ctx.db, snapshot.id), placement.chunkNo);
  return {
    status: 'counted',
    ...base,
    snapshotId: snapshot.id,
    takenAt: new Date(snapshot.taken_at).toISOString(),
    root: Buffer.from(snapshot.root).toString('hex'),
    leafIndex: placement.leafIndex,
    treeSize: Number(snapshot.tree_size),
    auditPath: [...inChunk, ...aboveChunk].map((hash) => Buffer.from(hash).toString('hex')),
  };
}
