// Distributed profile: one service as its own process (fastify/demo's server.ts shape). Only the
// gateway can call it: every route but /healthz and /readyz needs the gateway's internal identity token.
import type { FastifyInstance } from 'fastify';
import { loadConfig, ZPlatformConfig } from './config.ts';
import { createHttpServer } from './http/create-http-server.ts';
import { registerHealthRoutes } from './health/readiness.ts';
import { createPlatform, type PlatformOverrides } from './platform.ts';
import { mountService, type ServiceDefinition } from './service.ts';
import { installHttpMetrics } from './metrics/http-metrics.ts';
import { instrumentFastify } from './telemetry.ts';

export async function buildServiceProcess(service: ServiceDefinition, env: NodeJS.ProcessEnv = process.env, overrides: PlatformOverrides = {}) {
  const config = loadConfig(ZPlatformConfig, env);
  const platform = await createPlatform(config, { env, service: service.name, serveMetrics: `civic-${service.name}`, ...overrides });
  // SECURITY 33: a service checks identities with the public keys; the private ones are the gateway's.
  if (config.IDENTITY_SIGNING_KEY)
    platform.logger.warn('IDENTITY_SIGNING_KEY is set for a service: only the gateway should hold it (give services IDENTITY_PUBLIC_KEY only)');
  const app = createHttpServer(config, { trustRequestIdHeader: true, logStream: overrides.logStream, service: service.name });
  installHttpMetrics(app as unknown as FastifyInstance, platform.metrics);
  await instrumentFastify(app as unknown as FastifyInstance);
  registerHealthRoutes(app as unknown as FastifyInstance, platform.health, { service: service.name });
  await mountService(app as unknown as FastifyInstance, service, platform);
  app.addHook('onClose', async () => platform.close());
  app.addHook('onReady', async () => platform.startEvents());
  return { app, platform };
}
