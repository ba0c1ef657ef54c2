// The gateway's downloads (the published snapshots; SECURITY 32, docs/security.md) on both run profiles:
// a reader that stops reading is closed after DOWNLOAD_IDLE_TIMEOUT_MS and frees its place; a client
// network gets DOWNLOAD_LIMIT_PER_NETWORK at once (429 past it, with a message); past
// DOWNLOAD_LIMIT_TOTAL a request waits at most DOWNLOAD_QUEUE_TIMEOUT_MS (503, with a message), never
// for ever. A stalled reader is a raw socket that stops reading after the first bytes; the snapshot is
// made larger than what the loopback's socket buffers hold (~4 MB here), so the gateway's writes stop.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { before, describe, test } from 'node:test';
import type { TSnapshotSummary } from '@civic/contracts';
import { randomClientIp, rawGet, seedVotes } from '../../services/priorities/test/support/open-data-helpers.ts';
import {
  createPriority,
  openPrioritiesTables,
  sessionFor,
  setSetting,
  signInCitizen,
  TEST_ENV,
} from '../../services/priorities/test/support/priorities-helpers.ts';
import { profilePlan } from '../../test/support/infrastructure.ts';
import { useStack } from '../../test/support/integration-suite.ts';
import { openDownloadsOf } from '../src/plugins/download-limits.ts';
import { pollUntil } from '../../test/support/poll.ts';

const IDLE_MS = 3000;
const QUEUE_MS = 300;
/** ~67 bytes of JSON a leaf: ~10 MB, well past what the socket buffers take before the writes stop. */
const VOTES = 150_000;

interface Stalled {
  /** The answer's status line. */
  status: string;
  contentLength: number;
  /** Reads the rest and resolves the bytes of body received once the connection ends. */
  drain(): Promise<number>;
}

/** A download that reads its first bytes, then stops reading (the socket is paused, its buffers fill). */
function stalledDownload(baseUrl: string, path: string, ip: string): Promise<Stalled> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nX-Forwarded-For: ${ip}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
    socket.once('data', (first: Buffer) => {
      socket.pause();
      const text = first.toString('latin1');
      const headerEnd = text.indexOf('\r\n\r\n');
      const headerBytes = headerEnd + 4;
      let bodyBytes = first.length - headerBytes;
      resolve({
        status: text.slice(0, text.indexOf('\r\n')),
        contentLength: Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN),
        drain: () =>
          new Promise((done) => {
            socket.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
            socket.once('close', () => done(bodyBytes));
            socket.on('error', () => {});
            socket.resume();
          }),
      });
    });
  });
}

for (const { profile, skip } of await profilePlan()) {
  describe(`downloads: idle readers closed, per-network cap, queue deadline (${profile})`, { skip }, () => {
    const stack = useStack(profile, {
      services: ['auth', 'account', 'ledger', 'priorities'],
      env: {
        ...TEST_ENV,
        DOWNLOAD_LIMIT_PER_NETWORK: '2',
        DOWNLOAD_LIMIT_TOTAL: '3',
        DOWNLOAD_QUEUE_TIMEOUT_MS: String(QUEUE_MS),
        DOWNLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS),
      },
    });
    let path: string;
    /** Every download this gateway admitted has closed (the stalled ones cut by the idle deadline). */
    const noDownloadOpen = () =>
      pollUntil(
        async () => openDownloadsOf(stack.gatewayPlatform)!.running,
        (running) => running === 0,
        20_000,
      );
    /** A cheap download (its first byte) from a network. */
    const probe = (ip: string) => rawGet(stack.baseUrl, path, { range: 'bytes=0-0', 'accept-encoding': 'identity' }, ip);

    before(async () => {
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      const tables = await openPrioritiesTables(stack);
      const author = await signInCitizen(stack, 'Download', 'Author');
      const ids: string[] = [];
      for (const title of ['Large snapshot one', 'Large snapshot two']) ids.push((await createPriority(author.client, { title })).id);
      await seedVotes(tables, ids, VOTES);
      const admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      const taken = await admin.post<TSnapshotSummary>('/api/admin/open-data/snapshots');
      assert.equal(taken.status, 200, taken.text);
      path = `/api/open-data/snapshots/${taken.body.id}`;
    });

    test('a reader that stops reading is closed after the idle time and frees its place; a network past its cap gets 429', async () => {
      const network = randomClientIp();
      const started = Date.now();
      const stalled = [await stalledDownload(stack.baseUrl, path, network), await stalledDownload(stack.baseUrl, path, network)];
      for (const download of stalled) assert.match(download.status, / 200 /);
      assert.ok(stalled[0]!.contentLength > 8_000_000, `the document (${stalled[0]!.contentLength} bytes) outgrows the socket buffers`);

      const refused = await probe(network);
      assert.equal(refused.status, 429);
      assert.deepEqual(JSON.parse(refused.body.toString()), {
        code: 'GATEWAY_TOO_MANY_DOWNLOADS',
        message: 'Too many downloads from your network at once. Wait for one to finish and try again.',
      });
      assert.equal((await probe(randomClientIp())).status, 206, 'another network is not touched');

      // Once the gateway has closed the stalled readers, their network downloads again.
      await pollUntil(
        () => probe(network),
        (answer) => answer.status === 206,
        20_000,
      );
      await noDownloadOpen();
      assert.ok(Date.now() - started >= IDLE_MS, 'not before the idle time');
      // Each was cut: the connection ended before the whole document arrived.
      for (const download of stalled) {
        const received = await download.drain();
        assert.ok(received < download.contentLength, `${received} of ${download.contentLength} bytes received`);
      }
    });

    test('past the total a request waits at most the queue deadline: 503 with a message, never for ever', async () => {
      // Opened at once: one after the other under load, the first could pass the idle time and free its place.
      const opened = Date.now();
      const stalled = await Promise.all([0, 1, 2].map(() => stalledDownload(stack.baseUrl, path, randomClientIp())));
      for (const download of stalled) assert.match(download.status, / 200 /);
      const waited = Date.now();
      assert.ok(waited - opened < IDLE_MS, `the three readers opened within the idle time (${waited - opened} ms)`);
      const busy = await probe(randomClientIp());
      assert.equal(busy.status, 503);
      assert.ok(Date.now() - waited >= QUEUE_MS, 'it waited for a place first');
      assert.ok(Number(busy.headers['retry-after']) > 0);
      assert.deepEqual(JSON.parse(busy.body.toString()), {
        code: 'GATEWAY_DOWNLOADS_BUSY',
        message: 'Downloads are busy right now. Please try again in a minute.',
      });
      // The stalled readers are closed in their turn, and the places serve again.
      await noDownloadOpen();
      assert.equal((await probe(randomClientIp())).status, 206);
      for (const download of stalled) {
        const received = await download.drain();
        assert.ok(received < download.contentLength, `${received} of ${download.contentLength} bytes received`);
      }
    });
  });
}
