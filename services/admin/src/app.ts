// The admin service: platform settings (stored here, published to every process through
// the kit's platform settings), the hash-chained audit log of every administrator action, and
// announcements; the users directory and the user actions auth carries out; citizens' reports of
// content and the automatic ban they may request.
import { fileURLToPath } from 'node:url';
import { defineService, startPeriodicJob } from '@civic/service-kit';
import type { AdminContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportAdminSection } from './data-rights/export-admin-section.ts';
import { ADMIN_SCHEMA, publishingDb } from './events.ts';
import { adminHandlers } from './handlers.ts';
import { adminFallbackRoutes } from './routes/admin-fallback.ts';
import { announcementRoutes } from './routes/announcement-routes.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { reportRoutes } from './routes/report-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { catchUpWithPublishedRevisions, publishPendingSettings } from './settings/publish-settings.ts';
import { seedDefaultSettings } from './settings/seed-settings.ts';
import { runRequestedRebuild } from './users/rebuild-directory.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** How often a committed setting the bucket may not hold yet (NATS was away) is published again. */
const SETTINGS_REPAIR_MS = 5_000;
/** How often a process looks for a requested rebuild of the users directory (npm run admin:rebuild-directory). */
const DIRECTORY_REBUILD_POLL_MS = 5_000;

export const adminService = defineService({
  name: ADMIN_SCHEMA,
  migrations: MIGRATIONS_DIR,
  // The runtime role may only read and append audit entries (no UPDATE, DELETE, TRUNCATE).
  database: { appendOnlyTables: ['audit_logs'] },
  publishingDb,
  context: ({ db, platform }): AdminContext => ({ db, platform }),
  async prepare(ctx) {
    await seedDefaultSettings(ctx);
    // Rewrite-on-start: every stored value reaches the bucket (or the process's copy when embedded),
    // whatever a crash between a commit and its publication left behind, or a restore set back.
    await catchUpWithPublishedRevisions(ctx);
    await publishPendingSettings(ctx, { all: true });
  },
  handlers: adminHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportAdminSection(ctx, userId),
    // Audit entries keep their pseudonym, the link to the account goes.
    erase: (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt),
  }),
  routes: [settingsRoutes, auditRoutes, announcementRoutes, userRoutes, reportRoutes, adminFallbackRoutes],
  jobs: (ctx, { platform }) => [
    startPeriodicJob('publish pending platform settings', SETTINGS_REPAIR_MS, () => publishPendingSettings(ctx), platform.logger),
    startPeriodicJob('rebuild the users directory when asked', DIRECTORY_REBUILD_POLL_MS, () => runRequestedRebuild(ctx), platform.logger),
  ],
});
