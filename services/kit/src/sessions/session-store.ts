// Where sessions live: keyed by the SHA-256 of the opaque session id, never by the id itself.
// Embedded: in memory. Distributed: Redis, shared by the gateway (reads) and auth (writes).

export interface SessionRecord {
  userId: string;
  isAdmin: boolean;
  isBanned: boolean;
  /**
   * The account awaits an administrator's approval: it may sign in and read, not act.
   * Absent on records written before the flag existed, which were all approved.
   */
  isPending?: boolean;
  /**
   * The account's standing version (auth.users.standing_version) these flags were read at. A flags
   * update carrying a version replaces only records of that version or older, so two changes whose
   * session updates arrive out of order still leave the newer flags. Absent: older than any.
   */
  standingVersion?: number;
  createdAt: number;
  /** Absolute expiry (ms since epoch); checked on every read. */
  expiresAt: number;
}

/** What updateUserFlags rewrites. */
export type SessionFlags = Pick<SessionRecord, 'isAdmin' | 'isBanned' | 'isPending' | 'standingVersion'>;

/** Whether flags of `update`'s version may replace those a session holds (both absent: yes). */
export function flagsApply(held: SessionRecord, update: SessionFlags): boolean {
  return update.standingVersion === undefined || (held.standingVersion ?? -1) <= update.standingVersion;
}

export interface SessionStore {
  create(idHash: string, record: SessionRecord): Promise<void>;
  /** The record, or null when missing or expired at `now`. */
  get(idHash: string, now: number): Promise<SessionRecord | null>;
  delete(idHash: string): Promise<void>;
  /** Revokes every session of a user at once; answers how many there were. */
  revokeUser(userId: string): Promise<number>;
  /**
   * Rewrites the role flags carried by a user's live sessions. With a standingVersion, a session
   * whose flags come from a newer version is left as it is (see SessionRecord.standingVersion).
   */
  updateUserFlags(userId: string, flags: SessionFlags): Promise<void>;
  close(): Promise<void>;
}

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
