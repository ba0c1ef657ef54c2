// The pieces behind the gateway's stream limits, on their own: the route table's stream
// declarations, the per-user / per-network / total counts, and the session check that ends the
// streams of ended sessions (and keeps them when the store cannot be read).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PRIORITY_STREAM_PATH } from '@civic/contracts';
import { MemorySessionStore, type SessionStore } from '@civic/service-kit';
import { assertNoDuplicateClaims, isStreamRoute } from '../src/route-ownership.ts';
import { ROUTE_TABLE } from '../src/route-table.ts';
import { createOpenStreams, type OpenStream } from '../src/streams/open-streams.ts';
import { endStreamsOfEndedSessions } from '../src/streams/session-watch.ts';

function streamOf(userId: string | null, network: string, sessionHash: string | null = userId && `hash-${userId}`) {
  const stream = { userId, network, sessionHash, endedTimes: 0, end: () => void (stream.endedTimes += 1) };
  return stream satisfies OpenStream;
}

const silentLogger = { warn: () => undefined };

describe('stream routes in the route table', () => {
  test('the live rankings stream is declared; other paths are not streams', () => {
    assert.equal(isStreamRoute(ROUTE_TABLE, PRIORITY_STREAM_PATH), true);
    assert.equal(isStreamRoute(ROUTE_TABLE, '/api/priorities'), false);
    assert.equal(isStreamRoute(ROUTE_TABLE, '/api/priorities/:id'), false);
  });
  test("a stream outside its service's paths is a start-up error", () => {
    assert.throws(
      () => assertNoDuplicateClaims([{ service: 'ledger', patterns: ['/api/daily-login'], streams: ['/api/priorities/stream'] }]),
      /declares the stream \/api\/priorities\/stream outside its own paths/,
    );
  });
});

describe('open streams', () => {
  test('counted per user, per network and in all; a removed stream frees its place', () => {
    const streams = createOpenStreams({ perUser: 2, perNetwork: 3, total: 4 });
    const first = streamOf('a', 'net-1');
    assert.equal(streams.tryAdd(first), null);
    assert.equal(streams.tryAdd(streamOf('a', 'net-1')), null);
    assert.equal(streams.tryAdd(streamOf('a', 'net-2')), 'user');
    assert.equal(streams.tryAdd(streamOf('b', 'net-1')), null);
    assert.equal(streams.tryAdd(streamOf(null, 'net-1')), 'network', 'visitors count against their network');
    assert.equal(streams.tryAdd(streamOf('c', 'net-2')), null);
    assert.equal(streams.tryAdd(streamOf('d', 'net-3')), 'total');
    assert.equal(streams.size, 4);
    streams.remove(first);
    streams.remove(first);
    assert.equal(streams.size, 3, 'a stream removed twice counts once');
    assert.equal(streams.tryAdd(streamOf('a', 'net-1')), null);
  });
});

describe('session check of open streams', () => {
  test('ends the streams of ended sessions only, one read per session', async () => {
    const sessions = new MemorySessionStore();
    const now = Date.now();
    await sessions.create('hash-live', { userId: 'live', isAdmin: false, isBanned: false, createdAt: now, expiresAt: now + 60_000 });
    let reads = 0;
    const counting: SessionStore = Object.assign(Object.create(sessions) as SessionStore, {
      get: (hash: string, at: number) => ((reads += 1), sessions.get(hash, at)),
    });
    const streams = createOpenStreams({ perUser: 5, perNetwork: 50, total: 100 });
    const live = [streamOf('live', 'n', 'hash-live'), streamOf('live', 'n', 'hash-live')];
    const gone = streamOf('gone', 'n', 'hash-gone');
    const visitor = streamOf(null, 'n');
    for (const stream of [...live, gone, visitor]) streams.tryAdd(stream);

    assert.equal(await endStreamsOfEndedSessions({ streams, sessions: counting, now: () => now, logger: silentLogger }), 1);
    assert.equal(reads, 2, 'two sessions, two reads');
    assert.deepEqual(
      [...live, gone, visitor].map((s) => s.endedTimes),
      [0, 0, 1, 0],
    );
  });

  test('a store that cannot be read ends nothing', async () => {
    const failing = { get: () => Promise.reject(new Error('redis down')) } as unknown as SessionStore;
    const streams = createOpenStreams({ perUser: 5, perNetwork: 50, total: 100 });
    const stream = streamOf('u', 'n');
    streams.tryAdd(stream);
    assert.equal(await endStreamsOfEndedSessions({ streams, sessions: failing, now: () => Date.now(), logger: silentLogger }), 0);
    assert.equal(stream.endedTimes, 0);
  });
});
