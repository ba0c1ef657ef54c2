// The PostgreSQL extensions the embedded profile's PGlite loads, so that every migration a service
// runs on PostgreSQL also runs here. PGlite 0.5 ships each contrib module as a bundle that must be
// named when the instance is created; `CREATE EXTENSION` then installs it as on a server.
// pg_trgm: the trigram index of the priorities search (services/priorities).
// pgcrypto: gen_random_bytes, the votes' receipt nonces (services/priorities).
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

export const PGLITE_EXTENSIONS = { pg_trgm, pgcrypto };

/** A PGlite (in memory without `dataDir`) with the extensions the services' migrations use. */
export function createPGlite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { ...PGLITE_EXTENSIONS, ...options.extensions } });
}
