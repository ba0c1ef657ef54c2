// Closes a download whose reader stopped reading. A paused reader fills the socket's buffers, then the
// gateway's writes stop completing; nothing else notices (undici's body timeout does not run while the
// gateway has paused the upstream answer for back-pressure), and the download would hold its place and
// its upstream connection for ever. A download counts as idle when bytes wait to be written to its
// socket and none has been written for idleMs; one waiting on its upstream (nothing to write) is not.
import type { ServerResponse } from 'node:http';

interface Watched {
  /** Bytes the socket has handed to the kernel, at the last change. */
  written: number;
  since: number;
  onIdle: () => void;
}

export interface IdleReaders {
  watch(response: ServerResponse, onIdle: () => void): void;
  readonly size: number;
  close(): void;
}

export function watchIdleReaders(idleMs: number, now: () => number = Date.now): IdleReaders {
  const watched = new Map<ServerResponse, Watched>();
  // A few looks per period: a reader is closed between idleMs and idleMs + a quarter of it.
  const everyMs = Math.max(10, Math.min(1000, Math.floor(idleMs / 4)));
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    const at = now();
    for (const [response, entry] of watched) {
      const socket = response.socket;
      if (!socket) continue;
      const written = socket.bytesWritten - socket.writableLength;
      const waiting = socket.writableLength > 0 || response.writableNeedDrain;
      if (written !== entry.written || !waiting) {
        entry.written = written;
        entry.since = at;
      } else if (at - entry.since >= idleMs) {
        watched.delete(response);
        entry.onIdle();
      }
    }
  };

  return {
    watch(response, onIdle) {
      watched.set(response, { written: -1, since: now(), onIdle });
      timer ??= setInterval(check, everyMs).unref();
      response.once('close', () => {
        watched.delete(response);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      });
    },
    get size() {
      return watched.size;
    },
    close() {
      clearInterval(timer);
      timer = undefined;
      watched.clear();
    },
  };
}
