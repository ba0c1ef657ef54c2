// Takes an open-data snapshot (issue 23, docs/open-data.md): the ranked list exactly as GET
// /api/priorities orders it (docs/ranking.md) and one leaf per counted vote, in one transaction.
//
// - One statement reads everything and writes the snapshot's rows (data-modifying WITH), so the list,
//   the tallies and the leaves are all what that statement's MVCC snapshot saw: one instant, with no
//   lock on votes or priorities (votes go on while it runs). PostgreSQL computes each leaf,
//   SHA-256(nonce ‖ priority id text ‖ vote type), and stores them in tree order, CHUNK_SIZE a row.
// - Then this process reads the chunks back in order, hashes each chunk's subtree and the tree over
//   the chunks' roots (chunk-tree.ts), and writes the root: the rows stay invisible until the commit,
//   so nobody ever sees a snapshot without its root. Published snapshots are never updated.
// - One snapshot at a time across replicas: a transaction-scoped advisory lock. The schedule skips a
//   run when another process holds it; an administrator's request gets 409.
import { randomUUID } from 'node:crypto';
import type { TSnapshotSummary } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import { buildOutboxRows } from '@civic/service-kit/events';
import { prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { PrioritiesContext } from '../context.ts';
import { RANKING_VERSION } from '../domain/ranking.ts';
import { SnapshotInProgress } from '../errors.ts';
import { leafHashesOf, rootOf } from './chunk-tree.ts';

/** Leaves per chunk row: a power of two (chunk-tree.ts), ~8 kB of leaves a row. */
export const CHUNK_SIZE = 256;
/** Chunks read back per query while hashing. */
const READ_BATCH = 256;
/** The snapshot's advisory lock (two-key form: its own class, key 0). */
const SNAPSHOT_LOCK = [0x50524933 /* 'PRI3' */, 0] as const;

/**
 * Who asks. The schedule names the start of its slot: a snapshot taken since then (by another replica,
 * or an administrator) makes the run skip; it is checked under the lock, so two replicas never both take one.
 */
export type SnapshotTrigger = { kind: 'schedule'; unlessTakenSince: Date } | { kind: 'admin'; adminId: string };

const WRITE_SNAPSHOT = `
WITH counted AS (
  SELECT v.priority_id, count(*)::int AS n
  FROM priorities.votes v JOIN priorities.priorities p ON p.id = v.priority_id AND p.is_active
  GROUP BY v.priority_id
), listed AS (
  SELECT p.id, p.title, p.issue_id, i.category, p.endorsements, p.oppositions, p.promotion_boost, p.score, p.created_at,
         (row_number() OVER (ORDER BY (p.endorsements >= $6::int) DESC, p.score DESC, p.endorsements DESC, p.created_at ASC, p.id ASC))::int AS position,
         (p.endorsements >= $6::int) AS ranked,
         COALESCE(c.n, 0) AS leaf_count,
         COALESCE(sum(COALESCE(c.n, 0)) OVER (ORDER BY p.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS first_leaf
  FROM priorities.priorities p
  LEFT JOIN counted c ON c.priority_id = p.id
  LEFT JOIN priorities.issues i ON i.id = p.issue_id
  WHERE p.is_active
), snapshot AS (
  INSERT INTO priorities.open_data_snapshots
    (id, taken_at, trigger, requested_by, ranking_version, min_endorsements, priority_count, tree_size, endorsements, oppositions, root, chunk_size, chunk_roots)
  SELECT $1::uuid, $2::timestamptz, $3::text, $4::uuid, $5::int, $6::int, count(*)::int, COALESCE(sum(leaf_count), 0)::bigint,
         COALESCE(sum(endorsements), 0)::bigint, COALESCE(sum(oppositions), 0)::bigint, '\\x${'00'.repeat(32)}'::bytea, $7::int, '\\x'::bytea
  FROM listed
  RETURNING tree_size
), listed_rows AS (
  INSERT INTO priorities.open_data_snapshot_priorities
    (snapshot_id, position, priority_id, rank, title, issue_id, category, endorsements, oppositions, promotion_boost, score, created_at, first_leaf, leaf_count)
  SELECT $1::uuid, position, id, CASE WHEN ranked THEN position END, title, issue_id, category, endorsements, oppositions, promotion_boost, score,
         created_at, first_leaf, leaf_count
  FROM listed
  RETURNING 1
), leaves AS (
  SELECT (row_number() OVER (ORDER BY v.priority_id, l.leaf) - 1) AS n, l.leaf,
         CASE v.vote_type WHEN 'endorse' THEN 'e' ELSE 'o' END AS kind
  FROM priorities.votes v
  JOIN priorities.priorities p ON p.id = v.priority_id AND p.is_active
  CROSS JOIN LATERAL (SELECT sha256(v.receipt_nonce || convert_to(v.priority_id::text || v.vote_type, 'UTF8')) AS leaf) l
), chunk_rows AS (
  INSERT INTO priorities.open_data_leaf_chunks (snapshot_id, chunk_no, first_leaf, leaves, kinds)
  SELECT $1::uuid, (n / $7::int)::int, (array_agg(leaf ORDER BY n))[1], string_agg(leaf, ''::bytea ORDER BY n), string_agg(kind, '' ORDER BY n)
  FROM leaves GROUP BY n / $7::int
  RETURNING 1
)
SELECT (SELECT tree_size FROM snapshot) AS tree_size,
       (SELECT count(*) FROM listed_rows)::int AS listed,
       (SELECT count(*) FROM chunk_rows)::int AS chunks`;

interface Written {
  tree_size: string | number;
  listed: number;
  chunks: number;
}

/** The roots of the snapshot's chunks in order, read back and hashed READ_BATCH chunks at a time. */
async function chunkRootsOf(tx: SqlDriver, snapshotId: string, chunks: number): Promise<Uint8Array[]> {
  const roots: Uint8Array[] = [];
  while (roots.length < chunks) {
    const rows = await tx.query<{ chunk_no: number; leaves: Uint8Array }>(
      `SELECT chunk_no, leaves FROM priorities.open_data_leaf_chunks
       WHERE snapshot_id = $1::uuid AND chunk_no >= $2::int ORDER BY chunk_no LIMIT ${READ_BATCH}`,
      [snapshotId, roots.length],
    );
    if (rows.length === 0) break;
    for (const row of rows) roots.push(rootOf(leafHashesOf(row.leaves)));
  }
  return roots;
}

/**
 * Takes a snapshot now. Returns its summary, or null when the schedule's run found another process
 * taking one (an administrator's request throws SnapshotInProgress instead).
 */
export async function takeSnapshot(ctx: PrioritiesContext, trigger: SnapshotTrigger): Promise<TSnapshotSummary | null> {
  const id = randomUUID();
  const takenAt = ctx.platform.clock.now();
  const minEndorsements = settingOf(ctx, 'min_endorsements_for_ranking');
  const started = performance.now();
  const summary = await ctx.sql.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS locked', [...SNAPSHOT_LOCK]);
    if (!lock!.locked) {
      if (trigger.kind === 'admin') throw new SnapshotInProgress();
      return null;
    }
    if (trigger.kind === 'schedule') {
      const [taken] = await tx.query('SELECT 1 FROM priorities.open_data_snapshots WHERE taken_at >= $1::timestamptz LIMIT 1', [
        trigger.unlessTakenSince.toISOString(),
      ]);
      if (taken) return null;
    }
    const [written] = await tx.query<Written>(WRITE_SNAPSHOT, [
      id,
      takenAt.toISOString(),
      trigger.kind,
      trigger.kind === 'admin' ? trigger.adminId : null,
      RANKING_VERSION,
      minEndorsements,
      CHUNK_SIZE,
    ]);
    const chunkRoots = await chunkRootsOf(tx, id, written!.chunks);
    const root = Buffer.from(rootOf(chunkRoots));
    const [row] = await tx.query<{ tree_size: string | number; priority_count: number; endorsements: string | number; oppositions: string | number }>(
      `UPDATE priorities.open_data_snapshots SET root = $2::bytea, chunk_roots = $3::bytea WHERE id = $1::uuid
       RETURNING tree_size, priority_count, endorsements, oppositions`,
      [id, root, Buffer.concat(chunkRoots)],
    );
    const result: TSnapshotSummary = {
      id,
      takenAt: takenAt.toISOString(),
      trigger: trigger.kind,
      root: root.toString('hex'),
      treeSize: Number(row!.tree_size),
      priorityCount: row!.priority_count,
      endorsements: Number(row!.endorsements),
      oppositions: Number(row!.oppositions),
    };
    const { rows } = buildOutboxRows(prioritiesEvents.OpenDataSnapshotTaken, [
      {
        snapshotId: id,
        trigger: trigger.kind,
        requestedBy: trigger.kind === 'admin' ? trigger.adminId : null,
        root: result.root,
        treeSize: result.treeSize,
        priorityCount: result.priorityCount,
        takenAt: result.takenAt,
      },
    ]);
    await tx.query(
      `INSERT INTO priorities.outbox (id, subject, version, payload, headers, created_at)
       SELECT (r->>'id')::uuid, r->>'subject', (r->>'version')::int, r->'payload', r->'headers', (r->>'occurredAt')::timestamptz
       FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(rows)],
      SNAPSHOT_OUTBOX_STATEMENT,
    );
    return result;
  });
  if (summary) {
    ctx.platform.logger.info(
      { snapshotId: summary.id, treeSize: summary.treeSize, priorities: summary.priorityCount, ms: Math.round(performance.now() - started) },
      'open-data snapshot taken',
    );
  }
  return summary;
}

/** The name of the statement that writes the snapshot's event, so the service publishes it right after the commit (events.ts). */
export const SNAPSHOT_OUTBOX_STATEMENT = 'priorities_snapshot_outbox';
