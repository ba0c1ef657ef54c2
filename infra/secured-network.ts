// The distributed profile's servers with a user per process (issue 14 item 4): a nats-server and a
// redis-server started here with the generated authorization, and PostgreSQL roles per service on the
// given server. Used by `npm run start:distributed` and by the test stack; a deployment configures
// its own servers the same way (docker-compose.yml, README "Users inside the network").
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { ensureStreams } from '@civic/service-kit/events/index';
import { streamOwners } from './event-producers.ts';
import { startNatsServer, startRedisServer, type LocalServer } from './local-servers.ts';
import { natsAuthorizationConfig } from './nats-authorization.ts';
import { generateCredentials, networkEnvOf, passwordOf, type NetworkServers } from './network-credentials.ts';
import { databaseRolesFor, dropRoles, ensureServiceRoles } from './postgres-roles.ts';
import { redisAclRules } from './redis-acl.ts';

export interface SecuredNetworkOptions {
  /** Where the servers keep their configuration and JetStream store. */
  dir: string;
  services: readonly string[];
  /** The PostgreSQL server, as its administrator (creates the roles and databases). */
  databaseUrl: string;
  databasePrefix: string;
  natsPrefix: string;
  redisPrefix: string;
  /** Passwords (network-credentials.ts keys); fresh ones when absent. */
  credentials?: Record<string, string>;
  natsPort?: number;
  redisPort?: number;
  /** Drop the roles named with databasePrefix at close, after their databases (a test run's; a deployment keeps them). */
  dropRolesOnClose?: boolean;
}

export interface SecuredNetwork {
  /** The administrator's settings: setup, and tests that look behind the services. */
  adminEnv: Record<string, string>;
  /** The settings that make one process (a service, or `gateway`) connect as itself. */
  envOf(user: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startSecuredNetwork(options: SecuredNetworkOptions): Promise<SecuredNetwork> {
  const credentials = options.credentials ?? generateCredentials();
  const users = [...options.services, 'gateway'];
  const passwordsFor = (kind: 'NATS' | 'REDIS') =>
    Object.fromEntries(['admin', ...users].map((user) => [user, passwordOf(credentials, `${kind}_PASSWORD_${user.toUpperCase()}`)]));
  const started: LocalServer[] = [];
  const stopAll = async () => {
    for (const server of started.splice(0)) await server.stop();
  };
  try {
    const [nats, redis] = await Promise.all([
      startNatsServer({
        dir: join(options.dir, 'nats'),
        port: options.natsPort,
        authorization: natsAuthorizationConfig({ services: options.services, namespace: options.natsPrefix, passwords: passwordsFor('NATS') }),
      }).then((server) => (started.push(server), server)),
      startRedisServer({
        dir: join(options.dir, 'redis'),
        port: options.redisPort,
        acl: redisAclRules({ users, prefix: options.redisPrefix, passwords: passwordsFor('REDIS') }),
      }).then((server) => (started.push(server), server)),
      ...options.services.map((service) =>
        ensureServiceRoles(options.databaseUrl, databaseRolesFor(options.databasePrefix, service), {
          owner: passwordOf(credentials, `DATABASE_OWNER_PASSWORD_${service.toUpperCase()}`),
          runtime: passwordOf(credentials, `DATABASE_PASSWORD_${service.toUpperCase()}`),
        }),
      ),
    ]);
    // The streams, as setup-distributed.ts makes them: a service may create only its own.
    const nc = await connect({ servers: `nats://127.0.0.1:${nats.port}`, user: 'admin', pass: passwordOf(credentials, 'NATS_PASSWORD_ADMIN') });
    try {
      await ensureStreams(nc, streamOwners(options.services), { namespace: options.natsPrefix });
    } finally {
      await nc.close();
    }
    const servers: NetworkServers = {
      DATABASE_URL: options.databaseUrl,
      DATABASE_PREFIX: options.databasePrefix,
      NATS_URL: `nats://127.0.0.1:${nats.port}`,
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    };
    const prefixes = { DATABASE_PREFIX: options.databasePrefix, NATS_PREFIX: options.natsPrefix, REDIS_PREFIX: options.redisPrefix };
    const adminRedis = new URL(servers.REDIS_URL);
    adminRedis.username = 'admin';
    adminRedis.password = encodeURIComponent(passwordOf(credentials, 'REDIS_PASSWORD_ADMIN'));
    return {
      adminEnv: {
        ...prefixes,
        DATABASE_URL: options.databaseUrl,
        NATS_URL: servers.NATS_URL,
        NATS_USER: 'admin',
        NATS_PASSWORD: passwordOf(credentials, 'NATS_PASSWORD_ADMIN'),
        REDIS_URL: adminRedis.toString(),
      },
      envOf: (user) => ({ ...prefixes, ...networkEnvOf(user, servers, credentials) }),
      async close() {
        await stopAll();
        if (options.dropRolesOnClose) await dropRoles(options.databaseUrl, options.databasePrefix);
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
