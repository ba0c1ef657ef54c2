// The services the embedded profile mounts in-process: the roster's (@civic/roster), each loaded
// from its package, which exports its definition as `<name>Service`.
import type { ServiceDefinition } from '@civic/service-kit';
import { SERVICE_ROSTER, type ServiceEntry } from '@civic/roster';

/** Each entry's definition, in roster order; a package without its `<name>Service` is named. */
export async function loadServiceDefinitions(roster: readonly Pick<ServiceEntry, 'name' | 'package'>[]): Promise<ServiceDefinition[]> {
  return Promise.all(
    roster.map(async (entry) => {
      const exported = `${entry.name}Service`;
      const definition = ((await import(entry.package)) as Record<string, unknown>)[exported] as ServiceDefinition | undefined;
      if (definition?.name !== entry.name) throw new Error(`${entry.package} exports no service definition ${exported} named '${entry.name}'`);
      return definition;
    }),
  );
}

export const EMBEDDED_SERVICES: readonly ServiceDefinition[] = await loadServiceDefinitions(SERVICE_ROSTER);

/** The built services named (all when `only` is absent); an unknown name is a configuration error. */
export function embeddedServices(only?: readonly string[], built: readonly ServiceDefinition[] = EMBEDDED_SERVICES): readonly ServiceDefinition[] {
  if (!only) return built;
  const known = built.map((s) => s.name);
  const unknown = only.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new Error(`Invalid configuration:\n  GATEWAY_SERVICES: no service is called ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return built.filter((s) => only.includes(s.name));
}
