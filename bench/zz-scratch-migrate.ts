import pg from 'pg';
import { databaseUrl, pgPoolDriver, runMigrations } from '@civic/service-kit/db';
import { MIGRATIONS_DIR } from '../services/priorities/src/app.ts';
const pool = new pg.Pool({ connectionString: databaseUrl('postgres://postgres@127.0.0.1:5432/postgres', 'civic_odscratch_priorities') });
const t = performance.now();
await runMigrations(pgPoolDriver(pool), { schema: 'priorities', migrationsDir: MIGRATIONS_DIR });
console.log('migrated ms', Math.round(performance.now() - t));
await pool.end();
