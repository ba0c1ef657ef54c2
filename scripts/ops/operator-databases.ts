// What the release-and-recovery commands (migrate, backup, restore) share: the services whose
// databases they handle, where each service's migrations are, and the PostgreSQL server they act on
// as its administrator (the DATABASE_URL setup:distributed takes; a service's own roles may not
// create databases or read another's).
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrl } from '@civic/service-kit/db';
import { SERVICE_PROCESSES } from '../../infra/services.ts';
import { OperatorError } from '../events/service-stores.ts';

/** The roster's services (@civic/roster), in port order. */
export const SERVICE_NAMES: readonly string[] = SERVICE_PROCESSES.map((s) => s.name);

/** A service's migrations folder in this release (its schema is named after it, as it opens its database). */
export function migrationsDirOf(service: string): string {
  return fileURLToPath(new URL(`../../services/${service}/prisma/migrations`, import.meta.url));
}

/** The services `--service a,b` names (every service without it); an unknown name is an operator error. */
export function selectServices(option: string | undefined): string[] {
  if (!option) return [...SERVICE_NAMES];
  const names = option
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !SERVICE_NAMES.includes(name));
  if (unknown.length > 0) throw new OperatorError(`No service is called ${unknown.join(', ')} (known: ${SERVICE_NAMES.join(', ')}).`);
  return names;
}

export interface DistributedTarget {
  /** The server's administrator URL. */
  serverUrl: string;
  prefix: string;
}

export function distributedTarget(env: NodeJS.ProcessEnv): DistributedTarget {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) throw new OperatorError('PROFILE=distributed needs DATABASE_URL: the PostgreSQL server, as its administrator (as for setup:distributed).');
  return { serverUrl, prefix: env.DATABASE_PREFIX ?? 'civic_' };
}

export function profileOf(env: NodeJS.ProcessEnv): 'embedded' | 'distributed' {
  const profile = env.PROFILE ?? 'embedded';
  if (profile !== 'embedded' && profile !== 'distributed') throw new OperatorError(`PROFILE must be embedded or distributed, got ${profile}.`);
  return profile;
}

/** Runs `fn` on one connection to a database, or answers null when the database does not exist. */
export async function withDatabase<T>(serverUrl: string, database: string, fn: (client: pg.Client) => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, database) });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code === '3D000') return null;
    throw error;
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The owner of the database the client is connected to, and whether that is someone else than the client. */
export async function databaseOwner(client: pg.Client): Promise<{ owner: string; other: boolean }> {
  const { rows } = await client.query<{ owner: string; me: string }>(
    'SELECT pg_get_userbyid(datdba) AS owner, current_user AS me FROM pg_database WHERE datname = current_database()',
  );
  return { owner: rows[0]!.owner, other: rows[0]!.owner !== rows[0]!.me };
}

/** `pg_dump`/`pg_restore` arguments and environment for a database: the password goes in PGPASSWORD, not the command line. */
export function libpqConnection(serverUrl: string, database: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl(serverUrl, database));
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { args: ['--dbname', url.toString()], env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}
