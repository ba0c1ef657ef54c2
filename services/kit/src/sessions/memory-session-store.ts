import { flagsApply, type SessionFlags, type SessionRecord, type SessionStore } from './session-store.ts';

/** Expired sessions nobody reads again (a cookie dropped without logging out) are swept this often. */
const SWEEP_EVERY_MS = 60_000;

export class MemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, SessionRecord>();
  readonly #byUser = new Map<string, Set<string>>();
  #lastSweepAt = 0;

  async create(idHash: string, record: SessionRecord): Promise<void> {
    // Swept on the creating caller's clock (the store has none of its own), at most once a minute.
    if (record.createdAt - this.#lastSweepAt >= SWEEP_EVERY_MS) this.#sweepExpired(record.createdAt);
    this.#sessions.set(idHash, { ...record });
    let set = this.#byUser.get(record.userId);
    if (!set) this.#byUser.set(record.userId, (set = new Set()));
    set.add(idHash);
  }

  async get(idHash: string, now: number): Promise<SessionRecord | null> {
    const record = this.#sessions.get(idHash);
    if (!record) return null;
    if (record.expiresAt <= now) {
      await this.delete(idHash);
      return null;
    }
    return { ...record };
  }

  async delete(idHash: string): Promise<void> {
    const record = this.#sessions.get(idHash);
    if (!record) return;
    this.#sessions.delete(idHash);
    const set = this.#byUser.get(record.userId);
    set?.delete(idHash);
    if (set?.size === 0) this.#byUser.delete(record.userId);
  }

  #sweepExpired(now: number): void {
    this.#lastSweepAt = now;
    for (const [idHash, record] of this.#sessions) if (record.expiresAt <= now) void this.delete(idHash);
  }

  async revokeUser(userId: string): Promise<number> {
    const set = this.#byUser.get(userId);
    if (!set) return 0;
    for (const idHash of set) this.#sessions.delete(idHash);
    this.#byUser.delete(userId);
    return set.size;
  }

  async updateUserFlags(userId: string, flags: SessionFlags): Promise<void> {
    for (const idHash of this.#byUser.get(userId) ?? []) {
      const record = this.#sessions.get(idHash);
      if (record && flagsApply(record, flags)) Object.assign(record, flags);
    }
  }

  async close(): Promise<void> {}
}
