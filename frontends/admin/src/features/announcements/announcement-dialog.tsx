// The create/edit dialog (spec 2.12, 5): Title, Content (4 rows), Type, Expiry Date (Optional, not
// before today), "Active (visible to users)"; the save button waits for a title and a content.
import type { TAnnouncement } from '@civic/contracts/admin/http';
import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_TYPES, type TAnnouncementType } from '@civic/contracts/admin/messages';
import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, Input, Label, Switch } from '@civic/frontend-kit';
import { useState } from 'react';
import { type AnnouncementForm, dateInputValue, EMPTY_FORM, formOf, formProblem, requestOf } from './announcement-rules.ts';
import { TYPE_LABELS } from './announcement-styles.ts';
import { useSaveAnnouncement } from './use-announcement-mutations.ts';

const FIELD_CLASS =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none';

/** Mounted per opening (keyed by the caller), so the form starts from the announcement each time. */
export function AnnouncementDialog({ announcement, onClose }: { announcement: TAnnouncement | null; onClose: () => void }) {
  const [form, setForm] = useState<AnnouncementForm>(announcement ? formOf(announcement) : EMPTY_FORM);
  const save = useSaveAnnouncement();
  const now = new Date();
  const problem = formProblem(form, now);
  const editing = announcement !== null;
  const set = (change: Partial<AnnouncementForm>) => setForm((current) => ({ ...current, ...change }));
  // Only the expiry's rule is worth saying while typing; empty fields just keep the button disabled.
  const expiryProblem = problem && form.title.trim() && form.content.trim() ? problem : null;

  const submit = () => {
    if (problem) return;
    save.mutate({ id: announcement?.id ?? null, request: requestOf(form) }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{editing ? 'Edit Announcement' : 'Create New Announcement'}</DialogTitle>
        <DialogDescription>Announcements are shown to every signed-in citizen while they are active.</DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="announcement-title">Title</Label>
            <Input id="announcement-title" value={form.title} maxLength={ANNOUNCEMENT_LIMITS.titleMax} onChange={(e) => set({ title: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="announcement-content">Content</Label>
            <textarea
              id="announcement-content"
              rows={4}
              className={FIELD_CLASS}
              value={form.content}
              maxLength={ANNOUNCEMENT_LIMITS.contentMax}
              onChange={(e) => set({ content: e.target.value })}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="announcement-type">Type</Label>
              <select
                id="announcement-type"
                className={`${FIELD_CLASS} h-10 py-0`}
                value={form.type}
                onChange={(e) => set({ type: e.target.value as TAnnouncementType })}
              >
                {ANNOUNCEMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="announcement-expiry">Expiry Date (Optional)</Label>
              <Input
                id="announcement-expiry"
                type="date"
                min={dateInputValue(now)}
                value={form.expiryDate}
                aria-describedby={expiryProblem ? 'announcement-problem' : undefined}
                onChange={(e) => set({ expiryDate: e.target.value })}
              />
            </div>
          </div>
          <div className="flex items-center gap-3">
            <Switch
              id="announcement-active"
              aria-labelledby="announcement-active-label"
              checked={form.isActive}
              onCheckedChange={(isActive) => set({ isActive })}
            />
            <Label id="announcement-active-label" htmlFor="announcement-active">
              Active (visible to users)
            </Label>
          </div>
          {expiryProblem && (
            <p id="announcement-problem" role="alert" className="text-sm text-red-700">
              {expiryProblem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={problem !== null || save.isPending} aria-busy={save.isPending || undefined}>
              {editing ? 'Update Announcement' : 'Create Announcement'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
