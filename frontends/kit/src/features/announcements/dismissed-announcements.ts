// Which announcements this browser dismissed (issue 19): remembered in localStorage by id and
// updatedAt, so an announcement an administrator edits shows again. Entries of announcements no
// longer listed are dropped when the list is next seen, so the record stays as small as the list.
import { useCallback, useSyncExternalStore } from 'react';

export const DISMISSED_ANNOUNCEMENTS_KEY = 'civic.dismissedAnnouncements';

export interface AnnouncementVersion {
  id: string;
  updatedAt: string;
}

const versionKey = (a: AnnouncementVersion) => `${a.id}@${a.updatedAt}`;
const listeners = new Set<() => void>();

function read(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function write(entries: string[]): void {
  try {
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or refused (private mode): the dismissal lasts until the page is left.
  }
  snapshot = entries.join('\n');
  for (const listener of listeners) listener();
}

/** A string snapshot (stable while nothing changes, as useSyncExternalStore needs). */
let snapshot: string | null = null;
const getSnapshot = () => (snapshot ??= read().join('\n'));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab dismissed one: follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DISMISSED_ANNOUNCEMENTS_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function dismissAnnouncement(announcement: AnnouncementVersion, listed: readonly AnnouncementVersion[]): void {
  const kept = new Set(listed.map(versionKey));
  write([...read().filter((entry) => kept.has(entry)), versionKey(announcement)]);
}

/** The announcements of `list` this browser has not dismissed in their current version. */
export function useUndismissed<T extends AnnouncementVersion>(list: readonly T[]): T[] {
  const dismissed = useSyncExternalStore(subscribe, getSnapshot, () => '');
  const set = new Set(dismissed ? dismissed.split('\n') : []);
  return list.filter((a) => !set.has(versionKey(a)));
}

export function useDismiss(list: readonly AnnouncementVersion[]): (announcement: AnnouncementVersion) => void {
  return useCallback((announcement) => dismissAnnouncement(announcement, list), [list]);
}
