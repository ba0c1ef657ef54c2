// Everything a process shares between the services it runs: configuration, logger, clock, secrets,
// session store, databases, mail, settings. Embedded: one platform for all services in the process.
// Distributed: one per service process, talking to PostgreSQL, NATS and Redis.
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { PlatformConfig } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import { createDatabaseProvider, type DatabaseProvider } from './db/database-provider.ts';
import { createEventBus, createInProcessHub, type EventBus, type InProcessHub } from './events/index.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { loadSecrets, type Secrets } from './secrets.ts';
import { createInProcessRequestBus } from './requests/in-process-requests.ts';
import { createNatsRequestBus } from './requests/nats-requests.ts';
import type { RequestBus } from './requests/request-bus.ts';
import { MemorySessionStore } from './sessions/memory-session-store.ts';
import { RedisSessionStore } from './sessions/redis-session-store.ts';
import type { SessionStore } from './sessions/session-store.ts';
import { createInProcessSettings, createKvSettings, type PlatformSettings } from './settings/index.ts';
import type { HealthSource, ReadinessCheck } from './health/readiness.ts';
import { unreachableDependency } from './dependency-error.ts';
import { logContextOptions } from './log-context.ts';
import { createProcessMetrics, DISABLED_METRICS, type ProcessMetrics } from './metrics/process-metrics.ts';

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
  /** What /healthz and /readyz report (health/readiness.ts). */
  health: HealthSource;
  /** OpenTelemetry metrics, served at /metrics on METRICS_PORT (metrics/process-metrics.ts); a no-op meter when off. */
  metrics: ProcessMetrics;
  /** Readiness turns false from now on: called on SIGTERM, before the server drains. */
  beginDraining(): void;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  env?: NodeJS.ProcessEnv;
  /** The service this process runs (a service's process, or the distributed gateway), named in every log line. */
  service?: string;
  /** Where logs go instead of stdout (tests read them to check what is and is not logged). */
  logStream?: NodeJS.WritableStream;
  clock?: Clock;
  logger?: Logger;
  databases?: DatabaseProvider;
  mailer?: Mailer;
  /** Embedded: the process's event hub, e.g. one a test harness records and delivers through. */
  inProcessHub?: InProcessHub;
  /** The request transport instead of the profile's, e.g. a test harness's fake. */
  requests?: RequestBus;
  /**
   * A process entry (a service's process, the gateway) serves its metrics under this service.name
   * when METRICS_PORT is set; other platforms (command-line tools, test producers) never do.
   */
  serveMetrics?: string;
}

/**
 * Where and as whom to connect to NATS. With a user, replies come to the inbox
 * prefix _INBOX_<user>, the only inbox its permissions let it subscribe to (infra/nats-authorization.ts).
 */
export function natsConnectionOptions(config: Pick<PlatformConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'>) {
  return {
    servers: config.NATS_URL!,
    ...(config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD, inboxPrefix: `_INBOX_${config.NATS_USER}` } : {}),
  };
}

export async function createPlatform(config: PlatformConfig, overrides: PlatformOverrides = {}): Promise<Platform> {
  const logOptions = { level: config.LOG_LEVEL, ...logContextOptions(overrides.service) };
  const logger = overrides.logger ?? (overrides.logStream ? pino(logOptions, overrides.logStream) : pino(logOptions));
  const secrets = await loadSecrets(config);
  const metrics =
    overrides.serveMetrics && config.METRICS_PORT !== undefined
      ? await createProcessMetrics({
          serviceName: overrides.env?.OTEL_SERVICE_NAME?.trim() || overrides.serveMetrics,
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
        })
      : null;
  const redis =
    config.PROFILE === 'distributed' && config.REDIS_URL
      ? new Redis(config.REDIS_URL, {
          enableAutoPipelining: true,
          // While Redis is away a command fails within ~2 s (the request is a 503), not after
          // ioredis's own backoff: few reconnect attempts, close together, and a reply timeout.
          maxRetriesPerRequest: 2,
          retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
          commandTimeout: 2_000,
        })
      : null;
  // While Redis is away ioredis reconnects by itself and emits 'error' for each failed attempt (at
  // most one a second); unheard, each one is printed as "[ioredis] Unhandled error event".
  redis?.on('error', (error: Error) => logger.warn({ err: error }, 'Redis is unreachable; reconnecting'));
  const sessions: SessionStore = redis ? new RedisSessionStore(redis, config.REDIS_PREFIX) : new MemorySessionStore();
  const meter = (metrics ?? DISABLED_METRICS).meter;
  const databases = overrides.databases ?? createDatabaseProvider(config, logger, meter);
  const mailer = overrides.mailer ?? createMailer(config, logger);
  const hub = config.PROFILE === 'distributed' ? null : (overrides.inProcessHub ?? createInProcessHub());
  // One NATS connection per process carries both events and requests. noAsyncTraces: nats.js
  // otherwise captures two stacks for every request and JetStream publish (docs/benchmarks.md).
  // Reconnect for ever: a client that gives up leaves a process that looks alive with no events in
  // or out; readiness reports the outage meanwhile.
  const nc = hub
    ? null
    : await connect({
        ...natsConnectionOptions(config),
        name: 'civic-platform',
        noAsyncTraces: true,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
      }).catch((error: unknown) => {
        // Nothing opened so far may keep the failed process alive (ioredis would reconnect for ever).
        redis?.disconnect();
        mailer.close();
        throw unreachableDependency('NATS_URL', 'NATS', config.NATS_URL!, error);
      });
  let closing = false;
  let draining = false;
  let natsConnected = nc !== null;
  let fatal: string | null = null;
  if (nc) {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          natsConnected = false;
          logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
        } else if (status.type === 'reconnect') {
          natsConnected = true;
          logger.info({ server: status.server }, 'NATS connection restored');
        }
      }
    })();
    void nc.closed().then((error) => {
      if (closing) return;
      // Only an explicit close or a fatal server refusal (e.g. an authorization error) lands here.
      fatal = `NATS connection closed${error ? `: ${error.message}` : ''}`;
      logger.error({ err: error }, 'NATS connection closed for good; the process must be restarted');
    });
  }
  const events = await createEventBus(
    nc
      ? { transport: 'nats', natsConnection: nc, streams: { namespace: config.NATS_PREFIX }, logger, meter }
      : { transport: 'in-process', inProcessHub: hub!, logger, meter },
  );
  // Distributed: loaded from the KV bucket and watched; embedded: the process's one copy (settings/).
  const settings = nc ? await createKvSettings(nc, { namespace: config.NATS_PREFIX, logger }) : createInProcessSettings();
  const requests = overrides.requests ?? (nc ? createNatsRequestBus({ nc, namespace: config.NATS_PREFIX, logger }) : createInProcessRequestBus(logger));
  async function close() {
    closing = true;
    draining = true;
    // First, so no scrape reads a database or NATS while they close.
    await metrics?.close();
    await requests.close();
    await settings.close();
    await events.close();
    if (nc) await nc.drain();
    mailer.close();
    await databases.close();
    await sessions.close();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  }
  // Last: a port that is taken fails the start with nothing left open.
  if (metrics) {
    await metrics.listen().catch(async (error: unknown) => {
      await close().catch(() => {});
      throw new Error(`METRICS_PORT: cannot listen on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${(error as Error).message}`);
    });
  }
  return {
    config,
    env: overrides.env ?? process.env,
    logger,
    clock: overrides.clock ?? systemClock,
    secrets,
    sessions,
    databases,
    mailer,
    settings,
    events,
    requests,
    startEvents: () => hub?.start(),
    redis,
    health: {
      fatal: () => fatal,
      readinessChecks: () => readinessChecks({ databases, redis, events, natsConnected: nc ? () => natsConnected : null, draining: () => draining }),
    },
    beginDraining() {
      draining = true;
    },
    metrics: metrics ?? DISABLED_METRICS,
    close,
  };
}

function readinessChecks(parts: {
  databases: DatabaseProvider;
  redis: Redis | null;
  events: EventBus;
  natsConnected: (() => boolean) | null;
  draining: () => boolean;
}): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    {
      name: 'process',
      check: async () => {
        if (parts.draining()) throw new Error('shutting down');
      },
    },
    { name: 'postgres', check: () => parts.databases.ping() },
    {
      name: 'events',
      check: async () => {
        const problem = parts.events.problem();
        if (problem) throw new Error(problem);
      },
    },
  ];
  if (parts.natsConnected) {
    const connected = parts.natsConnected;
    checks.push({
      name: 'nats',
      check: async () => {
        if (!connected()) throw new Error('disconnected; reconnecting');
      },
    });
  }
  if (parts.redis) {
    const redis = parts.redis;
    checks.push({
      name: 'redis',
      check: async () => {
        // Not queued behind a reconnect: an offline client answers at once.
        if (redis.status !== 'ready') throw new Error(`connection ${redis.status}`);
        await redis.ping();
      },
    });
  }
  return checks;
}
