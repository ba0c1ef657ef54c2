// Where sessions live: keyed by the SHA-256 of the opaque session id, never by the id itself.
// Embedded: in memory. Distributed: Redis, shared by the gateway (reads) and auth (writes).

export interface SessionRecord {
  userId: string;
  isAdmin: boolean;
  isBanned: boolean;
  createdAt: number;
  /** Absolute expiry (ms since epoch); checked on every read. */
  expiresAt: number;
}

export interface SessionStore {
  create(idHash: string, record: SessionRecord): Promise<void>;
  /** The record, or null when missing or expired at `now`. */
  get(idHash: string, now: number): Promise<SessionRecord | null>;
  delete(idHash: string): Promise<void>;
  /** Revokes every session of a user at once; answers how many there were. */
  revokeUser(userId: string): Promise<number>;
  /** Rewrites the role flags carried by a user's live sessions. */
  updateUserFlags(userId: string, flags: Pick<SessionRecord, 'isAdmin' | 'isBanned'>): Promise<void>;
  close(): Promise<void>;
}

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
