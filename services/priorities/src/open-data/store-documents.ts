// Writes a snapshot's published documents once (docs/open-data.md "Stored documents"):
// the JSON and the CSV, each as is, gzip and br, with each representation's size and SHA-256 (its strong
// ETag). The text is produced a piece at a time (snapshot-document.ts) and fed to the three writers at
// once; zlib compresses on libuv's threads, so the two compressors run beside the identity writer.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { SqlDriver } from '@civic/service-kit/db';
import { DOCUMENT_ENCODINGS, DOCUMENT_FORMATS, type DocumentFormat, type DocumentKey, type DocumentStore, type StoredDocument } from './document-store.ts';
import { readSnapshotHead, type SnapshotHead, snapshotCsv, snapshotJson } from './snapshot-document.ts';

/** Brotli at quality 4: on these mostly-hex documents it beats 5-9 and is far faster (docs/open-data.md). */
const BROTLI_QUALITY = 4;

const compressorOf = {
  gzip: () => createGzip(),
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
};

/** A sink that also counts and hashes what it is given. */
async function countedSink(tx: SqlDriver, store: DocumentStore, key: DocumentKey) {
  const sink = await store.open(tx, key);
  const hash = createHash('sha256');
  let size = 0;
  return {
    async write(bytes: Buffer) {
      hash.update(bytes);
      size += bytes.length;
      await sink.write(bytes);
    },
    async finish(): Promise<StoredDocument> {
      await sink.finish();
      return { ...key, byteSize: size, sha256: hash.digest(), storage: store.storage, partSize: store.partSize };
    },
  };
}

type CountedSink = Awaited<ReturnType<typeof countedSink>>;

async function feed(compressor: Transform, bytes: Buffer): Promise<void> {
  if (!compressor.write(bytes)) await once(compressor, 'drain');
}

/** One format's three representations, written from one pass over its text. */
async function storeFormat(tx: SqlDriver, store: DocumentStore, snapshotId: string, format: DocumentFormat, text: AsyncIterable<string>) {
  const [identity, gzip, br] = (await Promise.all(DOCUMENT_ENCODINGS.map((encoding) => countedSink(tx, store, { snapshotId, format, encoding })))) as [
    CountedSink,
    CountedSink,
    CountedSink,
  ];
  const compressors = [compressorOf.gzip(), compressorOf.br()] as const;
  // Each compressor's output goes to its sink as it comes; a failing sink stops its compressor (and the feed).
  const drained = Promise.all(
    compressors.map(async (compressor, i) => {
      try {
        for await (const chunk of compressor) await (i === 0 ? gzip : br).write(chunk as Buffer);
      } catch (error) {
        compressor.destroy(error as Error);
        throw error;
      }
    }),
  );
  drained.catch(() => {});
  try {
    for await (const piece of text) {
      const bytes = Buffer.from(piece, 'utf8');
      await Promise.all([identity.write(bytes), ...compressors.map((compressor) => feed(compressor, bytes))]);
    }
    for (const compressor of compressors) compressor.end();
    await drained;
  } catch (error) {
    for (const compressor of compressors) compressor.destroy();
    throw error;
  }
  return [await identity.finish(), await gzip.finish(), await br.finish()];
}

/** Writes every document of the snapshot and their rows, inside `tx` (the snapshot's own transaction, or a backfill's). */
export async function storeSnapshotDocuments(tx: SqlDriver, store: DocumentStore, head: SnapshotHead): Promise<StoredDocument[]> {
  const stored: StoredDocument[] = [];
  for (const format of DOCUMENT_FORMATS) {
    const text = format === 'json' ? snapshotJson(tx, head) : snapshotCsv(tx, head);
    stored.push(...(await storeFormat(tx, store, head.id, format, text)));
  }
  await tx.query(
    `INSERT INTO priorities.open_data_documents (snapshot_id, format, encoding, byte_size, sha256, storage, part_size)
     SELECT $1::uuid, d->>'format', d->>'encoding', (d->>'byteSize')::bigint, decode(d->>'sha256', 'hex'), $2::text, $3::int
     FROM jsonb_array_elements($4::jsonb) AS d`,
    [head.id, store.storage, store.partSize, JSON.stringify(stored.map((d) => ({ ...d, sha256: d.sha256.toString('hex') })))],
  );
  return stored;
}

/** A stored representation's row, or undefined (a snapshot taken before documents were stored, not yet backfilled). */
export async function readStoredDocument(sql: SqlDriver, key: DocumentKey): Promise<StoredDocument | undefined> {
  const [row] = await sql.query<{ byte_size: string | number; sha256: Uint8Array; storage: StoredDocument['storage']; part_size: number | null }>(
    `SELECT byte_size, sha256, storage, part_size FROM priorities.open_data_documents
     WHERE snapshot_id = $1::uuid AND format = $2::text AND encoding = $3::text`,
    [key.snapshotId, key.format, key.encoding],
  );
  return row && { ...key, byteSize: Number(row.byte_size), sha256: Buffer.from(row.sha256), storage: row.storage, partSize: row.part_size };
}

/** Advisory lock of the backfill (the snapshot lock's class, key 1): one replica backfills a snapshot. */
const BACKFILL_LOCK = [0x50524933, 1] as const;

/**
 * Stores the documents of the newest snapshot that has none (taken before documents were stored), one
 * per call: the schedule calls it every run until none is left. Returns whether it stored one.
 */
export async function backfillSnapshotDocuments(sql: SqlDriver, store: DocumentStore): Promise<boolean> {
  const [missing] = await sql.query<{ id: string }>(
    `SELECT s.id FROM priorities.open_data_snapshots s
     WHERE NOT EXISTS (SELECT 1 FROM priorities.open_data_documents d WHERE d.snapshot_id = s.id)
     ORDER BY s.taken_at DESC, s.id DESC LIMIT 1`,
  );
  if (!missing) return false;
  return sql.transaction(async (tx) => {
    // Reading and compressing a whole snapshot outlasts the service's 5 s statement bound (SERVICE_TIMEOUTS).
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS locked', [...BACKFILL_LOCK]);
    if (!lock!.locked) return false;
    const [still] = await tx.query('SELECT 1 FROM priorities.open_data_documents WHERE snapshot_id = $1::uuid LIMIT 1', [missing.id]);
    if (still) return false;
    await storeSnapshotDocuments(tx, store, await readSnapshotHead(tx, missing.id));
    return true;
  });
}
