// The event streams one gateway process carries, counted per signed-in user, per client network
// and in all, so one account or one network cannot hold an unbounded number of connections (each
// stream keeps a client socket, an upstream socket and a service-side writer open for hours).
// Counted in this process, not in Redis: the limits bound what this process holds, a count needs
// no lease that a crashed gateway would leave behind, and a stream's end is seen here for certain.

export interface StreamLimits {
  perUser: number;
  perNetwork: number;
  total: number;
}

export interface OpenStream {
  /** null for a visitor (the service refuses them; the stream still counts while it is answered). */
  readonly userId: string | null;
  readonly network: string;
  /** SHA-256 of the session id the stream was opened with, read again while it is open. */
  readonly sessionHash: string | null;
  /** Ends the stream now (its session ended). */
  end(): void;
}

export type StreamRefusal = 'user' | 'network' | 'total';

export interface OpenStreams {
  /** Counts the stream in, or says which limit it would pass. */
  tryAdd(stream: OpenStream): StreamRefusal | null;
  remove(stream: OpenStream): void;
  /** Every open stream, grouped by the session it was opened with (visitors' streams left out). */
  bySession(): Map<string, OpenStream[]>;
  readonly size: number;
}

export function createOpenStreams(limits: StreamLimits): OpenStreams {
  const streams = new Set<OpenStream>();
  const perUser = new Map<string, number>();
  const perNetwork = new Map<string, number>();

  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };

  return {
    tryAdd(stream) {
      if (streams.has(stream)) return null;
      if (stream.userId !== null && (perUser.get(stream.userId) ?? 0) >= limits.perUser) return 'user';
      if ((perNetwork.get(stream.network) ?? 0) >= limits.perNetwork) return 'network';
      if (streams.size >= limits.total) return 'total';
      streams.add(stream);
      if (stream.userId !== null) add(perUser, stream.userId, 1);
      add(perNetwork, stream.network, 1);
      return null;
    },
    remove(stream) {
      if (!streams.delete(stream)) return;
      if (stream.userId !== null) add(perUser, stream.userId, -1);
      add(perNetwork, stream.network, -1);
    },
    bySession() {
      const grouped = new Map<string, OpenStream[]>();
      for (const stream of streams) {
        if (stream.sessionHash === null) continue;
        const group = grouped.get(stream.sessionHash);
        if (group) group.push(stream);
        else grouped.set(stream.sessionHash, [stream]);
      }
      return grouped;
    },
    get size() {
      return streams.size;
    },
  };
}
