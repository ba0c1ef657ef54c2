// The priorities service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type PrioritiesDb = PrismaClient;
export type PrioritiesTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createPrioritiesDb(database: ServiceDatabase): PrioritiesDb {
  return new PrismaClient({ adapter: database.adapter as never });
}

/**
 * Options of the request transactions that lock a priority or a user's daily count. Under a burst of
 * votes on one priority they queue for the row lock and for a pooled connection; Prisma's defaults
 * (2 s to get a connection, 5 s to finish) would turn that queue into 500s.
 */
export const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 10_000 } as const;
