// Everything a process shares between the services it runs: configuration, logger, clock, secrets,
// session store, databases, mail, settings. Embedded: one platform for all services in the process.
// Distributed: one per service process, talking to PostgreSQL, NATS and Redis.
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { PlatformConfig } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import { createDatabaseProvider, type DatabaseProvider } from './db/database-provider.ts';
import { createEventBus, createInProcessHub, type EventBus } from './events/index.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { loadSecrets, type Secrets } from './secrets.ts';
import { createInProcessRequestBus } from './requests/in-process-requests.ts';
import { createNatsRequestBus } from './requests/nats-requests.ts';
import type { RequestBus } from './requests/request-bus.ts';
import { MemorySessionStore } from './sessions/memory-session-store.ts';
import { RedisSessionStore } from './sessions/redis-session-store.ts';
import type { SessionStore } from './sessions/session-store.ts';
import { createPlatformSettings, type PlatformSettings } from './settings.ts';

export interface Platform {
  config: PlatformConfig;
  /** The environment the process was configured from; services parse their own settings from it. */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  clock: Clock;
  secrets: Secrets;
  sessions: SessionStore;
  databases: DatabaseProvider;
  mailer: Mailer;
  settings: PlatformSettings;
  /** Events: NATS JetStream when distributed, the in-process hub when embedded. */
  events: EventBus;
  /** Request/reply between services (NATS core when distributed, direct calls when embedded). */
  requests: RequestBus;
  /**
   * Lets events flow once every service of the process has subscribed (the in-process hub holds
   * deliveries until then, so no leftover event is settled before its consumer exists).
   */
  startEvents(): void;
  /** Redis when distributed (sessions, rate limits); null when embedded. */
  redis: Redis | null;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  env?: NodeJS.ProcessEnv;
  /** Where logs go instead of stdout (tests read them to check what is and is not logged). */
  logStream?: NodeJS.WritableStream;
  clock?: Clock;
  logger?: Logger;
  databases?: DatabaseProvider;
  mailer?: Mailer;
}

/**
 * Where and as whom to connect to NATS. With a user (issue 14 item 4), replies come to the inbox
 * prefix _INBOX_<user>, the only inbox its permissions let it subscribe to (infra/nats-authorization.ts).
 */
export function natsConnectionOptions(config: Pick<PlatformConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'>) {
  return {
    servers: config.NATS_URL!,
    ...(config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD, inboxPrefix: `_INBOX_${config.NATS_USER}` } : {}),
  };
}

export async function createPlatform(config: PlatformConfig, overrides: PlatformOverrides = {}): Promise<Platform> {
  const logger = overrides.logger ?? (overrides.logStream ? pino({ level: config.LOG_LEVEL }, overrides.logStream) : pino({ level: config.LOG_LEVEL }));
  const secrets = await loadSecrets(config);
  const redis =
    config.PROFILE === 'distributed' && config.REDIS_URL
      ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true })
      : null;
  // While Redis is away ioredis reconnects by itself and emits 'error' for each failed attempt (at
  // most one every 2 s); unheard, each one is printed as "[ioredis] Unhandled error event".
  redis?.on('error', (error: Error) => logger.warn({ err: error }, 'Redis is unreachable; reconnecting'));
  const sessions: SessionStore = redis ? new RedisSessionStore(redis, config.REDIS_PREFIX) : new MemorySessionStore();
  const databases = overrides.databases ?? createDatabaseProvider(config, logger);
  const mailer = overrides.mailer ?? createMailer(config, logger);
  const hub = config.PROFILE === 'distributed' ? null : createInProcessHub();
  // One NATS connection per process carries both events and requests. noAsyncTraces: nats.js
  // otherwise builds two Error objects (stack captured) for every request, including every
  // JetStream publish the outbox relay waits an ack for: ~4 % of the priorities service's CPU under
  // votes in a profile. A timed-out request still rejects with a TimeoutError, without the caller's stack.
  const nc = hub ? null : await connect({ ...natsConnectionOptions(config), name: 'civic-platform', noAsyncTraces: true });
  const events = await createEventBus(
    nc
      ? { transport: 'nats', natsConnection: nc, streams: { namespace: config.NATS_PREFIX }, logger }
      : { transport: 'in-process', inProcessHub: hub!, logger },
  );
  const requests = nc
    ? createNatsRequestBus({ nc, secret: secrets.internalJwt, namespace: config.NATS_PREFIX, logger })
    : createInProcessRequestBus(logger);
  return {
    config,
    env: overrides.env ?? process.env,
    logger,
    clock: overrides.clock ?? systemClock,
    secrets,
    sessions,
    databases,
    mailer,
    settings: createPlatformSettings(),
    events,
    requests,
    startEvents: () => hub?.start(),
    redis,
    async close() {
      await requests.close();
      await events.close();
      if (nc) await nc.drain();
      mailer.close();
      await databases.close();
      await sessions.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
