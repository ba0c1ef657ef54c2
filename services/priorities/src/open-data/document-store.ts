// Where a snapshot's published documents are kept (docs/open-data.md "Stored documents"): written once
// in the snapshot's transaction, read by range ever after. Distributed: in the priorities database
// (open_data_document_parts, PART_SIZE bytes a row), which every replica shares. Embedded: one file per
// representation under DATA_DIR/open-data (one process, a local disk; PGlite is kept small).
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { SqlDriver } from '@civic/service-kit/db';
import { asBuffer } from './chunk-tree.ts';

export const DOCUMENT_FORMATS = ['json', 'csv'] as const;
export const DOCUMENT_ENCODINGS = ['identity', 'gzip', 'br'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export type DocumentEncoding = (typeof DOCUMENT_ENCODINGS)[number];
export type DocumentStorage = 'database' | 'file';

export interface DocumentKey {
  snapshotId: string;
  format: DocumentFormat;
  encoding: DocumentEncoding;
}

/** A stored representation's row (priorities.open_data_documents). */
export interface StoredDocument extends DocumentKey {
  byteSize: number;
  sha256: Buffer;
  storage: DocumentStorage;
  partSize: number | null;
}

/** Takes one representation's bytes in order; `finish` makes them durable (still inside the transaction). */
export interface DocumentSink {
  write(bytes: Buffer): Promise<void>;
  finish(): Promise<void>;
}

export interface DocumentStore {
  readonly storage: DocumentStorage;
  /** Bytes per part row, database storage only. */
  readonly partSize: number | null;
  open(tx: SqlDriver, key: DocumentKey): Promise<DocumentSink>;
  /** The bytes [start, end] (inclusive) of a stored representation, read as the reader asks for them. */
  read(sql: SqlDriver, document: StoredDocument, start: number, end: number): Readable;
  /** Drops stored bytes no document row names (a snapshot rolled back or deleted); database rows go by cascade. */
  sweep(sql: SqlDriver): Promise<void>;
}

/** 1 MiB a row: a range costs one row read per MiB, a download holds no connection between reads. */
export const PART_SIZE = 1024 * 1024;

export function databaseDocumentStore(partSize = PART_SIZE): DocumentStore {
  return {
    storage: 'database',
    partSize,
    async open(tx, key) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let partNo = 0;
      const insert = async (bytes: Buffer) => {
        await tx.query(
          `INSERT INTO priorities.open_data_document_parts (snapshot_id, format, encoding, part_no, bytes)
           VALUES ($1::uuid, $2::text, $3::text, $4::int, $5::bytea)`,
          [key.snapshotId, key.format, key.encoding, partNo, bytes],
        );
        partNo += 1;
      };
      // Every part but the last is exactly partSize bytes, so an offset names its part.
      const flush = async (all: boolean) => {
        let joined = Buffer.concat(pending, pendingBytes);
        while (joined.length >= partSize || (all && joined.length > 0)) {
          await insert(joined.subarray(0, partSize));
          joined = joined.subarray(Math.min(partSize, joined.length));
        }
        pending = joined.length > 0 ? [joined] : [];
        pendingBytes = joined.length;
      };
      return {
        async write(bytes) {
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= partSize) await flush(false);
        },
        finish: () => flush(true),
      };
    },
    read(sql, document, start, end) {
      const size = document.partSize!;
      let at = start;
      return new Readable({
        highWaterMark: 0,
        read() {
          if (at > end) {
            this.push(null);
            return;
          }
          const part = Math.floor(at / size);
          const from = at - part * size;
          const length = Math.min(size - from, end - at + 1);
          sql
            .query<{ bytes: Uint8Array }>(
              `SELECT substring(bytes FROM $5::int FOR $6::int) AS bytes FROM priorities.open_data_document_parts
               WHERE snapshot_id = $1::uuid AND format = $2::text AND encoding = $3::text AND part_no = $4::int`,
              [document.snapshotId, document.format, document.encoding, part, from + 1, length],
            )
            .then(([row]) => {
              if (row?.bytes.length !== length) throw new Error(`snapshot ${document.snapshotId}: part ${part} of its ${document.format} is missing`);
              at += length;
              this.push(asBuffer(row.bytes));
            })
            .catch((error: Error) => this.destroy(error));
        },
      });
    },
    // The parts are deleted with their document's row (ON DELETE CASCADE).
    sweep: async () => {},
  };
}

const SUFFIX: Record<DocumentEncoding, string> = { identity: '', gzip: '.gz', br: '.br' };
const fileName = (key: DocumentKey) => `${key.snapshotId}.${key.format}${SUFFIX[key.encoding]}`;

export function fileDocumentStore(dataDir: string): DocumentStore {
  const dir = resolve(dataDir, 'open-data');
  return {
    storage: 'file',
    partSize: null,
    async open(_tx, key) {
      await mkdir(dir, { recursive: true });
      const final = join(dir, fileName(key));
      // Written aside and renamed whole once durable: a reader never sees half a file.
      const partial = `${final}.partial`;
      // A crashed write's leftover is read-only: removed, not truncated.
      await rm(partial, { force: true });
      const handle = await open(partial, 'w', 0o444);
      return {
        async write(bytes) {
          for (let at = 0; at < bytes.length; ) at += (await handle.write(bytes, at)).bytesWritten;
        },
        async finish() {
          await handle.sync();
          await handle.close();
          await rename(partial, final);
        },
      };
    },
    read: (_sql, document, start, end) => createReadStream(join(dir, fileName(document)), { start, end }),
    async sweep(sql) {
      const names = await readdir(dir).catch(() => [] as string[]);
      if (names.length === 0) return;
      const kept = await sql.query<{ snapshot_id: string }>(`SELECT DISTINCT snapshot_id FROM priorities.open_data_documents WHERE storage = 'file'`);
      const known = new Set(kept.map((row) => row.snapshot_id));
      for (const name of names) {
        if (!known.has(name.slice(0, 36))) await rm(join(dir, name), { force: true });
      }
    },
  };
}

/** The store of this process's profile: embedded keeps files under DATA_DIR, distributed the database. */
export function documentStoreOf(config: { PROFILE: 'embedded' | 'distributed'; DATA_DIR: string }): DocumentStore {
  return config.PROFILE === 'embedded' ? fileDocumentStore(config.DATA_DIR) : databaseDocumentStore();
}
