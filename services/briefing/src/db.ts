// The briefing service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type BriefingDb = PrismaClient;

export function createBriefingDb(database: ServiceDatabase): BriefingDb {
  return new PrismaClient({ adapter: database.adapter as never });
}

/**
 * Options of the request transactions (a creation, a deletion). When creations queue for a pooled
 * connection, Prisma's defaults (2 s to get one, 5 s to finish) turn the queue into 500s; as
 * priorities' WRITE_TRANSACTION, the gateway's own timeout bounds the wait instead.
 */
export const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 10_000 } as const;
