// The notifications service's Prisma client, over whichever adapter the platform's database provider gives.
import type { ServiceDatabase } from '@civic/service-kit/db';
import { PrismaClient } from './generated/prisma/client.ts';

export type NotificationsDb = PrismaClient;

export function createNotificationsDb(database: ServiceDatabase): NotificationsDb {
  return new PrismaClient({ adapter: database.adapter as never });
}
