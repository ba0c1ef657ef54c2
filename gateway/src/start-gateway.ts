// Builds the whole gateway process from configuration: the embedded profile mounts every service
// in-process; the distributed profile proxies to the service processes. GATEWAY_SERVICES narrows
// either to some services (a partial deployment, a test that needs only a few); the others' paths 404.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Operation } from '@civic/contracts';
import { SERVICE_ROSTER, type ServiceEntry } from '@civic/roster';
import { createPlatform, loadConfig, type Platform, type PlatformOverrides } from '@civic/service-kit';
import { buildGateway } from './app.ts';
import { ZGatewayConfig, ZPlatformConfig } from './config.ts';
import { remoteUrlsFromEnv } from './remote-url-config.ts';
import { ROUTE_TABLE, routeTableOf } from './route-table.ts';
import { distributedUpstreams } from './upstreams.ts';
import { EMBEDDED_SERVICES, embeddedServices, loadServiceDefinitions } from './services.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The services a gateway serves and the operations they own: the roster's and the contracts'. */
export interface GatewayRoster {
  services: readonly Pick<ServiceEntry, 'name' | 'package'>[];
  operations: readonly Operation[];
}

export async function startGateway(env: NodeJS.ProcessEnv = process.env, overrides: PlatformOverrides = {}, roster?: GatewayRoster) {
  const platformConfig = loadConfig(ZPlatformConfig, env);
  const config = loadConfig(ZGatewayConfig, env);
  const distributed = platformConfig.PROFILE === 'distributed';
  const table = roster ? routeTableOf(roster.services, roster.operations) : ROUTE_TABLE;
  const names = (roster?.services ?? SERVICE_ROSTER).map((s) => s.name);
  // Checked before anything connects, so a bad configuration stops the start with its message alone.
  const upstreams = distributed ? distributedUpstreams(env, { table, built: names, only: config.GATEWAY_SERVICES }) : {};
  const services = distributed ? [] : embeddedServices(config.GATEWAY_SERVICES, roster ? await loadServiceDefinitions(roster.services) : EMBEDDED_SERVICES);
  const platform: Platform = await createPlatform(platformConfig, {
    env,
    ...(distributed ? { service: 'gateway' } : {}),
    serveMetrics: distributed ? 'civic-gateway' : 'civic-agenda',
    ...overrides,
  });
  const app = await buildGateway({
    platform,
    config,
    table,
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
