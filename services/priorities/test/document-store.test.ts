// The two stores of a snapshot's documents (open-data/document-store.ts), read back by every range:
// the database's parts (cut at partSize, the last shorter; a range spanning parts reads only its
// parts' slices) on a freshly migrated schema of each profile, and the files under DATA_DIR; and the
// HTTP choices made on a stored representation (open-data/representation.ts).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { text } from 'node:stream/consumers';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { type MigratedDatabase, openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { databaseDocumentStore, type DocumentStore, fileDocumentStore, type StoredDocument } from '../src/open-data/document-store.ts';
import { byteRangeOf, negotiateEncoding, noneMatch } from '../src/open-data/representation.ts';

/** Writes `bytes` in uneven pieces as one json/identity representation of a new snapshot row, and its document row. */
async function storeBytes(sql: SqlDriver, store: DocumentStore, bytes: Buffer): Promise<StoredDocument> {
  const snapshotId = randomUUID();
  await sql.query(
    `INSERT INTO priorities.open_data_snapshots (id, taken_at, trigger, ranking_version, min_endorsements, priority_count, tree_size, endorsements, oppositions, root, chunk_size, chunk_roots, leaf_order)
     VALUES ($1::uuid, now(), 'schedule', 1, 0, 0, 0, 0, 0, $2::bytea, 64, '\\x'::bytea, 'priority,type,leaf')`,
    [snapshotId, Buffer.alloc(32)],
  );
  const key = { snapshotId, format: 'json', encoding: 'identity' } as const;
  await sql.transaction(async (tx) => {
    const sink = await store.open(tx, key);
    for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 3) % 11) await sink.write(bytes.subarray(at, at + step));
    await sink.finish();
    await tx.query(
      `INSERT INTO priorities.open_data_documents (snapshot_id, format, encoding, byte_size, sha256, storage, part_size)
       VALUES ($1::uuid, 'json', 'identity', $2::bigint, $3::bytea, $4::text, $5::int)`,
      [snapshotId, bytes.length, Buffer.alloc(32), store.storage, store.partSize],
    );
  });
  return { ...key, byteSize: bytes.length, sha256: Buffer.alloc(32), storage: store.storage, partSize: store.partSize };
}

for (const { profile, skip } of await profilePlan()) {
  describe(`stored documents read back by range (${profile})`, { skip }, () => {
    let database: MigratedDatabase;
    let dataDir: string;
    before(async () => {
      database = await openMigratedDatabase(profile, 'priorities');
      dataDir = await mkdtemp(join(tmpdir(), 'civic-documents-'));
    });
    after(async () => {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    for (const kind of ['database', 'file'] as const) {
      test(`${kind}: every range of a representation reads its exact bytes`, async () => {
        const store = kind === 'database' ? databaseDocumentStore(16) : fileDocumentStore(dataDir);
        const bytes = Buffer.from(randomBytes(45).toString('hex'), 'latin1'); // 90 bytes: five full parts of 16 and one of 10
        const document = await storeBytes(database.driver, store, bytes);
        if (kind === 'database') {
          const parts = await database.driver.query<{ n: number }>(
            'SELECT octet_length(bytes) AS n FROM priorities.open_data_document_parts WHERE snapshot_id = $1::uuid ORDER BY part_no',
            [document.snapshotId],
          );
          assert.deepEqual(
            parts.map((p) => Number(p.n)),
            [16, 16, 16, 16, 16, 10],
          );
        }
        for (const [start, end] of [
          [0, 89],
          [0, 0],
          [15, 16],
          [16, 31],
          [5, 70],
          [80, 89],
          [89, 89],
        ] as const) {
          assert.equal(await text(store.read(database.driver, document, start, end)), bytes.subarray(start, end + 1).toString('latin1'), `${start}-${end}`);
        }
      });
    }
  });
}

describe('the HTTP choices on a stored representation', () => {
  test('Accept-Encoding: the highest weight we store, the smallest on ties, identity when nothing else is acceptable', () => {
    assert.equal(negotiateEncoding(''), 'identity');
    assert.equal(negotiateEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(negotiateEncoding('gzip;q=1, br;q=0.5'), 'gzip');
    assert.equal(negotiateEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(negotiateEncoding('*'), 'br');
    assert.equal(negotiateEncoding('deflate'), 'identity');
    assert.equal(negotiateEncoding('zstd, identity;q=0'), 'identity', 'nothing acceptable: identity rather than a refusal');
  });
  test('If-None-Match: weak comparison over a list, and *', () => {
    assert.equal(noneMatch('"a", W/"b"', '"b"'), true);
    assert.equal(noneMatch('*', '"b"'), true);
    assert.equal(noneMatch('"a"', '"b"'), false);
    assert.equal(noneMatch(undefined, '"b"'), false);
  });
  test('Range: one byte range, suffixes clipped, past the end unsatisfiable, anything else the whole', () => {
    const size = 100;
    assert.deepEqual(byteRangeOf('bytes=0-9', undefined, size, '"t"'), { kind: 'part', start: 0, end: 9 });
    assert.deepEqual(byteRangeOf('bytes=90-500', undefined, size, '"t"'), { kind: 'part', start: 90, end: 99 });
    assert.deepEqual(byteRangeOf('bytes=-500', undefined, size, '"t"'), { kind: 'part', start: 0, end: 99 });
    assert.deepEqual(byteRangeOf('bytes=100-', undefined, size, '"t"'), { kind: 'unsatisfiable' });
    assert.deepEqual(byteRangeOf('bytes=-0', undefined, size, '"t"'), { kind: 'unsatisfiable' });
    for (const whole of ['items=0-9', 'bytes=9-0', 'bytes=-', 'bytes=0-1,5-6', 'bytes=a-b']) {
      assert.deepEqual(byteRangeOf(whole, undefined, size, '"t"'), { kind: 'whole' }, whole);
    }
    assert.deepEqual(byteRangeOf('bytes=0-9', '"old"', size, '"t"'), { kind: 'whole' });
    assert.deepEqual(byteRangeOf('bytes=0-9', '"t"', size, '"t"'), { kind: 'part', start: 0, end: 9 });
  });
});
