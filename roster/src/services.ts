// The back-end services, one line each: everything else that names a service (the gateway's mounts,
// upstreams and route table, infra/, the credentials, the test stack, the ops scripts, and the
// generated Dockerfile, docker-compose.yml and Prometheus config) reads this list.
// Order: the embedded profile mounts the services in this order.

export interface ServiceEntry {
  /** Lower-case: its schema and database, its stream civic.<name>.>, its NATS/Redis/PostgreSQL users. */
  readonly name: string;
  /** Its package, the workspace `services/<name>` (or a module URL); it exports its definition `<name>Service`. */
  readonly package: string;
  /** Its own port in the distributed profile. */
  readonly port: number;
  /** DATABASE_POOL_SIZE in the deployment (the connection budget of docker-compose.yml adds them up). */
  readonly pool: number;
  /** Secrets the service alone reads (from the environment in the deployment). */
  readonly secrets?: readonly string[];
  /**
   * Producers whose events it consumes. What it publishes is its own stream, civic.<name>.>; the
   * requests it may send are those whose contract names it among the callers.
   */
  readonly consumes: readonly string[];
}

export const SERVICE_ROSTER = [
  { name: 'auth', package: '@civic/auth', port: 3101, pool: 10, secrets: ['AUTH_CODE_KEY'], consumes: ['account', 'admin'] },
  { name: 'account', package: '@civic/account', port: 3106, pool: 6, consumes: ['auth', 'ledger', 'notifications', 'social'] },
  { name: 'social', package: '@civic/social', port: 3105, pool: 6, consumes: ['account', 'auth', 'briefing', 'priorities'] },
  { name: 'priorities', package: '@civic/priorities', port: 3102, pool: 10, consumes: ['account', 'auth', 'briefing'] },
  { name: 'ledger', package: '@civic/ledger', port: 3103, pool: 10, consumes: ['account', 'auth', 'briefing', 'priorities', 'social'] },
  { name: 'briefing', package: '@civic/briefing', port: 3104, pool: 6, consumes: ['account', 'auth', 'priorities'] },
  { name: 'admin', package: '@civic/admin', port: 3107, pool: 4, consumes: ['account', 'auth', 'briefing', 'ledger', 'priorities', 'social'] },
  {
    name: 'notifications',
    package: '@civic/notifications',
    port: 3108,
    pool: 4,
    secrets: ['NOTIFICATIONS_LINK_KEY'],
    consumes: ['account', 'auth', 'briefing', 'priorities', 'social'],
  },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof SERVICE_ROSTER)[number]['name'];

export const SERVICE_NAMES: readonly string[] = SERVICE_ROSTER.map((entry) => entry.name);

/** The roster in port order: the order the distributed processes, the route table and operators' messages use. */
export const SERVICES_BY_PORT: readonly ServiceEntry[] = [...SERVICE_ROSTER].sort((a, b) => a.port - b.port);

/** The workspace folder of a service. */
export function serviceDir(entry: Pick<ServiceEntry, 'name'>): string {
  return `services/${entry.name}`;
}

/** The process entry of a service (services/kit's runServiceMain). */
export function serviceEntryFile(entry: Pick<ServiceEntry, 'name'>): string {
  return `${serviceDir(entry)}/src/server.ts`;
}
