// The Redis users of the distributed profile: the default user is off, each process
// logs in as itself, and a process's keys and channels are those under REDIS_PREFIX. Administrative
// and dangerous commands (CONFIG, FLUSHALL, KEYS, DEBUG, ACL ...) are refused to all but `operator` (the unrestricted user; `admin` is the admin service);
// INFO stays, as ioredis's ready check asks it at every connection.
export function redisAclRules(options: { users: readonly string[]; prefix: string; passwords: Record<string, string> }): string[] {
  const password = (user: string) => {
    const value = options.passwords[user];
    if (!value || /\s/.test(value)) throw new Error(`no usable Redis password for ${user}`);
    return value;
  };
  if (/[\s*?[\]]/.test(options.prefix)) throw new Error(`REDIS_PREFIX may not hold spaces or glob characters: ${options.prefix}`);
  return [
    `operator on >${password('operator')} ~* &* +@all`,
    ...options.users.map((user) => `${user} on >${password(user)} ~${options.prefix}* &${options.prefix}* +@all -@dangerous -@admin +info`),
  ];
}
