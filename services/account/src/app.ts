// The account service: profiles, per-user privacy and notification settings, account stats, and
// Discover's search by name.
import { fileURLToPath } from 'node:url';
import { defineService } from '@civic/service-kit';
import type { AccountContext } from './context.ts';
import { exportAccountSection } from './data-rights/export-account-section.ts';
import { ACCOUNT_SCHEMA, publishingDb } from './events.ts';
import { accountHandlers } from './handlers.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { discoverRoutes } from './routes/discover-routes.ts';
import { profileRoutes } from './routes/profile-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const accountService = defineService({
  name: ACCOUNT_SCHEMA,
  migrations: MIGRATIONS_DIR,
  publishingDb,
  context: ({ db, platform }): AccountContext => ({ db, platform }),
  handlers: accountHandlers,
  // The account service gathers the export; its own section is answered like every other's.
  dataRights: (ctx) => ({ exportSection: (userId) => exportAccountSection(ctx, userId) }),
  routes: [profileRoutes, settingsRoutes, accountRoutes, discoverRoutes],
});
