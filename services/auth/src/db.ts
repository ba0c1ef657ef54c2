// The auth service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type AuthDb = PrismaClient;
export type AuthTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createAuthDb(database: ServiceDatabase): AuthDb {
  return new PrismaClient({ adapter: database.adapter as never });
}
