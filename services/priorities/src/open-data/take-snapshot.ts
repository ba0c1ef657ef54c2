// Takes an open-data snapshot: the ranked list as GET /api/priorities orders it and one leaf per
// counted vote, in one REPEATABLE READ transaction under an advisory lock (docs/open-data.md, "How").
import { randomUUID } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import type { SnapshotLeafOrder, TAdminOrigin, TSnapshotSummary } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import { buildOutboxRows, outboxInsertSql } from '@civic/service-kit/events';
import { prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { PrioritiesContext } from '../context.ts';
import { RANKING_VERSION } from '../domain/ranking.ts';
import { SnapshotInProgress } from '../errors.ts';
import { asBuffer, HASH_BYTES, rootOf } from './chunk-tree.ts';
import type { DocumentStore } from './document-store.ts';
import { SNAPSHOT_COLUMNS, type SnapshotRow, snapshotTakenSince, summaryOf } from './snapshot-rows.ts';
import { readSnapshotHead } from './snapshot-document.ts';
import { storeSnapshotDocuments } from './store-documents.ts';

/** Leaves per chunk row: a power of two, so every full chunk is a subtree of the tree (chunk-tree.ts). */
export const CHUNK_SIZE = 64;
/** The snapshot's advisory lock (two-key form: its own class, key 0). */
const SNAPSHOT_LOCK = [0x50524933 /* 'PRI3' */, 0] as const;

/**
 * Who asks. The schedule names the start of its slot: a snapshot taken since then (by another replica,
 * or an administrator) makes the run skip; it is checked under the lock, so two replicas never both take one.
 */
export type SnapshotTrigger = { kind: 'schedule'; unlessTakenSince: Date } | { kind: 'admin'; adminId: string; origin: TAdminOrigin };

/**
 * The leaves' order in the tree, named on every snapshot. Grouping a priority's leaves by type makes its
 * endorse leaves and its oppose leaves two ranges of the tree, so a leaf's index says which tally counts
 * it and the root binds the published types (docs/open-data.md).
 */
const LEAF_ORDER: SnapshotLeafOrder = 'priority,type,leaf';

/** The snapshot's row and its ranked list, with each priority's range of leaves in the tree and how many of them endorse. */
const WRITE_LIST = `
WITH counted AS (
  SELECT v.priority_id, count(*)::int AS n, (count(*) FILTER (WHERE v.vote_type = 'endorse'))::int AS endorse_n
  FROM priorities.votes v JOIN priorities.priorities p ON p.id = v.priority_id AND p.is_active
  GROUP BY v.priority_id
), listed AS (
  SELECT p.id, p.title, p.issue_id, i.category, p.endorsements, p.oppositions, p.promotion_boost, p.score, p.created_at,
         (row_number() OVER (ORDER BY (p.endorsements >= $6::int) DESC, p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC))::int AS position,
         (p.endorsements >= $6::int) AS ranked,
         COALESCE(c.n, 0) AS leaf_count, COALESCE(c.endorse_n, 0) AS endorse_leaves,
         COALESCE(sum(COALESCE(c.n, 0)) OVER (ORDER BY p.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS first_leaf
  FROM priorities.priorities p
  LEFT JOIN counted c ON c.priority_id = p.id
  LEFT JOIN priorities.issues i ON i.id = p.issue_id
  WHERE p.is_active
), snapshot AS (
  INSERT INTO priorities.open_data_snapshots
    (id, taken_at, trigger, requested_by, ranking_version, min_endorsements, priority_count, tree_size, endorsements, oppositions, root, chunk_size, chunk_roots, leaf_order)
  SELECT $1::uuid, $2::timestamptz, $3::text, $4::uuid, $5::int, $6::int, count(*)::int, COALESCE(sum(leaf_count), 0)::bigint,
         COALESCE(sum(endorsements), 0)::bigint, COALESCE(sum(oppositions), 0)::bigint, '\\x${'00'.repeat(32)}'::bytea, $7::int, '\\x'::bytea,
         '${LEAF_ORDER}'::text
  FROM listed
  RETURNING tree_size
), listed_rows AS (
  INSERT INTO priorities.open_data_snapshot_priorities
    (snapshot_id, position, priority_id, rank, title, issue_id, category, endorsements, oppositions, promotion_boost, score, created_at, first_leaf, leaf_count, endorse_leaves)
  SELECT $1::uuid, position, id, CASE WHEN ranked THEN position END, title, issue_id, category, endorsements, oppositions, promotion_boost, score,
         created_at, first_leaf, leaf_count, endorse_leaves
  FROM listed
  RETURNING 1
)
SELECT (SELECT tree_size FROM snapshot) AS tree_size, (SELECT count(*) FROM listed_rows)::int AS listed`;

/**
 * Every counted vote's leaf (the generated column), its leaf hash (RFC 6962's SHA-256(0x00 ‖ leaf):
 * PostgreSQL's C hashing costs less per call than this process's) and its type, in tree order
 * (LEAF_ORDER: by priority id, then type, endorse before oppose whatever the collation, then leaf bytes).
 */
const DECLARE_LEAVES = `
DECLARE snapshot_leaves NO SCROLL CURSOR FOR
SELECT v.leaf, sha256('\\x00'::bytea || v.leaf) AS leaf_hash, v.vote_type = 'endorse' AS endorse
FROM priorities.votes v
JOIN priorities.priorities p ON p.id = v.priority_id AND p.is_active
ORDER BY v.priority_id, v.vote_type <> 'endorse', v.leaf`;

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 16_384;
/** Leaves hashed between two turns of the event loop, so waiting requests get through. */
const YIELD_EVERY = 1_024;
/** Chunks written per INSERT: their leaves and types go as two bytea, cut in SQL. */
const WRITE_CHUNKS = 256;

/** Chunks as they fill, written WRITE_CHUNKS at a time; each one's root is kept for the tree above. */
class ChunkWriter {
  readonly roots: Uint8Array[] = [];
  #leaves: Buffer[] = [];
  #hashes: Buffer[] = [];
  #kinds = '';
  #pending: { leaves: Buffer[]; kinds: string[] } = { leaves: [], kinds: [] };
  #written = 0;

  constructor(
    private readonly tx: SqlDriver,
    private readonly snapshotId: string,
    private readonly phases: { write: number },
  ) {}

  async add(leaf: Buffer, leafHash: Buffer, endorse: boolean): Promise<void> {
    this.#leaves.push(leaf);
    this.#hashes.push(leafHash);
    this.#kinds += endorse ? 'e' : 'o';
    if (this.#leaves.length === CHUNK_SIZE) await this.#close();
  }

  async finish(): Promise<void> {
    if (this.#leaves.length > 0) await this.#close();
    await this.#flush();
  }

  async #close(): Promise<void> {
    this.roots.push(rootOf(this.#hashes));
    this.#pending.leaves.push(Buffer.concat(this.#leaves));
    this.#pending.kinds.push(this.#kinds);
    this.#leaves = [];
    this.#hashes = [];
    this.#kinds = '';
    if (this.#pending.leaves.length === WRITE_CHUNKS) await this.#flush();
  }

  /** Every chunk but possibly the last is full, so chunk i of the batch starts at byte i * CHUNK_SIZE * 32. */
  async #flush(): Promise<void> {
    const count = this.#pending.leaves.length;
    if (count === 0) return;
    const writing = performance.now();
    await this.tx.query(
      `INSERT INTO priorities.open_data_leaf_chunks (snapshot_id, chunk_no, first_leaf, leaves, kinds)
       SELECT $1::uuid, $2::int + i,
              substring($3::bytea FROM i * ${CHUNK_SIZE * HASH_BYTES} + 1 FOR ${HASH_BYTES}),
              substring($3::bytea FROM i * ${CHUNK_SIZE * HASH_BYTES} + 1 FOR ${CHUNK_SIZE * HASH_BYTES}),
              encode(substring($4::bytea FROM i * ${CHUNK_SIZE} + 1 FOR ${CHUNK_SIZE}), 'escape')
       FROM generate_series(0, $5::int - 1) AS i`,
      // The types go as bytes: cutting a text counts characters from its start, each row again.
      [this.snapshotId, this.#written, Buffer.concat(this.#pending.leaves), Buffer.from(this.#pending.kinds.join(''), 'latin1'), count],
    );
    this.phases.write += Math.round(performance.now() - writing);
    this.#written += count;
    this.#pending = { leaves: [], kinds: [] };
  }
}

/** Streams the leaves out of the cursor into chunks; returns the chunks' roots and the number of leaves. */
async function writeLeaves(tx: SqlDriver, snapshotId: string, phases: { fetch: number; write: number }): Promise<{ roots: Uint8Array[]; leaves: number }> {
  const writer = new ChunkWriter(tx, snapshotId, phases);
  let leaves = 0;
  await tx.query(DECLARE_LEAVES);
  type LeafRow = { leaf: Uint8Array; leaf_hash: Uint8Array; endorse: boolean };
  const fetchBatch = async (): Promise<LeafRow[]> => {
    const fetching = performance.now();
    const rows = await tx.query<LeafRow>(`FETCH ${FETCH_ROWS} FROM snapshot_leaves`);
    phases.fetch += Math.round(performance.now() - fetching);
    return rows;
  };
  // The next batch is asked for before this one is hashed: PostgreSQL reads it while this process hashes.
  for (let next: Promise<LeafRow[]> | undefined = fetchBatch(); next; ) {
    const rows: LeafRow[] = await next;
    next = rows.length === FETCH_ROWS ? fetchBatch() : undefined;
    // Awaited at the next turn; if this batch fails first, its failure is the one reported.
    next?.catch(() => {});
    for (const [i, row] of rows.entries()) {
      await writer.add(asBuffer(row.leaf), asBuffer(row.leaf_hash), row.endorse);
      // Hashing is synchronous: let the requests waiting on this process through every YIELD_EVERY leaves.
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await turn();
    }
    leaves += rows.length;
  }
  await tx.query('CLOSE snapshot_leaves');
  await writer.finish();
  return { roots: writer.roots, leaves };
}

/**
 * Takes a snapshot now. Returns its summary, or null when the schedule's run found another process
 * taking one (an administrator's request throws SnapshotInProgress instead).
 */
export async function takeSnapshot(ctx: PrioritiesContext, trigger: SnapshotTrigger, documents: DocumentStore): Promise<TSnapshotSummary | null> {
  const id = randomUUID();
  const takenAt = ctx.platform.clock.now();
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const started = performance.now();
  /** Where the time went, for the log: the list statement, the leaves (of which: fetching, writing chunks), the documents. */
  const phases = { list: 0, leaves: 0, fetch: 0, write: 0, documents: 0 };
  const summary = await ctx.db.transaction(async (tx) => {
    // One MVCC snapshot for every read below (the list, the tallies, the leaves): one instant, no locks.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    // The leaves' sort (2M rows at 50k priorities) in memory rather than in temporary files.
    await tx.query("SET LOCAL work_mem = '256MB'");
    // A snapshot reads every counted vote: the service's 5 s statement bound (SERVICE_TIMEOUTS) is
    // lifted for this one transaction, which the advisory lock below keeps to one at a time.
    await tx.query('SET LOCAL statement_timeout = 0');
    // The documents are compressed between statements (store-documents.ts): no idle bound either.
    await tx.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS locked', [...SNAPSHOT_LOCK]);
    if (!lock!.locked) {
      if (trigger.kind === 'admin') throw new SnapshotInProgress();
      return null;
    }
    if (trigger.kind === 'schedule' && (await snapshotTakenSince(tx, trigger.unlessTakenSince))) return null;
    const [written] = await tx.query<{ tree_size: string | number }>(WRITE_LIST, [
      id,
      takenAt.toISOString(),
      trigger.kind,
      trigger.kind === 'admin' ? trigger.adminId : null,
      RANKING_VERSION,
      minEndorsements,
      CHUNK_SIZE,
    ]);
    phases.list = Math.round(performance.now() - started);
    const { roots: chunkRoots, leaves } = await writeLeaves(tx, id, phases);
    phases.leaves = Math.round(performance.now() - started) - phases.list;
    // Both read the transaction's one snapshot of the data: they cannot differ.
    if (leaves !== Number(written!.tree_size)) throw new Error(`snapshot ${id}: ${leaves} leaves read, ${written!.tree_size} counted`);
    const root = Buffer.from(rootOf(chunkRoots));
    const [row] = await tx.query<SnapshotRow>(
      `UPDATE priorities.open_data_snapshots SET root = $2::bytea, chunk_roots = $3::bytea WHERE id = $1::uuid RETURNING ${SNAPSHOT_COLUMNS}`,
      [id, root, Buffer.concat(chunkRoots)],
    );
    const result = summaryOf(row!);
    // The published documents, written once here and served from storage ever after (store-documents.ts).
    const storing = performance.now();
    await storeSnapshotDocuments(tx, documents, await readSnapshotHead(tx, id));
    phases.documents = Math.round(performance.now() - storing);
    const { rows } = buildOutboxRows(prioritiesEvents.OpenDataSnapshotTaken, [
      {
        snapshotId: id,
        trigger: trigger.kind,
        requestedBy: trigger.kind === 'admin' ? trigger.adminId : null,
        ...(trigger.kind === 'admin' ? { origin: trigger.origin } : {}),
        root: result.root,
        treeSize: result.treeSize,
        priorityCount: result.priorityCount,
        takenAt: result.takenAt,
      },
    ]);
    await tx.query(outboxInsertSql('priorities'), [JSON.stringify(rows)], SNAPSHOT_OUTBOX_STATEMENT);
    return result;
  });
  if (summary) {
    ctx.platform.logger.info(
      { snapshotId: summary.id, treeSize: summary.treeSize, priorities: summary.priorityCount, ms: Math.round(performance.now() - started), phases },
      'open-data snapshot taken',
    );
  }
  return summary;
}

/** The name of the statement that writes the snapshot's event, so the service publishes it right after the commit (events.ts). */
export const SNAPSHOT_OUTBOX_STATEMENT = 'priorities_snapshot_outbox';
