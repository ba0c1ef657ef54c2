// A plain pg client seen as the services' SqlDriver, so a test's own transaction (standing in for
// one side of a race) can call the services' helpers, such as the per-user lock, instead of copies.
import type pg from 'pg';
import type { SqlDriver } from '@civic/service-kit/db';

export function sqlExecutorOf(client: pg.Client): SqlDriver {
  return {
    $executeRawUnsafe: async (query, ...values) => (await client.query(query, values)).rowCount ?? 0,
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await client.query(query, values)).rows as T,
  };
}
