// Redis layout: `<prefix>sess:<idHash>` holds the record with a TTL at its absolute expiry;
// `<prefix>user-sess:<userId>` is the set of a user's session hashes, for revoke-all.
import type { Redis } from 'ioredis';
import { DependencyUnavailableError } from '../failure-kind.ts';
import type { SessionFlags, SessionRecord, SessionStore } from './session-store.ts';

/**
 * ioredis states in which the connection is known to be away (between reconnect attempts, or given
 * up). A command then would wait for its retries (~2 s) before failing; failing at once turns a
 * Redis outage into prompt 503s instead of every signed-in request holding a connection for seconds.
 * 'wait' and 'connecting' at start-up still queue, as the first connection is on its way.
 */
const AWAY_STATES = new Set(['reconnecting', 'close', 'end']);

/** KEYS[1]: the user's set of session hashes; ARGV[1]: the session key prefix. Answers how many went. */
const REVOKE_USER_SCRIPT = `
local hashes = redis.call('SMEMBERS', KEYS[1])
for _, hash in ipairs(hashes) do redis.call('DEL', ARGV[1] .. hash) end
redis.call('DEL', KEYS[1])
return #hashes`;

/**
 * KEYS[1]: the user's set of session hashes; ARGV[1]: the session key prefix; ARGV[2]: the flags as
 * JSON; ARGV[3]: their standing version, or '' for none. One script, so the version check and the
 * write of each record cannot interleave with another update's (two changes of one user's standing
 * whose updates race leave the newer flags). XX: a session revoked meanwhile stays revoked; KEEPTTL:
 * its absolute expiry stays. cjson keeps 14 significant digits: enough for the ms timestamps.
 */
const UPDATE_FLAGS_SCRIPT = `
local flags = cjson.decode(ARGV[2])
local version = tonumber(ARGV[3])
for _, hash in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[1] .. hash
  local raw = redis.call('GET', key)
  if raw then
    local record = cjson.decode(raw)
    local held = tonumber(record.standingVersion) or -1
    if version == nil or held <= version then
      for name, value in pairs(flags) do record[name] = value end
      redis.call('SET', key, cjson.encode(record), 'KEEPTTL', 'XX')
    end
  end
end
return 0`;

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Throws at once while the connection is known to be away (see AWAY_STATES). */
  #ensureReachable(): void {
    if (AWAY_STATES.has(this.redis.status)) throw new DependencyUnavailableError(`Redis is unreachable (${this.redis.status})`);
  }

  #sessionKey(idHash: string) {
    return `${this.prefix}sess:${idHash}`;
  }
  #userKey(userId: string) {
    return `${this.prefix}user-sess:${userId}`;
  }

  async create(idHash: string, record: SessionRecord): Promise<void> {
    this.#ensureReachable();
    // The TTL is the session's lifetime, not expiry minus wall time, so an injected clock works too;
    // get() still checks expiresAt against the caller's clock.
    const ttl = Math.max(1, record.expiresAt - record.createdAt);
    await this.redis
      .multi()
      .set(this.#sessionKey(idHash), JSON.stringify(record), 'PX', ttl)
      .sadd(this.#userKey(record.userId), idHash)
      .pexpire(this.#userKey(record.userId), ttl, 'GT')
      .exec();
    // PEXPIRE GT does nothing on a key without TTL; make sure the set expires at all.
    await this.redis.pexpire(this.#userKey(record.userId), ttl, 'NX');
  }

  async get(idHash: string, now: number): Promise<SessionRecord | null> {
    this.#ensureReachable();
    const raw = await this.redis.get(this.#sessionKey(idHash));
    if (!raw) return null;
    const record = JSON.parse(raw) as SessionRecord;
    return record.expiresAt > now ? record : null;
  }

  async delete(idHash: string): Promise<void> {
    this.#ensureReachable();
    const raw = await this.redis.get(this.#sessionKey(idHash));
    const multi = this.redis.multi().del(this.#sessionKey(idHash));
    if (raw) multi.srem(this.#userKey((JSON.parse(raw) as SessionRecord).userId), idHash);
    await multi.exec();
  }

  async revokeUser(userId: string): Promise<number> {
    this.#ensureReachable();
    // One script, so a session created meanwhile is either listed and deleted, or created after:
    // read-then-delete in two steps could drop a new session from the user's set and leave the
    // session itself alive, out of reach of any later revoke-all.
    const revoked = await this.redis.eval(REVOKE_USER_SCRIPT, 1, this.#userKey(userId), this.#sessionKey(''));
    return Number(revoked);
  }

  async updateUserFlags(userId: string, flags: SessionFlags): Promise<void> {
    this.#ensureReachable();
    const version = flags.standingVersion === undefined ? '' : String(flags.standingVersion);
    // JSON.stringify leaves out an undefined flag, so an update without a version keeps the record's.
    await this.redis.eval(UPDATE_FLAGS_SCRIPT, 1, this.#userKey(userId), this.#sessionKey(''), JSON.stringify(flags), version);
  }

  async close(): Promise<void> {}
}
