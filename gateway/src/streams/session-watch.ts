// Ends the open streams whose session has ended (logout, revoke-all, a ban, expiry): a stream is one
// long request, checked only when it started (SECURITY 11). Each session is read again every few
// seconds rather than waiting for an event from auth: whoever ended it, the next check sees it, and a
// missed message cannot leave a stream open (docs/architecture.md).
import type { Platform, SessionStore } from '@civic/service-kit';
import type { OpenStreams } from './open-streams.ts';

export interface SessionWatchOptions {
  streams: OpenStreams;
  sessions: SessionStore;
  now: () => number;
  everyMs: number;
  logger: Pick<Platform['logger'], 'warn'>;
}

/** Sessions read at once: batches keep the event loop free for requests meanwhile (docs/architecture.md). */
const READS_PER_BATCH = 250;

/** Reads every open stream's session once and ends the streams of the sessions that are gone. */
export async function endStreamsOfEndedSessions({ streams, sessions, now, logger }: Omit<SessionWatchOptions, 'everyMs'>): Promise<number> {
  let ended = 0;
  const at = now();
  const groups = [...streams.bySession()];
  for (let start = 0; start < groups.length; start += READS_PER_BATCH) {
    await Promise.all(
      groups.slice(start, start + READS_PER_BATCH).map(async ([sessionHash, group]) => {
        try {
          if (await sessions.get(sessionHash, at)) return;
        } catch (error) {
          logger.warn({ err: error }, 'could not read the session of an open stream; checked again later');
          return;
        }
        for (const stream of group) {
          stream.end();
          ended += 1;
        }
      }),
    );
  }
  return ended;
}

/** Checks every `everyMs`; answers a stop function. A check still running when the next is due is not doubled. */
export function watchStreamSessions(options: SessionWatchOptions): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || options.streams.size === 0) return;
    running = true;
    void endStreamsOfEndedSessions(options).finally(() => {
      running = false;
    });
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
