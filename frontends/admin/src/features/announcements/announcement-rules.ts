// Announcements' client rules (spec 2.12, 5, 9): the form's checks (the server's messages), the
// expiry's date input ↔ ISO timestamp, and the summary cards.
import type { TAnnouncement, TCreateAnnouncementRequest } from '@civic/contracts/admin/http';
import { ADMIN_MESSAGES, EXPIRING_SOON_DAYS, type TAnnouncementType } from '@civic/contracts/admin/messages';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AnnouncementForm {
  title: string;
  content: string;
  type: TAnnouncementType;
  isActive: boolean;
  /** The date input's value (YYYY-MM-DD, the admin's own calendar), '' for no expiry. */
  expiryDate: string;
}

export const EMPTY_FORM: AnnouncementForm = { title: '', content: '', type: 'info', isActive: true, expiryDate: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A date input's value for `date` in the browser's time zone. */
export const dateInputValue = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * spec 5: an empty expiry is sent as null, otherwise as an ISO timestamp: the end of the chosen day
 * in the admin's time zone, so an announcement "expiring" on a day is still shown throughout it.
 */
export function showUntilOf(expiryDate: string): string | null {
  if (!expiryDate) return null;
  const [year, month, day] = expiryDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

export function formOf(announcement: TAnnouncement): AnnouncementForm {
  return {
    title: announcement.title,
    content: announcement.content,
    type: announcement.type,
    isActive: announcement.isActive,
    expiryDate: announcement.showUntil ? dateInputValue(new Date(announcement.showUntil)) : '',
  };
}

/** The first rule the form breaks (the server's own message), or null when it may be saved. */
export function formProblem(form: AnnouncementForm, now: Date): string | null {
  if (!form.title.trim()) return ADMIN_MESSAGES.titleRequired;
  if (!form.content.trim()) return ADMIN_MESSAGES.contentRequired;
  // Same-length ISO dates compare as strings.
  if (form.expiryDate && form.expiryDate < dateInputValue(now)) return ADMIN_MESSAGES.showUntilInPast;
  return null;
}

/** spec 7.4: {title, content, type, isActive, showUntil} for both create and edit. */
export function requestOf(form: AnnouncementForm): TCreateAnnouncementRequest {
  return { title: form.title.trim(), content: form.content.trim(), type: form.type, isActive: form.isActive, showUntil: showUntilOf(form.expiryDate) };
}

export const isExpired = (announcement: Pick<TAnnouncement, 'showUntil'>, now: Date) =>
  announcement.showUntil !== null && new Date(announcement.showUntil).getTime() <= now.getTime();

export interface AnnouncementSummary {
  total: number;
  active: number;
  critical: number;
  expiringSoon: number;
}

/** spec 2.12: Critical is active and critical; Expiring Soon is active with an expiry in the next 3 days, not yet passed. */
export function announcementSummary(announcements: readonly TAnnouncement[], now: Date): AnnouncementSummary {
  const active = announcements.filter((a) => a.isActive);
  const soon = now.getTime() + EXPIRING_SOON_DAYS * DAY_MS;
  return {
    total: announcements.length,
    active: active.length,
    critical: active.filter((a) => a.type === 'critical').length,
    expiringSoon: active.filter((a) => a.showUntil !== null && !isExpired(a, now) && new Date(a.showUntil).getTime() <= soon).length,
  };
}
