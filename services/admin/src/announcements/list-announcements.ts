// GET /api/admin/announcements?activeOnly= (every one, or the visible ones) and GET /api/announcements
// (citizens: the visible ones), newest first.
import type { TAnnouncement } from '@civic/contracts';
import type { AdminContext } from '../context.ts';
import { ANNOUNCEMENT_COLUMNS, type AnnouncementRow, announcementView } from './announcement-view.ts';

export async function listAnnouncements(ctx: AdminContext, { visibleOnly }: { visibleOnly: boolean }): Promise<TAnnouncement[]> {
  const rows = visibleOnly
    ? await ctx.db.query<AnnouncementRow>(
        `SELECT ${ANNOUNCEMENT_COLUMNS} FROM admin.announcements
          WHERE is_active AND (show_until IS NULL OR show_until > $1::timestamptz) ORDER BY created_at DESC, id DESC LIMIT 100`,
        [ctx.platform.clock.now().toISOString()],
      )
    : await ctx.db.query<AnnouncementRow>(`SELECT ${ANNOUNCEMENT_COLUMNS} FROM admin.announcements ORDER BY created_at DESC, id DESC LIMIT 500`);
  return rows.map(announcementView);
}
