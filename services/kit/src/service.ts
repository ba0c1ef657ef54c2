// A service is one encapsulated Fastify plugin plus its name, built by the kit from the parts the
// service declares (service-parts.ts). The same definition is mounted inside the gateway (embedded) or
// run as its own process (distributed, see run-service.ts).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityPlugin } from './http/identity-plugin.ts';
import { operationGuards } from './http/operation-guards.ts';
import type { Platform } from './platform.ts';
import { type DeclaredService, type RoutesOnlyParts, type ServiceParts, wireService } from './service-parts.ts';

export interface ServiceOptions {
  platform: Platform;
}

export interface ServiceDefinition {
  /** Lower-case service name: its schema, its stream, its JWT audience. */
  name: string;
  plugin: FastifyPluginAsync<ServiceOptions>;
}

/** A service from its declared parts; the kit does the wiring (service-parts.ts `wireService`). */
export function defineService<N extends string, C, Config = undefined>(parts: ServiceParts<N, C, Config>): ServiceDefinition;
export function defineService(parts: RoutesOnlyParts): ServiceDefinition;
export function defineService(parts: DeclaredService): ServiceDefinition {
  if (!/^[a-z]+$/.test(parts.name)) throw new Error(`Bad service name: ${parts.name}`);
  return { name: parts.name, plugin: wireService(parts) };
}

/**
 * Mounts a service on `app`, every route behind the internal identity check and its operation's guard.
 * Embedded, where one process serves every service, its requests' log lines name it; the platform is
 * shared as it is, since services key per-process state on it.
 */
export async function mountService(app: FastifyInstance, service: ServiceDefinition, platform: Platform): Promise<void> {
  const named = platform.config.PROFILE === 'embedded';
  await app.register(
    async (scope) => {
      if (named) {
        scope.addHook('onRequest', (request, _reply, done) => {
          request.log = request.log.child({ service: service.name });
          done();
        });
      }
      await scope.register(identityPlugin, { service: service.name, publicKeys: platform.secrets.identityPublic });
      // Each route gets the guard its contract operation declares (http/operation-guards.ts).
      await scope.register(operationGuards);
      await scope.register(service.plugin, { platform });
    },
    { name: `service-${service.name}` } as never,
  );
}

/** The typed app a route plugin works with. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
