// PUT /api/admin/settings {key, value, description}: the value was checked against its key's rule
// (contracts' ZUpdateSettingRequest). The row, its new revision and the update_setting audit entry
// commit together; then every process is told (publish-settings.ts repairs a publication that fails,
// within seconds).
import type { TPlatformSetting, TUpdateSettingRequest } from '@civic/contracts';
import type { AdminContext } from '../context.ts';
import { type AdminActor, appendAuditEntry } from '../audit/append-entry.ts';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';
import { publishSetting } from './publish-settings.ts';
import { SETTING_COLUMNS, type SettingRow, settingView } from './setting-view.ts';

export async function updateSetting(ctx: AdminContext, actor: AdminActor, body: TUpdateSettingRequest): Promise<TPlatformSetting> {
  const { adminId } = actor;
  const now = ctx.platform.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    await adminErasureGuard.lockShared(tx, adminId);
    await adminErasureGuard.assertNotDeleted(tx, adminId);
    const [before] = await tx.query<SettingRow>(`SELECT ${SETTING_COLUMNS} FROM admin.platform_settings WHERE key = $1 FOR UPDATE`, [body.key]);
    const [row] = await tx.query<SettingRow>(
      `UPDATE admin.platform_settings
          SET value = $2, description = COALESCE($3, description), revision = revision + 1, updated_at = $4::timestamptz, updated_by = $5::uuid
        WHERE key = $1
        RETURNING ${SETTING_COLUMNS}`,
      [body.key, body.value, body.description ?? null, now.toISOString(), adminId],
    );
    await appendAuditEntry(tx, {
      adminId,
      origin: actor,
      action: 'update_setting',
      targetType: 'setting',
      targetId: body.key,
      details: { key: body.key, oldValue: before?.value ?? null, newValue: body.value },
      createdAt: now,
    });
    return row!;
  });
  // Committed: the answer says so even if NATS is away right now; the repair job publishes it then.
  await publishSetting(ctx, body.key).catch((error: unknown) =>
    ctx.platform.logger.warn({ err: error, key: body.key }, 'setting committed but not yet published; the repair job publishes it'),
  );
  return settingView(updated);
}
