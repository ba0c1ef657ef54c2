// The live rankings stream (GET /api/priorities/stream) of one process: every replica watches every
// vote, creation, promotion and decay event, so each sees every change. A tally is read by primary
// key and sent to every open stream; events arriving together share one read, and reads are
// serialised so a later tally never carries older counts than an earlier one.
import { PassThrough } from 'node:stream';
import { PRIORITY_STREAM_EVENTS, type TPriorityCreatedStreamEvent, type TPriorityTallyEvent } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export interface LiveRankingsOptions {
  /** A comment line this often keeps proxies and browsers from closing an idle stream; default 15 s. */
  heartbeatMs?: number;
  /** A client this far behind (bytes buffered) is dropped rather than buffered without end; default 1 MiB. */
  maxBufferedBytes?: number;
}

export interface LiveRankings {
  /** A new stream for one client; it ends when the client goes or the service closes. */
  open(): PassThrough;
  /** A vote, promotion or decay changed this priority's standing (`at`: when it was recorded). */
  tallyChanged(priorityId: string, at: string): void;
  created(event: TPriorityCreatedStreamEvent): void;
  readonly openStreams: number;
  /** Resolves when every tally noticed so far has been written (tests). */
  settled(): Promise<void>;
  close(): void;
}

function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createLiveRankings(ctx: PrioritiesContext, options: LiveRankingsOptions = {}): LiveRankings {
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const streams = new Set<PassThrough>();
  /** priority id -> the latest vote time noticed and not yet written */
  const pending = new Map<string, string>();
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let closed = false;

  function broadcast(chunk: string): void {
    for (const stream of streams) {
      if (stream.writableLength > maxBuffered) {
        ctx.platform.logger.warn({ buffered: stream.writableLength }, 'rankings stream client too slow; closing its stream');
        stream.destroy();
        continue;
      }
      stream.write(chunk);
    }
  }

  async function flush(): Promise<void> {
    flushQueued = false;
    if (pending.size === 0 || streams.size === 0) {
      pending.clear();
      return;
    }
    const batch = new Map(pending);
    pending.clear();
    try {
      const rows = await ctx.db.query<{ id: string; endorsements: number; oppositions: number; promotion_boost: number }>(
        `SELECT id, endorsements, oppositions, promotion_boost FROM priorities.priorities WHERE id = ANY(string_to_array($1, ',')::uuid[])`,
        [[...batch.keys()].join(',')],
      );
      for (const row of rows) {
        const event: TPriorityTallyEvent = {
          priorityId: row.id,
          endorsements: Number(row.endorsements),
          oppositions: Number(row.oppositions),
          promotionBoost: Number(row.promotion_boost),
          at: batch.get(row.id)!,
        };
        broadcast(sseEvent(PRIORITY_STREAM_EVENTS.tally, event));
      }
    } catch (error) {
      // The next vote on these priorities sends fresh counts; a reload always has them.
      ctx.platform.logger.warn({ err: error, priorities: batch.size }, 'could not read tallies for the rankings stream');
    }
  }

  function scheduleFlush(): void {
    if (flushQueued || closed) return;
    flushQueued = true;
    // After the current read (serialised); setImmediate gathers the events that arrive together.
    flushing = flushing.then(() => new Promise<void>((resolve) => setImmediate(() => void flush().then(resolve))));
  }

  const heartbeat = setInterval(() => broadcast(': heartbeat\n\n'), options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  return {
    open() {
      const stream = new PassThrough();
      streams.add(stream);
      stream.once('close', () => streams.delete(stream));
      // Sent at once, so the headers and this first chunk leave now and every proxy starts streaming.
      stream.write(': connected\nretry: 3000\n\n');
      return stream;
    },
    tallyChanged(priorityId, at) {
      if (streams.size === 0) return;
      const previous = pending.get(priorityId);
      if (!previous || previous < at) pending.set(priorityId, at);
      scheduleFlush();
    },
    created(event) {
      if (streams.size === 0) return;
      broadcast(sseEvent(PRIORITY_STREAM_EVENTS.created, event));
    },
    get openStreams() {
      return streams.size;
    },
    settled: () => flushing,
    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const stream of streams) stream.end();
      streams.clear();
    },
  };
}
