// Starts the application for an integration test, over real HTTP: every service, or only the ones
// a test names in `services` (the gateway then serves only those; other services' paths answer 404):
// - embedded: the gateway with the services in-process, PGlite under a temporary DATA_DIR;
// - distributed: each service as its own Fastify server and a proxying gateway, against real
//   PostgreSQL (databases with a unique prefix, dropped afterwards), NATS and Redis.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { dropDatabase, listDatabases } from '@civic/service-kit/db';
import { buildServiceProcess } from '@civic/service-kit/testing';
import { type Clock, createPlatform, loadConfig, type Platform, type ServiceDefinition, ZPlatformConfig } from '@civic/service-kit';
import type { ServiceName } from '@civic/roster';
import { EMBEDDED_SERVICES, loadServiceDefinitions } from '../../gateway/src/services.ts';
import { type GatewayRoster, startGateway } from '../../gateway/src/start-gateway.ts';
import { ApiClient } from './api-client.ts';
import { LOCAL_INFRA, type Profile } from './infrastructure.ts';
import { startSecuredNetwork, type SecuredNetwork } from '../../infra/secured-network.ts';
import { generateIdentityKeyEnv, identityKeysFor } from '../../infra/identity-key-env.ts';
import { seedPgliteCluster } from '@civic/service-kit/testing';
import { countMails, readLatestMail, type ReadMail } from './mail-reader.ts';

/** The roster's services (@civic/roster), as the gateway loads them. */
export const DISTRIBUTED_SERVICES: readonly ServiceDefinition[] = EMBEDDED_SERVICES;

export type { ServiceName };

export interface StackOptions {
  /**
   * The services the test needs: the one it tests and those it really calls (requests, events it
   * waits for); default every service. A broken service then fails only the tests that need it.
   */
  services?: readonly ServiceName[];
  env?: Record<string, string>;
  clock?: Clock;
  frontends?: boolean;
  logStream?: NodeJS.WritableStream;
  /** Distributed: the PostgreSQL server (as its administrator) instead of the shared one, e.g. a test's own. */
  databaseUrl?: string;
  /**
   * Distributed: the services' databases are `${databasePrefix}<service>` instead of a fresh prefix of
   * the run's (e.g. databases a test restored a backup into); they and their roles go with the stack.
   */
  databasePrefix?: string;
  /** Distributed: Redis keeps its data across a restart of `infrastructure.redis`. */
  persistentRedis?: boolean;
  /** Other services than the roster's (a service a test adds through a roster line of its own). */
  roster?: GatewayRoster;
}

export interface Stack {
  profile: Profile;
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  gatewayPlatform: Platform;
  /**
   * A platform with the administrator's credentials (distributed; the gateway's when embedded), for
   * test producers that publish any service's events. Made at first use, closed with the stack.
   */
  adminPlatform(): Promise<Platform>;
  /** The platform each started service runs on (one shared platform when embedded). */
  platforms: Record<string, Platform>;
  /** Distributed only: each service's own base URL (to call it around the gateway). */
  serviceUrls: Record<string, string>;
  client(ip?: string): ApiClient;
  /** Distributed only: stops one service process (its durable consumers keep their place). */
  stopService(name: string): Promise<void>;
  /** Distributed only: starts a stopped service again on the same address. */
  startService(name: string): Promise<void>;
  /**
   * Distributed only: one more process of a started service (a second replica), on its own port with
   * the service's own credentials; closed with the stack. Call it directly (the gateway knows one URL).
   */
  startReplica(name: string): Promise<{ platform: Platform; url: string }>;
  /** Distributed only: the stack's own NATS and Redis, to stop and start (fault injection). */
  infrastructure: SecuredNetwork['servers'] | null;
  readLatestMail(to: string, after?: number): Promise<ReadMail>;
  countMails(to: string): Promise<number>;
  /** Runs `stop` when the stack closes, before its services (last registered, first run). */
  onClose(stop: () => Promise<void>): void;
  /**
   * Stops the gateway and every service and starts them again on the same addresses with `env` added
   * to the stack's environment (a deployment restarted with new settings, e.g. rotated keys). The data
   * stays: PGlite under DATA_DIR (embedded), the databases, NATS and Redis (distributed). Replicas
   * started with `startReplica` are not restarted. `gatewayPlatform` and `platforms` are the new ones.
   */
  restart(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

function listeningUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('server is not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

/** A started service's platform, or an error naming a service the stack did not start (not `undefined` later). */
function startedPlatforms(record: Record<string, Platform>): Record<string, Platform> {
  const known = new Set(DISTRIBUTED_SERVICES.map((s) => s.name));
  return new Proxy(record, {
    get(target, key, receiver) {
      if (typeof key === 'string' && known.has(key) && !(key in target)) {
        throw new Error(`No platform for ${key}: this stack did not start it (add '${key}' to startStack's services)`);
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

export async function startStack(profile: Profile, options: StackOptions = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), `civic-${profile}-`));
  if (profile === 'embedded') await seedPgliteCluster(dataDir);
  const run = randomBytes(4).toString('hex');
  const built = options.roster ? await loadServiceDefinitions(options.roster.services) : DISTRIBUTED_SERVICES;
  const services = built.filter((s) => !options.services || options.services.includes(s.name as ServiceName));
  // Distributed: NATS and Redis servers of the stack's own with a user per process, and PostgreSQL
  // roles per service (issue 14 item 4); `env` holds the administrator's credentials, for the tests.
  const network: SecuredNetwork | null =
    profile === 'distributed'
      ? await startSecuredNetwork({
          dir: dataDir,
          services: services.map((s) => s.name),
          databaseUrl: options.databaseUrl ?? LOCAL_INFRA.DATABASE_URL,
          databasePrefix: options.databasePrefix ?? `civic_t${run}_`,
          natsPrefix: `T${run}_`,
          redisPrefix: `civic:t${run}:`,
          dropRolesOnClose: true,
          persistentRedis: options.persistentRedis,
        })
      : null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PROFILE: profile,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    TRUST_PROXY: 'true',
    SERVE_FRONTENDS: options.frontends ? 'true' : 'false',
    MAIL_TRANSPORT: 'file',
    ...(options.services ? { GATEWAY_SERVICES: services.map((s) => s.name).join(',') } : {}),
    ...(profile === 'distributed'
      ? {
          ...network!.adminEnv,
          ...generateIdentityKeyEnv(),
          CSRF_SECRET: randomBytes(32).toString('hex'),
          AUTH_CODE_KEY: randomBytes(32).toString('hex'),
          NOTIFICATIONS_LINK_KEY: randomBytes(32).toString('hex'),
          // Two whole stacks run side by side on one PostgreSQL (scripts/run-tests.ts): a few
          // connections per pool are plenty for a test's load and keep both well inside max_connections.
          DATABASE_POOL_SIZE: '6',
        }
      : {}),
    ...options.env,
  };
  const overrides = {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  };
  const platforms: Record<string, Platform> = {};
  const closers: (() => Promise<void>)[] = [];
  const serviceUrls: Record<string, string> = {};
  const running = new Map<string, { close(): Promise<void> }>();

  // Each process connects as itself; whatever a test put in `env` (settings, URLs) still reaches it.
  // A service gets the public identity keys only; the gateway, the private ones (SECURITY 33).
  const envOf = (user: string) => (network ? identityKeysFor(user, { ...env, ...network.envOf(user) }) : env);

  async function startService(service: ServiceDefinition, port = 0) {
    const { app, platform } = await buildServiceProcess(service, envOf(service.name), overrides);
    platforms[service.name] = platform;
    await app.listen({ host: '127.0.0.1', port });
    running.set(service.name, app);
    serviceUrls[service.name] = listeningUrl(app.server.address());
    env[`SERVICE_URL_${service.name.toUpperCase()}`] = serviceUrls[service.name]!;
  }
  const definitionOf = (name: string) => {
    const service = services.find((s) => s.name === name);
    if (!service || profile !== 'distributed') throw new Error(`No separate ${name} service in this ${profile} stack`);
    return service;
  };

  if (profile === 'distributed') {
    closers.push(async () => {
      for (const app of running.values()) await app.close();
    });
  }
  const started = await (async () => {
    try {
      if (profile === 'distributed') for (const service of services) await startService(service);
      const gateway = await startGateway(envOf('gateway'), overrides, options.roster);
      await gateway.app.listen({ host: '127.0.0.1', port: 0 });
      return gateway;
    } catch (error) {
      // A stack that fails to start leaves no process or server behind to keep the test running.
      for (const app of running.values()) await app.close().catch(() => {});
      await network?.close().catch(() => {});
      throw error;
    }
  })();
  let { app, platform } = started;
  const baseUrl = listeningUrl(app.server.address());
  closers.unshift(() => app.close());
  if (profile === 'embedded') for (const service of services) platforms[service.name] = platform;

  let adminPlatform: Promise<Platform> | undefined;
  // What tests started on the stack (producers, probes): stopped before the services they talk to.
  const beforeClose: (() => Promise<void>)[] = [];
  closers.push(async () => {
    if (adminPlatform && profile === 'distributed') await (await adminPlatform).close();
  });

  return {
    profile,
    baseUrl,
    adminPlatform: () =>
      (adminPlatform ??= profile === 'distributed' ? createPlatform(loadConfig(ZPlatformConfig, env), { env, ...overrides }) : Promise.resolve(platform)),
    dataDir,
    env,
    get gatewayPlatform() {
      return platform;
    },
    platforms: startedPlatforms(platforms),
    serviceUrls,
    client: (ip) => new ApiClient(baseUrl, ip),
    async stopService(name) {
      definitionOf(name);
      await running.get(name)?.close();
      running.delete(name);
    },
    async startService(name) {
      const service = definitionOf(name);
      if (running.has(name)) return;
      await startService(service, Number(new URL(serviceUrls[name]!).port));
    },
    async startReplica(name) {
      const service = definitionOf(name);
      const { app: replica, platform: replicaPlatform } = await buildServiceProcess(service, envOf(service.name), overrides);
      await replica.listen({ host: '127.0.0.1', port: 0 });
      beforeClose.push(() => replica.close());
      return { platform: replicaPlatform, url: listeningUrl(replica.server.address()) };
    },
    infrastructure: network?.servers ?? null,
    readLatestMail: (to, after) => readLatestMail(join(dataDir, 'mail'), to, 5000, after),
    countMails: (to) => countMails(join(dataDir, 'mail'), to),
    onClose: (stop) => void beforeClose.unshift(stop),
    async restart(changes = {}) {
      await app.close();
      for (const name of [...running.keys()]) {
        await running.get(name)!.close();
        running.delete(name);
      }
      Object.assign(env, changes);
      if (profile === 'distributed') for (const service of services) await startService(service, Number(new URL(serviceUrls[service.name]!).port));
      const gateway = await startGateway(envOf('gateway'), overrides, options.roster);
      await gateway.app.listen({ host: '127.0.0.1', port: Number(new URL(baseUrl).port) });
      // The closer registered at start closes `app`, now this gateway.
      ({ app, platform } = gateway);
      if (profile === 'embedded') for (const service of services) platforms[service.name] = platform;
    },
    async close() {
      for (const stop of beforeClose.splice(0)) await stop();
      for (const close of closers) await close();
      if (network) {
        // The services' databases and any a test opened on the run's prefix (event probes, producers),
        // then their roles; the stack's NATS (with its streams) and Redis go with their processes.
        for (const database of await listDatabases(env.DATABASE_URL!, env.DATABASE_PREFIX!)) await dropDatabase(env.DATABASE_URL!, database);
        await network.close();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
