// The distributed profile's servers with a user per process: a nats-server and a
// redis-server started here with the generated authorization, and PostgreSQL roles per service on the
// given server. Used by `npm run start:distributed` and by the test stack; a deployment configures
// its own servers the same way (docker-compose.yml, README "Users inside the network").
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { ensureStreams } from '@civic/service-kit/events';
import { ensureSettingsBucket } from '@civic/service-kit';
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
  /** Redis keeps its data across a stop and start of `servers.redis` (fault-injection tests). */
  persistentRedis?: boolean;
}

/** One of the network's servers, which a fault-injection test may stop and start again (same port, same data). */
export interface RestartableServer {
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface SecuredNetwork {
  /** The administrator's settings: setup, and tests that look behind the services. */
  adminEnv: Record<string, string>;
  /** The settings that make one process (a service, or `gateway`) connect as itself. */
  envOf(user: string): Record<string, string>;
  servers: { nats: RestartableServer; redis: RestartableServer };
  close(): Promise<void>;
}

export async function startSecuredNetwork(options: SecuredNetworkOptions): Promise<SecuredNetwork> {
  const credentials = options.credentials ?? generateCredentials(options.services);
  const users = [...options.services, 'gateway'];
  const passwordsFor = (kind: 'NATS' | 'REDIS') =>
    Object.fromEntries(['operator', ...users].map((user) => [user, passwordOf(credentials, `${kind}_PASSWORD_${user.toUpperCase()}`)]));
  const started = new Set<LocalServer>();
  const stopAll = async () => {
    for (const server of [...started]) await server.stop();
    started.clear();
  };
  const natsOptions = {
    dir: join(options.dir, 'nats'),
    authorization: natsAuthorizationConfig({ services: options.services, namespace: options.natsPrefix, passwords: passwordsFor('NATS') }),
  };
  const redisOptions = {
    dir: join(options.dir, 'redis'),
    acl: redisAclRules({ users, prefix: options.redisPrefix, passwords: passwordsFor('REDIS') }),
    persist: options.persistentRedis,
  };
  /** Stop and start again on the same port and directory. */
  const restartable = (first: LocalServer, startAgain: (port: number) => Promise<LocalServer>): RestartableServer => {
    let current: LocalServer | null = first;
    return {
      async stop() {
        if (!current) return;
        await current.stop();
        started.delete(current);
        current = null;
      },
      async start() {
        if (current) return;
        current = await startAgain(first.port);
        started.add(current);
      },
    };
  };
  try {
    const [nats, redis] = await Promise.all([
      startNatsServer({ ...natsOptions, port: options.natsPort }).then((server) => (started.add(server), server)),
      startRedisServer({ ...redisOptions, port: options.redisPort }).then((server) => (started.add(server), server)),
      ...options.services.map((service) =>
        ensureServiceRoles(options.databaseUrl, databaseRolesFor(options.databasePrefix, service), {
          owner: passwordOf(credentials, `DATABASE_OWNER_PASSWORD_${service.toUpperCase()}`),
          runtime: passwordOf(credentials, `DATABASE_PASSWORD_${service.toUpperCase()}`),
        }),
      ),
    ]);
    // The streams, as setup-distributed.ts makes them: a service may create only its own.
    const nc = await connect({ servers: `nats://127.0.0.1:${nats.port}`, user: 'operator', pass: passwordOf(credentials, 'NATS_PASSWORD_OPERATOR') });
    try {
      await ensureStreams(nc, streamOwners(options.services), { namespace: options.natsPrefix });
      await ensureSettingsBucket(nc, options.natsPrefix);
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
    adminRedis.username = 'operator';
    adminRedis.password = encodeURIComponent(passwordOf(credentials, 'REDIS_PASSWORD_OPERATOR'));
    return {
      adminEnv: {
        ...prefixes,
        DATABASE_URL: options.databaseUrl,
        NATS_URL: servers.NATS_URL,
        NATS_USER: 'operator',
        NATS_PASSWORD: passwordOf(credentials, 'NATS_PASSWORD_OPERATOR'),
        REDIS_URL: adminRedis.toString(),
      },
      envOf: (user) => ({ ...prefixes, ...networkEnvOf(user, servers, credentials) }),
      servers: {
        nats: restartable(nats, (port) => startNatsServer({ ...natsOptions, port })),
        redis: restartable(redis, (port) => startRedisServer({ ...redisOptions, port })),
      },
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
