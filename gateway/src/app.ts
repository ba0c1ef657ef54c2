// The gateway: the only public HTTP entry. Security headers, sessions -> internal identity, CSRF,
// rate limits, then each /api path to its service: mounted in-process (embedded) or proxied
// (distributed). Also serves the built front ends and the OpenAPI document.
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { cookieNames, createHttpServer, isSecureOrigin, mountService, type Platform, registerHealthRoutes, type ServiceDefinition } from '@civic/service-kit';
import { installHttpMetrics } from '@civic/service-kit/metrics';
import { instrumentFastify } from '@civic/service-kit/telemetry';
import { fastifyTrustProxy, type GatewayConfig, upstreamLimitsOf } from './config.ts';
import { installCsrfGuard } from './plugins/csrf-guard.ts';
import { installDownloadLimits } from './plugins/download-limits.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { installAccountWriteBudget } from './plugins/account-write-budget.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { registerServiceProxies } from './plugins/service-proxy.ts';
import { installSessionIdentity, startSessionLookup } from './plugins/session-identity.ts';
import { installStreamLimits } from './plugins/stream-limits.ts';
import { assertNoDuplicateClaims, assertRouteOwned, isDownloadRoute, isStreamRoute } from './route-ownership.ts';
import { ROUTE_TABLE, type RouteClaim } from './route-table.ts';

export interface GatewayOptions {
  platform: Platform;
  config: GatewayConfig;
  /** Embedded: the services to mount in-process. */
  services?: readonly ServiceDefinition[];
  /** Distributed: service name -> base URL. */
  upstreams?: Record<string, string>;
  table?: readonly RouteClaim[];
  logStream?: NodeJS.WritableStream;
  /** Registers the front-end assets (kept out of API-only builds). */
  frontends?: (app: FastifyInstance) => Promise<void>;
}

export async function buildGateway(options: GatewayOptions) {
  const { platform, config } = options;
  const table = options.table ?? ROUTE_TABLE;
  assertNoDuplicateClaims(table);
  const names = cookieNames(platform.config);

  const app = createHttpServer(platform.config, {
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    logStream: options.logStream,
    ...(options.upstreams ? { service: 'gateway' } : {}),
  });
  const root = app as unknown as FastifyInstance;
  installHttpMetrics(root, platform.metrics);
  await instrumentFastify(root);
  await app.register(cookie);
  installSecurityHeaders(root, { hsts: isSecureOrigin(platform.config) });
  // Order matters: the session read starts, the rate limit's Redis command joins it in one round
  // trip (session-identity.ts), CSRF is checked, then the identity is awaited and signed, and a
  // signed-in write is counted against its account's budget.
  startSessionLookup(root, platform, names);
  await registerRateLimits(root, { redis: platform.redis, namespace: platform.config.REDIS_PREFIX, budgets: config });
  installCsrfGuard(root, platform.secrets.csrf, names, new Set(table.flatMap((claim) => claim.csrfExempt ?? [])));
  await installSessionIdentity(root, platform);
  installAccountWriteBudget(root, { redis: platform.redis, namespace: platform.config.REDIS_PREFIX, max: config.RATE_LIMIT_ACCOUNT_WRITE });
  installStreamLimits(root, {
    platform,
    names,
    limits: { perUser: config.STREAM_LIMIT_PER_USER, perNetwork: config.STREAM_LIMIT_PER_NETWORK, total: config.STREAM_LIMIT_TOTAL },
    sessionCheckMs: config.STREAM_SESSION_CHECK_MS,
  });
  installDownloadLimits(root, {
    platform,
    limits: { perNetwork: config.DOWNLOAD_LIMIT_PER_NETWORK, total: config.DOWNLOAD_LIMIT_TOTAL, queueTimeoutMs: config.DOWNLOAD_QUEUE_TIMEOUT_MS },
    idleTimeoutMs: config.DOWNLOAD_IDLE_TIMEOUT_MS,
  });
  await registerOpenApi(root);
  registerHealthRoutes(root, platform.health);

  for (const service of options.services ?? []) {
    await app.register(async (scope) => {
      // Every route the service registers is tagged with its owner and checked against the table.
      scope.addHook('onRoute', (route) => {
        assertRouteOwned(table, service.name, route.url);
        route.config = {
          ...(route.config ?? {}),
          service: service.name,
          stream: isStreamRoute(table, route.url),
          download: isDownloadRoute(table, route.url),
        };
      });
      await mountService(scope, service, platform);
    });
  }
  if (options.upstreams) {
    await registerServiceProxies(root, {
      table,
      upstreams: options.upstreams,
      streamConnections: config.STREAM_LIMIT_TOTAL,
      downloadConnections: config.DOWNLOAD_LIMIT_TOTAL,
      limits: upstreamLimitsOf(config),
    });
  }
  if (options.frontends) await options.frontends(root);
  return app;
}
