// Prepares the servers of the distributed profile, as their administrator:
// - PostgreSQL: per service an owner role owning the database `<prefix><service>` (it runs the
//   migrations when the service starts) and the runtime role the service works as; CONNECT for no one
//   else. Passwords from DATABASE_OWNER_PASSWORD_<SERVICE> and DATABASE_PASSWORD_<SERVICE>; without
//   them, only the databases (the administrator's role then runs everything: development only).
// - NATS: one JetStream stream per producer of an event in the contracts, created as the admin user
//   (NATS_USER/NATS_PASSWORD), since a service's user may create only its own.
// - `--write-server-auth <dir>`: writes the NATS authorization (nats-auth.conf, included by
//   infra/nats/nats-server.conf) and the Redis ACL file (redis-users.acl) from the NATS_PASSWORD_* and
//   REDIS_PASSWORD_* variables, for servers this script does not start (docker-compose.yml).
// - `--identity-keys [id]`: prints a new identity key pair as IDENTITY_SIGNING_KEY and
//   IDENTITY_PUBLIC_KEY lines for the env file, each `id:` prefixed when an id is given (a rotation's
//   new key; docs/key-rotation.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { ensureSettingsBucket, loadConfig, natsConnectionOptions, ZPlatformConfig } from '@civic/service-kit';
import { ensureDatabase } from '@civic/service-kit/db';
import { ensureStreams } from '@civic/service-kit/events';
import { streamOwners } from './event-producers.ts';
import { generateIdentityKeyEnv } from './identity-key-env.ts';
import { natsAuthorizationConfig } from './nats-authorization.ts';
import { NETWORK_USERS, passwordOf } from './network-credentials.ts';
import { databaseRolesFor, ensureServiceRoles } from './postgres-roles.ts';
import { redisAclRules } from './redis-acl.ts';
import { SERVICE_PROCESSES } from './services.ts';

export async function setupDistributed(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // Setup sends no mail: a transport is not its to choose, so any value satisfies the check.
  const config = loadConfig(ZPlatformConfig, { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://unused.invalid', ...env, PROFILE: 'distributed' });
  const services = SERVICE_PROCESSES.map((s) => s.name);
  for (const service of services) {
    const upper = service.toUpperCase();
    const owner = env[`DATABASE_OWNER_PASSWORD_${upper}`];
    const runtime = env[`DATABASE_PASSWORD_${upper}`];
    if (owner && runtime) await ensureServiceRoles(config.DATABASE_URL!, databaseRolesFor(config.DATABASE_PREFIX, service), { owner, runtime });
    else await ensureDatabase(config.DATABASE_URL!, `${config.DATABASE_PREFIX}${service}`);
  }
  const nc = await connect(natsConnectionOptions(config));
  try {
    await ensureStreams(nc, streamOwners(services), { namespace: config.NATS_PREFIX });
    // The platform settings bucket: every process watches it, the admin service writes it.
    await ensureSettingsBucket(nc, config.NATS_PREFIX);
  } finally {
    await nc.close();
  }
  console.log(`databases ${services.map((s) => config.DATABASE_PREFIX + s).join(', ')}, their roles and the streams are ready`);
}

/** The NATS and Redis user files of a deployment's own servers, from the passwords in `env`. */
export function writeServerAuth(dir: string, env: NodeJS.ProcessEnv = process.env): void {
  const services = SERVICE_PROCESSES.map((s) => s.name);
  const passwords = (kind: 'NATS' | 'REDIS') =>
    Object.fromEntries(['operator', ...NETWORK_USERS].map((user) => [user, passwordOf(env, `${kind}_PASSWORD_${user.toUpperCase()}`)]));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'nats-auth.conf'), natsAuthorizationConfig({ services, namespace: env.NATS_PREFIX ?? '', passwords: passwords('NATS') }), {
    mode: 0o600,
  });
  const acl = redisAclRules({ users: NETWORK_USERS, prefix: env.REDIS_PREFIX ?? 'civic:', passwords: passwords('REDIS') });
  writeFileSync(join(dir, 'redis-users.acl'), `user default off\n${acl.map((rule) => `user ${rule}`).join('\n')}\n`, { mode: 0o600 });
}

/** A new pair as env-file lines; with `id`, each entry carries it (a ring entry to put in front). */
export function identityKeyLines(id?: string): string {
  if (id !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error('--identity-keys: a key id is 1-32 letters, digits, _ or -');
  const prefix = id ? `${id}:` : '';
  return Object.entries(generateIdentityKeyEnv())
    .map(([key, value]) => `${key}=${prefix}${value}\n`)
    .join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--write-server-auth');
  if (at >= 0) writeServerAuth(process.argv[at + 1] ?? 'data');
  else if (process.argv.includes('--identity-keys')) process.stdout.write(identityKeyLines(process.argv[process.argv.indexOf('--identity-keys') + 1]));
  else await setupDistributed();
}
