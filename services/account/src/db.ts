// The account service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type AccountDb = PrismaClient;
export type AccountTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createAccountDb(database: ServiceDatabase): AccountDb {
  return new PrismaClient({ adapter: database.adapter as never });
}
