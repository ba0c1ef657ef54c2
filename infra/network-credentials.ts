// Who is who inside the network: one password per process and server, generated
// once (infra/run-distributed.ts keeps them in $DATA_DIR/distributed.env, the test stack makes fresh
// ones), and from them each process's connection settings: its PostgreSQL runtime and owner roles,
// its NATS user, its Redis user.
import { randomBytes } from 'node:crypto';
import { databaseRolesFor, serviceDatabaseEnv } from './postgres-roles.ts';
import { SERVICE_PROCESSES } from './services.ts';

/** Every process that connects to the servers: the services, and the gateway (NATS and Redis only). */
export const NETWORK_USERS: readonly string[] = [...SERVICE_PROCESSES.map((s) => s.name), 'gateway'];

/** The variables of distributed.env that hold one process's passwords: the roster's services' unless named. */
export function credentialKeys(services: readonly string[] = SERVICE_PROCESSES.map((s) => s.name)): string[] {
  const keys: string[] = ['NATS_PASSWORD_OPERATOR', 'REDIS_PASSWORD_OPERATOR'];
  for (const user of [...services, 'gateway']) {
    const upper = user.toUpperCase();
    keys.push(`NATS_PASSWORD_${upper}`, `REDIS_PASSWORD_${upper}`);
    if (user !== 'gateway') keys.push(`DATABASE_PASSWORD_${upper}`, `DATABASE_OWNER_PASSWORD_${upper}`);
  }
  return keys;
}

export function generateCredentials(services?: readonly string[]): Record<string, string> {
  return Object.fromEntries(credentialKeys(services).map((key) => [key, randomBytes(24).toString('base64url')]));
}

export function passwordOf(credentials: Record<string, string | undefined>, key: string): string {
  const value = credentials[key];
  if (!value) throw new Error(`${key} is missing (generated into distributed.env by npm run start:distributed)`);
  return value;
}

export interface NetworkServers {
  /** The PostgreSQL server (any credentials in it are replaced). */
  DATABASE_URL: string;
  DATABASE_PREFIX: string;
  /** NATS and Redis without credentials. */
  NATS_URL: string;
  REDIS_URL: string;
}

function withRedisUser(redisUrl: string, user: string, password: string): string {
  const url = new URL(redisUrl);
  url.username = user;
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** The variables that make `user` connect as itself: every server sees its own user, never an administrator. */
export function networkEnvOf(user: string, servers: NetworkServers, credentials: Record<string, string | undefined>): Record<string, string> {
  const upper = user.toUpperCase();
  const database =
    user === 'gateway'
      ? // The gateway opens no database; its URL carries no role.
        { DATABASE_URL: withoutCredentials(servers.DATABASE_URL) }
      : serviceDatabaseEnv(servers.DATABASE_URL, databaseRolesFor(servers.DATABASE_PREFIX, user), {
          owner: passwordOf(credentials, `DATABASE_OWNER_PASSWORD_${upper}`),
          runtime: passwordOf(credentials, `DATABASE_PASSWORD_${upper}`),
        });
  return {
    ...database,
    NATS_URL: servers.NATS_URL,
    NATS_USER: user,
    NATS_PASSWORD: passwordOf(credentials, `NATS_PASSWORD_${upper}`),
    REDIS_URL: withRedisUser(servers.REDIS_URL, user, passwordOf(credentials, `REDIS_PASSWORD_${upper}`)),
  };
}

export function withoutCredentials(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.username = '';
  url.password = '';
  return url.toString();
}
