import type { SessionRecord, SessionStore } from './session-store.ts';

export class MemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, SessionRecord>();
  readonly #byUser = new Map<string, Set<string>>();

  async create(idHash: string, record: SessionRecord): Promise<void> {
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
    this.#byUser.get(record.userId)?.delete(idHash);
  }

  async revokeUser(userId: string): Promise<number> {
    const set = this.#byUser.get(userId);
    if (!set) return 0;
    for (const idHash of set) this.#sessions.delete(idHash);
    this.#byUser.delete(userId);
    return set.size;
  }

  async updateUserFlags(userId: string, flags: Pick<SessionRecord, 'isAdmin' | 'isBanned'>): Promise<void> {
    for (const idHash of this.#byUser.get(userId) ?? []) {
      const record = this.#sessions.get(idHash);
      if (record) Object.assign(record, flags);
    }
  }

  async close(): Promise<void> {}
}
