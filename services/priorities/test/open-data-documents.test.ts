// Snapshots are files (issue 35 item 6, docs/open-data.md "Stored documents") on both run profiles: a
// snapshot's documents are written once when it is taken (files under DATA_DIR embedded, the database
// distributed) and every download is served from them, never rebuilt from the leaves; each coding
// (identity, gzip, br, by Accept-Encoding) has its own strong ETag (If-None-Match: 304), one byte range
// of the representation sent is a 206 (416 past its end), the stored rows cannot be updated, and a
// snapshot taken before documents were stored answers 503 until the schedule has stored them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type TSnapshotSummary, ZSnapshot } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { verifySnapshot } from '../../../scripts/open-data/verify-snapshot.ts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { prioritiesJobsOf } from '../src/app.ts';
import { rawGet, rawRequest, seedVotes } from './support/open-data-helpers.ts';
import { createPriority, openPrioritiesTables, sessionFor, setSetting, signInCitizen, TEST_ENV } from './support/priorities-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`open-data documents are stored once and served by range and coding (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities'], env: TEST_ENV });
    let tables: SqlDriver;
    let admin: ApiClient;
    const path = (id: string, query = '') => `/api/open-data/snapshots/${id}${query}`;
    const get = (id: string, headers: Record<string, string> = {}, query = '') => rawGet(stack.baseUrl, path(id, query), headers);
    const takeSnapshot = async (): Promise<TSnapshotSummary> => {
      const response = await admin.post<TSnapshotSummary>('/api/admin/open-data/snapshots');
      assert.equal(response.status, 200, response.text);
      return response.body;
    };
    const documentRows = async (id: string) =>
      tables.query<{ format: string; encoding: string; byte_size: string }>(
        'SELECT format, encoding, byte_size FROM priorities.open_data_documents WHERE snapshot_id = $1::uuid ORDER BY format, encoding',
        [id],
      );

    before(async () => {
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      tables = await openPrioritiesTables(stack);
      const author = await signInCitizen(stack, 'Document', 'Author');
      admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      const ids: string[] = [];
      for (const title of ['Stored document one', 'Stored document two', 'Stored document three'])
        ids.push((await createPriority(author.client, { title })).id);
      // Enough leaves for a document of a few hundred kB: several parts of gzip and br output, ranges across them.
      await seedVotes(tables, ids, 3000);
    });

    test('a snapshot is written once and served from storage: no download rebuilds it', async () => {
      const summary = await takeSnapshot();
      const rows = await documentRows(summary.id);
      assert.deepEqual(
        rows.map((row) => `${row.format}/${row.encoding}`),
        ['csv/br', 'csv/gzip', 'csv/identity', 'json/br', 'json/gzip', 'json/identity'],
      );
      if (profile === 'embedded') {
        // Embedded: files under DATA_DIR; distributed: rows of the priorities database.
        const files = (await readdir(join(stack.dataDir, 'open-data'))).filter((name) => name.startsWith(summary.id)).sort();
        assert.deepEqual(
          files,
          ['csv', 'csv.br', 'csv.gz', 'json', 'json.br', 'json.gz'].map((suffix) => `${summary.id}.${suffix}`),
        );
      } else {
        const [parts] = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.open_data_document_parts WHERE snapshot_id = $1::uuid', [
          summary.id,
        ]);
        assert.ok(Number(parts!.n) >= 6);
      }
      // What a rebuild would read is gone: the leaves and the ranked list of this snapshot.
      await tables.query('DELETE FROM priorities.open_data_leaf_chunks WHERE snapshot_id = $1::uuid', [summary.id]);
      await tables.query('DELETE FROM priorities.open_data_snapshot_priorities WHERE snapshot_id = $1::uuid', [summary.id]);
      const first = await stack.client().get(path(summary.id));
      const second = await stack.client().get(path(summary.id));
      assert.equal(first.status, 200, first.text);
      assert.equal(second.text, first.text, 'served twice, the same bytes');
      assert.equal(second.headers.get('etag'), first.headers.get('etag'));
      const published = ZSnapshot.parse(first.body);
      assert.equal(published.root, summary.root);
      assert.ok(published.treeSize >= 3000);
      assert.deepEqual((await verifySnapshot(published)).problems, []);
      const csv = await stack.client().get(path(summary.id, '?format=csv'));
      assert.equal(csv.status, 200);
      assert.equal(csv.text.trimEnd().split('\r\n').length, published.priorities.length + 1);
      assert.deepEqual(await documentRows(summary.id), rows, 'nothing was written again');
    });

    test('each coding is its own representation with a strong ETag; If-None-Match answers 304', async () => {
      const summary = await takeSnapshot();
      const identity = await get(summary.id, { 'accept-encoding': 'identity' });
      const gzip = await get(summary.id, { 'accept-encoding': 'gzip' });
      const br = await get(summary.id, { 'accept-encoding': 'gzip;q=0.8, br' });
      assert.deepEqual([identity.status, gzip.status, br.status], [200, 200, 200]);
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(br.headers['content-encoding'], 'br');
      assert.deepEqual(gunzipSync(gzip.body), identity.body);
      assert.deepEqual(brotliDecompressSync(br.body), identity.body);
      assert.ok(gzip.body.length < identity.body.length && br.body.length < identity.body.length);
      for (const answer of [identity, gzip, br]) {
        assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.match(String(answer.headers.vary), /accept-encoding/i);
        assert.equal(answer.headers['accept-ranges'], 'bytes');
        assert.equal(Number(answer.headers['content-length']), answer.body.length);
        assert.match(String(answer.headers.etag), /^"[\w-]{43}"$/, 'a strong tag: the SHA-256 of the bytes');
      }
      assert.equal(new Set([identity, gzip, br].map((answer) => answer.headers.etag)).size, 3);
      // A client that refuses identity and names nothing we have still gets the document.
      assert.equal((await get(summary.id, { 'accept-encoding': 'zstd, identity;q=0' })).status, 200);

      const etag = String(gzip.headers.etag);
      const cached = await get(summary.id, { 'accept-encoding': 'gzip', 'if-none-match': `"other", ${etag}` });
      assert.equal(cached.status, 304);
      assert.equal(cached.body.length, 0);
      assert.equal(cached.headers.etag, etag);
      assert.equal((await get(summary.id, { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` })).status, 304);
      // Another coding is another representation: the tag of gzip does not match br.
      assert.equal((await get(summary.id, { 'accept-encoding': 'br', 'if-none-match': etag })).status, 200);
    });

    test('one byte range of the representation sent: 206 with Content-Range, 416 past the end', async () => {
      const summary = await takeSnapshot();
      const whole = await get(summary.id);
      const size = whole.body.length;
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=100-', 100, size - 1],
        ['bytes=-50', size - 50, size - 1],
        [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const part = await get(summary.id, { range });
        assert.equal(part.status, 206, range);
        assert.equal(part.headers['content-range'], `bytes ${start}-${end}/${size}`, range);
        assert.deepEqual(part.body, whole.body.subarray(start, end + 1), range);
      }
      // A range of the gzip representation is of its compressed bytes.
      const gzip = await get(summary.id, { 'accept-encoding': 'gzip' });
      const middle = Math.floor(gzip.body.length / 2);
      const gzipPart = await get(summary.id, { 'accept-encoding': 'gzip', range: `bytes=${middle}-` });
      assert.equal(gzipPart.status, 206);
      assert.equal(gzipPart.headers['content-encoding'], 'gzip');
      assert.deepEqual(gzipPart.body, gzip.body.subarray(middle));

      // HEAD: the headers of the whole, no body.
      const head = await rawRequest(stack.baseUrl, 'HEAD', path(summary.id), { 'accept-encoding': 'identity' });
      assert.deepEqual([head.status, Number(head.headers['content-length']), head.body.length, head.headers.etag], [200, size, 0, whole.headers.etag]);

      const past = await get(summary.id, { range: `bytes=${size}-` });
      assert.equal(past.status, 416);
      assert.equal(past.headers['content-range'], `bytes */${size}`);
      assert.equal(JSON.parse(past.body.toString()).message, 'The requested range is outside this document');
      // An If-Range naming another version, or a range we do not serve (several), gets the whole document.
      assert.equal((await get(summary.id, { range: 'bytes=0-9', 'if-range': '"stale"' })).status, 200);
      assert.equal((await get(summary.id, { range: 'bytes=0-9,20-29' })).status, 200);
      assert.equal((await get(summary.id, { range: 'bytes=0-9', 'if-range': String(whole.headers.etag) })).status, 206);
    });

    test('stored documents cannot be updated', async () => {
      const summary = await takeSnapshot();
      await assert.rejects(
        tables.query("UPDATE priorities.open_data_documents SET byte_size = byte_size + 1 WHERE snapshot_id = $1::uuid AND format = 'json'", [summary.id]),
        /immutable/,
      );
      if (profile === 'distributed') {
        await assert.rejects(
          tables.query('UPDATE priorities.open_data_document_parts SET part_no = part_no WHERE snapshot_id = $1::uuid', [summary.id]),
          /immutable/,
        );
      }
    });

    test('a snapshot taken before documents were stored answers 503 until the schedule stores them', async () => {
      const summary = await takeSnapshot();
      await tables.query('DELETE FROM priorities.open_data_documents WHERE snapshot_id = $1::uuid', [summary.id]);
      const pending = await stack.client().get(path(summary.id));
      assert.equal(pending.status, 503);
      assert.equal(pending.body.message, "This snapshot's download is being prepared; try again in a few minutes");
      assert.ok(Number(pending.headers.get('retry-after')) > 0);
      await prioritiesJobsOf(stack.platforms.priorities!)!.openDataSnapshot.runNow();
      assert.equal((await documentRows(summary.id)).length, 6);
      const served = await stack.client().get(path(summary.id));
      assert.equal(served.status, 200);
      assert.deepEqual((await verifySnapshot(ZSnapshot.parse(served.body))).problems, []);
    });
  });
}
