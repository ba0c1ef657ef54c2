// The priorities service's database: the kit's driver (one pool, or its schema in the embedded PGlite).
import type { SqlDriver } from '@civic/service-kit/db';

export type PrioritiesDb = SqlDriver;
export type PrioritiesTx = SqlDriver;
