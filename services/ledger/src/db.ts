// The ledger service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type LedgerDb = PrismaClient;

export function createLedgerDb(database: ServiceDatabase): LedgerDb {
  return new PrismaClient({ adapter: database.adapter as never });
}

/**
 * Options of the transactions that lock an account. A burst on one account (100 debits at once)
 * queues for its row lock and for a pooled connection; Prisma's defaults (2 s to get a connection,
 * 5 s to finish) would turn that queue into failures.
 */
export const ACCOUNT_TRANSACTION = { maxWait: 10_000, timeout: 10_000 } as const;
