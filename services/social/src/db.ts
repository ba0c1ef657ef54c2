// The social service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type SocialDb = PrismaClient;

export function createSocialDb(database: ServiceDatabase): SocialDb {
  return new PrismaClient({ adapter: database.adapter as never });
}

/**
 * Options of the network's write transactions, which lock two users' state rows. Under a burst of
 * follows of one citizen they queue for the row lock and for a pooled connection; Prisma's defaults
 * (2 s to get a connection, 5 s to finish) would turn that queue into 500s.
 */
export const NETWORK_TRANSACTION = { maxWait: 10_000, timeout: 10_000 } as const;
