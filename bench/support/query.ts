// One query on its own connection: the benchmarks read (and seed) the services' databases between
// runs, where a pool would only have to be closed again.
import pg from 'pg';

export async function query<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
