// Announcements (spec 2.12, 5, 7.4, 8): summary cards, the colour-coded list with edit and delete,
// the create/edit dialog, the delete confirmation and the empty state.
import type { TAnnouncement } from '@civic/contracts/admin/http';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  Button,
  Card,
  cn,
} from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Clock, Megaphone, Pencil, Plus, Radio, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { allAnnouncementsPath } from '../../api/admin-paths.ts';
import { adminListQuery } from '../../api/admin-query.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { LoadState } from '../layout/load-state.tsx';
import { StatCard } from '../layout/stat-card.tsx';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { announcementSummary } from './announcement-rules.ts';
import { TYPE_LABELS, TYPE_STYLES } from './announcement-styles.ts';
import { useDeleteAnnouncement } from './use-announcement-mutations.ts';

/** The dialog's state: closed, creating (null) or editing one. */
type Editing = { announcement: TAnnouncement | null; opening: number } | undefined;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function AnnouncementsPage() {
  const announcements = useQuery(adminListQuery<TAnnouncement[]>(allAnnouncementsPath));
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<TAnnouncement | null>(null);
  const remove = useDeleteAnnouncement();
  const list = announcements.data ?? [];
  const summary = announcementSummary(list, new Date());
  const open = (announcement: TAnnouncement | null) => setEditing((current) => ({ announcement, opening: (current?.opening ?? 0) + 1 }));

  return (
    <AdminPage
      title="Announcements"
      description="Platform-wide notices shown to every signed-in citizen."
      actions={
        <Button onClick={() => open(null)}>
          <Plus className="size-4" aria-hidden="true" /> New Announcement
        </Button>
      }
    >
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total" value={summary.total} icon={<Megaphone className="size-6 text-primary" aria-hidden="true" />} />
        <StatCard label="Active" value={summary.active} icon={<Radio className="size-6 text-green-700" aria-hidden="true" />} />
        <StatCard label="Critical" value={summary.critical} icon={<AlertCircle className="size-6 text-red-700" aria-hidden="true" />} />
        <StatCard label="Expiring Soon" value={summary.expiringSoon} icon={<Clock className="size-6 text-amber-700" aria-hidden="true" />} />
      </div>

      <LoadState isPending={announcements.isPending} error={announcements.error} what="announcements" />
      {announcements.isSuccess && list.length === 0 && (
        <Card className="py-12 text-center">
          <Megaphone className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-2 font-medium text-slate-900">No announcements yet</p>
          <p className="text-sm text-slate-600">Create your first announcement to notify users</p>
        </Card>
      )}
      {list.length > 0 && (
        <ul className="grid gap-4" aria-label="Announcements">
          {list.map((announcement) => {
            const style = TYPE_STYLES[announcement.type];
            const Icon = style.icon;
            return (
              <li key={announcement.id} className={cn('flex gap-3 rounded-lg border p-4', style.box)}>
                <Icon className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} aria-label={TYPE_LABELS[announcement.type]} role="img" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="font-semibold break-words text-slate-900">{announcement.title}</h2>
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        announcement.isActive ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800',
                      )}
                    >
                      {announcement.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </div>
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{announcement.content}</p>
                  <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-slate-700">
                    <span>Created: {formatDate(announcement.createdAt)}</span>
                    {announcement.showUntil && <span>Expires: {formatDate(announcement.showUntil)}</span>}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                  <Button variant="ghost" size="icon" aria-label={`Edit ${announcement.title}`} onClick={() => open(announcement)}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-700"
                    aria-label={`Delete ${announcement.title}`}
                    onClick={() => setDeleting(announcement)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {editing && <AnnouncementDialog key={editing.opening} announcement={editing.announcement} onClose={() => setEditing(undefined)} />}

      <AlertDialog open={deleting !== null} onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete Announcement</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete this announcement? This action cannot be undone.</AlertDialogDescription>
          {deleting && (
            <div className="rounded-md bg-slate-50 p-3 text-sm">
              <p className="font-semibold break-words text-slate-900">{deleting.title}</p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-700">{deleting.content}</p>
            </div>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending} />
            <Button
              variant="destructive"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              onClick={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
            >
              Delete
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </AdminPage>
  );
}
