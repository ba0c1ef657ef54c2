// POST, PATCH /{id}, DELETE /{id} of /api/admin/announcements (spec 2.12, 5, 7.4). Each change, its
// audit entry and civic.admin.announcement.changed (for the live banner) commit together.
import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type TAnnouncement, type TCreateAnnouncementRequest, type TUpdateAnnouncementRequest } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { AdminContext } from '../context.ts';
import { type AdminActor, appendAuditEntry } from '../audit/append-entry.ts';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';
import { AnnouncementNotFound } from '../errors.ts';
import { emitAnnouncementChanged } from '../events.ts';
import { checkedShowUntil } from './announcement-rules.ts';
import { ANNOUNCEMENT_COLUMNS, type AnnouncementRow, announcementView, isVisible } from './announcement-view.ts';

async function asAdmin(tx: SqlDriver, adminId: string) {
  await adminErasureGuard.lockShared(tx, adminId);
  await adminErasureGuard.assertNotDeleted(tx, adminId);
}

export async function createAnnouncement(ctx: AdminContext, actor: AdminActor, body: TCreateAnnouncementRequest): Promise<TAnnouncement> {
  const { adminId } = actor;
  const now = ctx.platform.clock.now();
  const showUntil = checkedShowUntil(body.showUntil, now);
  return ctx.db.transaction(async (tx) => {
    await asAdmin(tx, adminId);
    const [row] = await tx.query<AnnouncementRow>(
      `INSERT INTO admin.announcements (id, title, content, type, is_active, show_until, created_at, updated_at)
       VALUES ($1::uuid, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $7::timestamptz) RETURNING ${ANNOUNCEMENT_COLUMNS}`,
      [randomUUID(), body.title, body.content, body.type, body.isActive, showUntil?.toISOString() ?? null, now.toISOString()],
    );
    const announcement = announcementView(row!);
    await appendAuditEntry(tx, {
      adminId,
      origin: actor,
      action: 'create_announcement',
      targetType: 'announcement',
      targetId: announcement.id,
      details: { title: announcement.title, type: announcement.type, isActive: announcement.isActive, showUntil: announcement.showUntil },
      createdAt: now,
    });
    await emitAnnouncementChanged(tx, {
      announcementId: announcement.id,
      change: 'created',
      visible: isVisible(announcement, now),
      adminId,
      changedAt: now.toISOString(),
    });
    return announcement;
  });
}

export async function updateAnnouncement(ctx: AdminContext, actor: AdminActor, id: string, body: TUpdateAnnouncementRequest): Promise<TAnnouncement> {
  const { adminId } = actor;
  const now = ctx.platform.clock.now();
  const showUntil = body.showUntil === undefined ? undefined : checkedShowUntil(body.showUntil, now);
  return ctx.db.transaction(async (tx) => {
    await asAdmin(tx, adminId);
    const [before] = await tx.query<AnnouncementRow>(`SELECT ${ANNOUNCEMENT_COLUMNS} FROM admin.announcements WHERE id = $1::uuid FOR UPDATE`, [id]);
    if (!before) throw new AnnouncementNotFound();
    const [row] = await tx.query<AnnouncementRow>(
      `UPDATE admin.announcements
          SET title = COALESCE($2, title), content = COALESCE($3, content), type = COALESCE($4, type), is_active = COALESCE($5, is_active),
              show_until = CASE WHEN $6 THEN $7::timestamptz ELSE show_until END, updated_at = $8::timestamptz
        WHERE id = $1::uuid RETURNING ${ANNOUNCEMENT_COLUMNS}`,
      [
        id,
        body.title ?? null,
        body.content ?? null,
        body.type ?? null,
        body.isActive ?? null,
        showUntil !== undefined,
        showUntil?.toISOString() ?? null,
        now.toISOString(),
      ],
    );
    const announcement = announcementView(row!);
    const old = announcementView(before);
    // What changed, old → new, for the log's expandable details.
    const changes = Object.fromEntries(
      (['title', 'content', 'type', 'isActive', 'showUntil'] as const)
        .filter((field) => old[field] !== announcement[field])
        .map((field) => [field, { from: old[field], to: announcement[field] }]),
    );
    await appendAuditEntry(tx, {
      adminId,
      origin: actor,
      action: 'update_announcement',
      targetType: 'announcement',
      targetId: id,
      details: { title: announcement.title, changes },
      createdAt: now,
    });
    await emitAnnouncementChanged(tx, { announcementId: id, change: 'updated', visible: isVisible(announcement, now), adminId, changedAt: now.toISOString() });
    return announcement;
  });
}

export async function deleteAnnouncement(
  ctx: AdminContext,
  actor: AdminActor,
  id: string,
): Promise<{ message: typeof ADMIN_MESSAGES.announcementDeleted; id: string }> {
  const { adminId } = actor;
  const now = ctx.platform.clock.now();
  return ctx.db.transaction(async (tx) => {
    await asAdmin(tx, adminId);
    const [row] = await tx.query<AnnouncementRow>(`DELETE FROM admin.announcements WHERE id = $1::uuid RETURNING ${ANNOUNCEMENT_COLUMNS}`, [id]);
    if (!row) throw new AnnouncementNotFound();
    await appendAuditEntry(tx, {
      adminId,
      origin: actor,
      action: 'delete_announcement',
      targetType: 'announcement',
      targetId: id,
      details: { title: row.title, type: row.type },
      createdAt: now,
    });
    await emitAnnouncementChanged(tx, { announcementId: id, change: 'deleted', visible: false, adminId, changedAt: now.toISOString() });
    return { message: ADMIN_MESSAGES.announcementDeleted, id };
  });
}
