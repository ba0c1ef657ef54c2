// Builds the whole gateway process from configuration: the embedded profile mounts every service
// in-process; the distributed profile proxies to the service processes. GATEWAY_SERVICES narrows
// either to some services (a partial deployment, a test that needs only a few); the others' paths 404.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createPlatform, loadConfig, type Platform, type PlatformOverrides } from '@civic/service-kit';
import { buildGateway } from './app.ts';
import { ZGatewayConfig, ZPlatformConfig } from './config.ts';
import { remoteUrlsFromEnv } from './remote-url-config.ts';
import { ROUTE_TABLE } from './route-table.ts';
import { distributedUpstreams } from './upstreams.ts';
import { EMBEDDED_SERVICES, embeddedServices } from './services.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function startGateway(env: NodeJS.ProcessEnv = process.env, overrides: PlatformOverrides = {}) {
  const platformConfig = loadConfig(ZPlatformConfig, env);
  const config = loadConfig(ZGatewayConfig, env);
  const distributed = platformConfig.PROFILE === 'distributed';
  // Checked before anything connects, so a bad configuration stops the start with its message alone.
  const upstreams = distributed
    ? distributedUpstreams(env, { table: ROUTE_TABLE, built: EMBEDDED_SERVICES.map((s) => s.name), only: config.GATEWAY_SERVICES })
    : {};
  const services = distributed ? [] : embeddedServices(config.GATEWAY_SERVICES);
  const platform: Platform = await createPlatform(platformConfig, {
    env,
    ...(distributed ? { service: 'gateway' } : {}),
    serveMetrics: distributed ? 'civic-gateway' : 'civic-agenda',
    ...overrides,
  });
  const app = await buildGateway({
    platform,
    config,
    logStream: overrides.logStream,
    ...(distributed ? { upstreams } : { services }),
    ...(config.SERVE_FRONTENDS
      ? {
          frontends: async (root: FastifyInstance) => {
            // Loaded only when serving assets, so API-only processes never touch the front-end build.
            const { frontendsPlugin, MICRO_FRONTENDS } = await import('./plugins/frontends.ts');
            await root.register(frontendsPlugin, {
              rootDir: resolve(config.FRONTENDS_DIR ?? resolve(REPO_ROOT, 'frontends')),
              remoteUrls: remoteUrlsFromEnv(env, MICRO_FRONTENDS),
            });
          },
        }
      : {}),
  });
  app.addHook('onClose', async () => platform.close());
  app.addHook('onReady', async () => platform.startEvents());
  return { app, platform };
}
