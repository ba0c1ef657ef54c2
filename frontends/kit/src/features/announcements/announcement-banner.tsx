// The announcements banner under the navbar of every signed-in page (issue 19, spec 2.12, 3, 5):
// the active, unexpired announcements, newest first, each colour-coded by type and dismissible
// (remembered in this browser per id and updatedAt). It follows changes without a reload through the
// read's poll (api/announcement-queries.ts). Critical ones are alerts; the others are statuses.
import { useQuery } from '@tanstack/react-query';
import { AlertOctagon, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ComponentType } from 'react';
import { type Announcement, announcementsQueryOptions } from '../../api/announcement-queries.ts';
import { cn } from '../../lib/cn.ts';
import { useDismiss, useUndismissed } from './dismissed-announcements.ts';

type AnnouncementType = Announcement['type'];

/** Each type's colours: dark text on a pale ground, at least 7:1 (WCAG AAA), and its own icon. */
const TYPE_STYLES: Record<AnnouncementType, { className: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; label: string }> = {
  info: { className: 'border-blue-300 bg-blue-50 text-blue-900', icon: Info, label: 'Information' },
  success: { className: 'border-green-300 bg-green-50 text-green-900', icon: CircleCheck, label: 'Success' },
  warning: { className: 'border-amber-300 bg-amber-50 text-amber-900', icon: TriangleAlert, label: 'Warning' },
  critical: { className: 'border-red-400 bg-red-100 text-red-900', icon: AlertOctagon, label: 'Critical' },
};

function AnnouncementItem({ announcement, onDismiss }: { announcement: Announcement; onDismiss: () => void }) {
  const style = TYPE_STYLES[announcement.type] ?? TYPE_STYLES.info;
  const Icon = style.icon;
  return (
    <li>
      <div
        role={announcement.type === 'critical' ? 'alert' : 'status'}
        data-announcement-type={announcement.type}
        className={cn('flex items-start gap-3 rounded-md border px-3 py-2 text-sm', style.className)}
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden={true} />
        <p className="min-w-0 flex-1 break-words">
          <span className="sr-only">{style.label}: </span>
          <strong className="font-semibold">{announcement.title}</strong> <span>{announcement.content}</span>
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`Dismiss announcement: ${announcement.title}`}
          className="-m-1 shrink-0 rounded p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

export function AnnouncementBanner() {
  const { data } = useQuery(announcementsQueryOptions);
  const list = data ?? [];
  const shown = useUndismissed(list);
  const dismiss = useDismiss(list);
  if (shown.length === 0) return null;
  return (
    <section aria-label="Announcements" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto grid max-w-7xl gap-2 px-4 py-2 sm:px-6 lg:px-8">
        {shown.map((announcement) => (
          <AnnouncementItem key={announcement.id} announcement={announcement} onDismiss={() => dismiss(announcement)} />
        ))}
      </ul>
    </section>
  );
}
