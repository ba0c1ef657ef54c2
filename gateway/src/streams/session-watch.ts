// Ends the open streams whose session has ended (logout, revoke-all on account deletion or a ban,
// expiry). A stream is one long request: its session was checked when it started (SECURITY 11),
// and without this it would go on being served after the session is gone.
//
// Every few seconds the session of each open stream is read again from the session store, the same
// read that decides every other request. Chosen over reacting to an event from auth because it
// needs nothing from the other side: whoever ended the session (auth on any replica, an admin, the
// expiry clock), on either profile, the next check sees it, and a missed message cannot leave a
// stream open. The cost is one store read per session with open streams per check (tabs of one
// browser share a session and one read); a failed read keeps the streams until the next check.
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
