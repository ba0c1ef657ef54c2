// The gateway's download admission on its own (downloads/open-downloads.ts): the per-network cap,
// the total with its queue in arrival order, the queue's deadline, and a waiting client that leaves.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createOpenDownloads, type DownloadSlot } from '../src/downloads/open-downloads.ts';

const stay = () => new AbortController().signal;

describe('open downloads', () => {
  test('a network past its cap is refused at once; a released place is counted once', async () => {
    const downloads = createOpenDownloads({ perNetwork: 2, total: 10, queueTimeoutMs: 60_000 });
    const first = (await downloads.admit('net-1', stay())) as DownloadSlot;
    assert.equal(typeof first, 'object');
    assert.equal(typeof (await downloads.admit('net-1', stay())), 'object');
    assert.equal(await downloads.admit('net-1', stay()), 'network');
    assert.equal(typeof (await downloads.admit('net-2', stay())), 'object', 'another network is not touched');
    first.release();
    first.release();
    assert.equal(downloads.running, 2, 'released twice, counted once');
    assert.equal(typeof (await downloads.admit('net-1', stay())), 'object');
  });

  test('past the total a request waits, gets the next free place in arrival order, or is refused at its deadline', async () => {
    const downloads = createOpenDownloads({ perNetwork: 5, total: 1, queueTimeoutMs: 60_000 });
    const holder = (await downloads.admit('a', stay())) as DownloadSlot;
    const order: string[] = [];
    const second = downloads.admit('b', stay()).then((slot) => (order.push('b'), slot as DownloadSlot));
    const third = downloads.admit('c', stay()).then((slot) => (order.push('c'), slot as DownloadSlot));
    assert.equal(downloads.waiting, 2);
    holder.release();
    (await second).release();
    (await third).release();
    assert.deepEqual(order, ['b', 'c']);
    assert.equal(downloads.running, 0);

    const short = createOpenDownloads({ perNetwork: 5, total: 1, queueTimeoutMs: 20 });
    await short.admit('a', stay());
    assert.equal(await short.admit('b', stay()), 'busy');
    assert.equal(short.waiting, 0, 'the refused request left the queue');
  });

  test('a client that leaves while waiting leaves the queue and its network count', async () => {
    const downloads = createOpenDownloads({ perNetwork: 1, total: 1, queueTimeoutMs: 60_000 });
    const holder = (await downloads.admit('a', stay())) as DownloadSlot;
    const gone = new AbortController();
    const waiting = downloads.admit('b', gone.signal);
    gone.abort();
    assert.equal(await waiting, 'busy');
    assert.equal(downloads.waiting, 0);
    holder.release();
    assert.equal(typeof (await downloads.admit('b', stay())), 'object', "the network's count went with it");
  });
});
