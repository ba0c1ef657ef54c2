// @civic/service-kit/db: a service's database (PostgreSQL, or PGlite when embedded), its migrations
// (the per-user lock that orders a user's writes against erasure is the erasure guard, in the main entry).
export type { SqlDriver } from './sql-driver.ts';
export { databaseUrl, dropDatabase, ensureDatabase, listDatabases, pgClientDriver, pgPoolDriver } from './pg-driver.ts';
export { pgliteDriver } from './pglite-driver.ts';
export { createPGlite, PGLITE_EXTENSIONS } from './pglite-extensions.ts';
export {
  createDatabaseProvider,
  createPostgresDatabaseProvider,
  embeddedLockFile,
  SERVICE_TIMEOUTS,
  SESSION_OPTIONS,
  type DatabaseProvider,
  type ServiceDatabase,
} from './database-provider.ts';
export { MigrationChecksumError, migrationStatus, runMigrations, type MigrationStatus } from './migrate.ts';
export { KIT_MIGRATIONS_DIR, KIT_PARTS, kitMigrations, kitPartsOf, type KitPart } from './kit-migrations.ts';
export { acquireDataDirLock, DataDirInUseError, pidLockHolder } from './data-dir-lock.ts';
