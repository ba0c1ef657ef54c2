// GET /api/open-data/snapshots/{id}: one snapshot as a stream of text, so a snapshot of millions of
// votes is never held in memory whole. JSON (contracts' ZSnapshot): the summary, the ranked list in
// list order, then the leaves per priority in tree order, read back from the chunks (take-snapshot.ts)
// a batch at a time. CSV: the ranked list only (SNAPSHOT_CSV_COLUMNS).
import { isUuid, SNAPSHOT_CSV_COLUMNS, type TSnapshotPriority } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { SnapshotNotFound, SnapshotPriorityNotFound } from '../errors.ts';
import { asBuffer, HASH_BYTES } from './chunk-tree.ts';
import { SNAPSHOT_COLUMNS, type SnapshotRow, summaryOf } from './snapshot-rows.ts';

export const LEAF_FORMULA =
  'SHA-256(receiptNonce ‖ priorityId ‖ voteType): the nonce as 32 raw bytes, the id as lowercase UUID text and the type as endorse or oppose (UTF-8)';

const PAGE = 1000;
const CHUNK_BATCH = 64;
/** Text is handed on once it reaches this size. */
const FLUSH_AT = 64 * 1024;

interface PriorityRow {
  position: number;
  priority_id: string;
  rank: number | null;
  title: string;
  issue_id: number | null;
  category: TSnapshotPriority['category'];
  endorsements: number;
  oppositions: number;
  promotion_boost: number;
  score: number;
  created_at: Date | string;
  first_leaf: string | number;
}

export type SnapshotHead = SnapshotRow & { ranking_version: number; min_endorsements: number };

/** The snapshot's row, or SnapshotNotFound (also for an id that is not a UUID). */
export async function readSnapshotHead(sql: SqlDriver, id: string): Promise<SnapshotHead> {
  if (!isUuid(id)) throw new SnapshotNotFound();
  const [row] = await sql.query<SnapshotHead>(
    `SELECT ${SNAPSHOT_COLUMNS}, ranking_version, min_endorsements FROM priorities.open_data_snapshots WHERE id = $1::uuid`,
    [id],
  );
  if (!row) throw new SnapshotNotFound();
  return row;
}

function priorityOf(row: PriorityRow): TSnapshotPriority {
  return {
    rank: row.rank,
    id: row.priority_id,
    title: row.title,
    issueId: row.issue_id,
    category: row.category,
    endorsements: row.endorsements,
    oppositions: row.oppositions,
    promotionBoost: row.promotion_boost,
    score: row.score,
    createdAt: new Date(row.created_at).toISOString(),
    firstLeaf: Number(row.first_leaf),
  };
}

const PRIORITY_COLUMNS = 'position, priority_id, rank, title, issue_id, category, endorsements, oppositions, promotion_boost, score, created_at, first_leaf';

/** One priority's line of a snapshot's list (GET /api/open-data/snapshots/{id}/priorities/{priorityId}). */
export async function readSnapshotPriority(sql: SqlDriver, id: string, priorityId: string): Promise<TSnapshotPriority> {
  if (!isUuid(id)) throw new SnapshotNotFound();
  const [row] = isUuid(priorityId)
    ? await sql.query<PriorityRow>(
        `SELECT ${PRIORITY_COLUMNS} FROM priorities.open_data_snapshot_priorities WHERE snapshot_id = $1::uuid AND priority_id = $2::uuid`,
        [id, priorityId],
      )
    : [];
  if (row) return priorityOf(row);
  // Which of the two is unknown, for a clear 404.
  await readSnapshotHead(sql, id);
  throw new SnapshotPriorityNotFound();
}

/** The ranked list in list order, a page at a time. */
async function* rankedList(sql: SqlDriver, id: string): AsyncGenerator<TSnapshotPriority> {
  for (let after = 0; ; ) {
    const rows = await sql.query<PriorityRow>(
      `SELECT ${PRIORITY_COLUMNS}
       FROM priorities.open_data_snapshot_priorities WHERE snapshot_id = $1::uuid AND position > $2::int ORDER BY position LIMIT ${PAGE}`,
      [id, after],
    );
    for (const row of rows) yield priorityOf(row);
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.position;
  }
}

/** Every leaf in tree order with its vote type, read back CHUNK_BATCH chunks at a time. */
async function* leavesInOrder(sql: SqlDriver, id: string): AsyncGenerator<{ leaves: Uint8Array; kinds: string }> {
  for (let next = 0; ; ) {
    const rows = await sql.query<{ chunk_no: number; leaves: Uint8Array; kinds: string }>(
      `SELECT chunk_no, leaves, kinds FROM priorities.open_data_leaf_chunks WHERE snapshot_id = $1::uuid AND chunk_no >= $2::int
       ORDER BY chunk_no LIMIT ${CHUNK_BATCH}`,
      [id, next],
    );
    for (const row of rows) yield { leaves: asBuffer(row.leaves), kinds: row.kinds };
    if (rows.length < CHUNK_BATCH) return;
    next = rows.at(-1)!.chunk_no + 1;
  }
}

/** The priorities that have leaves, in tree order (by id), with how many each has. */
async function leafOwners(sql: SqlDriver, id: string): Promise<{ priority_id: string; leaf_count: number }[]> {
  return sql.query(
    `SELECT priority_id, leaf_count FROM priorities.open_data_snapshot_priorities
     WHERE snapshot_id = $1::uuid AND leaf_count > 0 ORDER BY first_leaf`,
    [id],
  );
}

/** The leaves section: per priority, its endorse and oppose leaves as hex, each list in leaf order. */
async function* leavesSection(sql: SqlDriver, id: string): AsyncGenerator<string> {
  const owners = await leafOwners(sql, id);
  const chunks = leavesInOrder(sql, id);
  let current = { leaves: Buffer.alloc(0) as Uint8Array, kinds: '' };
  let at = 0;
  for (const [i, owner] of owners.entries()) {
    // Gather this priority's leaves (they may span chunks), then write its two lists.
    const pieces: { leaves: Uint8Array; kinds: string }[] = [];
    let wanted = owner.leaf_count;
    while (wanted > 0) {
      if (at === current.kinds.length) {
        const next = await chunks.next();
        if (next.done) throw new Error(`snapshot ${id}: the chunks end before priority ${owner.priority_id}'s leaves`);
        current = next.value;
        at = 0;
      }
      const take = Math.min(wanted, current.kinds.length - at);
      pieces.push({ leaves: current.leaves.subarray(at * HASH_BYTES, (at + take) * HASH_BYTES), kinds: current.kinds.slice(at, at + take) });
      at += take;
      wanted -= take;
    }
    let text = `${i === 0 ? '' : ','}{"priorityId":"${owner.priority_id}"`;
    for (const [kind, name] of [
      ['e', 'endorse'],
      ['o', 'oppose'],
    ] as const) {
      text += `,"${name}":[`;
      let first = true;
      for (const piece of pieces) {
        for (let j = 0; j < piece.kinds.length; j++) {
          if (piece.kinds[j] !== kind) continue;
          text += `${first ? '' : ','}"${Buffer.from(piece.leaves.subarray(j * HASH_BYTES, (j + 1) * HASH_BYTES)).toString('hex')}"`;
          first = false;
          if (text.length >= FLUSH_AT) {
            yield text;
            text = '';
          }
        }
      }
      text += ']';
    }
    yield `${text}}`;
  }
}

/** The snapshot as JSON text (ZSnapshot), piece by piece. */
export async function* snapshotJson(sql: SqlDriver, head: SnapshotHead): AsyncGenerator<string> {
  const summary = summaryOf(head);
  const opening = { ...summary, rankingVersion: head.ranking_version, minEndorsementsForRanking: head.min_endorsements, leafFormula: LEAF_FORMULA };
  let text = `${JSON.stringify(opening).slice(0, -1)},"priorities":[`;
  let first = true;
  for await (const priority of rankedList(sql, head.id)) {
    text += (first ? '' : ',') + JSON.stringify(priority);
    first = false;
    if (text.length >= FLUSH_AT) {
      yield text;
      text = '';
    }
  }
  yield `${text}],"leaves":[`;
  yield* leavesSection(sql, head.id);
  yield ']}';
}

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a spreadsheet
 * would run as a formula (starting with = + - @ or a tab/return) is prefixed with an apostrophe (OWASP's
 * CSV injection advice); numbers are written as they are.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The ranked list as CSV text, header first. */
export async function* snapshotCsv(sql: SqlDriver, head: SnapshotHead): AsyncGenerator<string> {
  let text = `${SNAPSHOT_CSV_COLUMNS.join(',')}\r\n`;
  for await (const priority of rankedList(sql, head.id)) {
    text += `${SNAPSHOT_CSV_COLUMNS.map((column) => csvField(priority[column])).join(',')}\r\n`;
    if (text.length >= FLUSH_AT) {
      yield text;
      text = '';
    }
  }
  yield text;
}
