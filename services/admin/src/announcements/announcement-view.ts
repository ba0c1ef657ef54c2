// An announcements row as the API answers it (spec 3 "Announcement").
import type { TAnnouncement } from '@civic/contracts';

export interface AnnouncementRow {
  id: string;
  title: string;
  content: string;
  type: TAnnouncement['type'];
  is_active: boolean;
  show_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const ANNOUNCEMENT_COLUMNS = 'id::text AS id, title, content, type, is_active, show_until, created_at, updated_at';

export function announcementView(row: AnnouncementRow): TAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    isActive: row.is_active,
    showUntil: row.show_until ? new Date(row.show_until).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Citizens see it: active, and no expiry or one still ahead. */
export function isVisible(announcement: TAnnouncement, now: Date): boolean {
  return announcement.isActive && (announcement.showUntil === null || new Date(announcement.showUntil) > now);
}
