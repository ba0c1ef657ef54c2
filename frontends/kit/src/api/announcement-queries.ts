// The announcements banner's read (GET /api/announcements, issue 19). It polls: every 30 s while the
// page is visible, at once when the window regains focus, each time with If-None-Match, so an
// unchanged list costs a 304 with no body (services/admin announcement-etag.ts). A creation or a
// deactivation therefore shows within 30 s on a page in view, and on returning to a tab at once.
// Why a poll and not a stream: announcements change a few times a week, while an event stream would
// hold one more connection open per signed-in tab against the gateway's per-user stream limit,
// which the rankings stream already uses; a 304 every 30 s is a few hundred bytes.
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import type { TAnnouncement } from '@civic/contracts/admin/http';
import { queryOptions } from '@tanstack/react-query';
import { throwIfResponseNotOk } from './api-error.ts';

export type Announcement = TAnnouncement;

export const ANNOUNCEMENTS_PATH = ADMIN_ROUTES.activeAnnouncements.path;
export const ANNOUNCEMENTS_QUERY_KEY = [ANNOUNCEMENTS_PATH] as const;
export const ANNOUNCEMENTS_POLL_MS = 30_000;

/** The entity tag of the list held now, and the list (one per page: the query is a singleton). */
let held: { etag: string; list: Announcement[] } | null = null;

export async function fetchAnnouncements(): Promise<Announcement[]> {
  const headers: Record<string, string> = {};
  if (held) headers['If-None-Match'] = held.etag;
  // no-store: the revalidation is ours, so the browser's cache neither answers nor keeps it.
  const response = await fetch(ANNOUNCEMENTS_PATH, { credentials: 'include', cache: 'no-store', headers });
  if (response.status === 304 && held) return held.list;
  await throwIfResponseNotOk(response);
  const list = (await response.json()) as Announcement[];
  const etag = response.headers.get('etag');
  held = etag ? { etag, list } : null;
  return list;
}

export const announcementsQueryOptions = queryOptions({
  queryKey: ANNOUNCEMENTS_QUERY_KEY,
  queryFn: fetchAnnouncements,
  refetchInterval: ANNOUNCEMENTS_POLL_MS,
  // Hidden tabs do not poll; 'always' reads again on focus although the list is never "stale".
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
});
