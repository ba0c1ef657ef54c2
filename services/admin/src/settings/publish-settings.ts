// Publishing committed settings to every process (the kit's platform settings). A change goes right
// after its commit; what a crash or an unreachable NATS left unpublished is published at the next
// start and by the repair job, so a committed change always arrives. Revisions keep the bucket from
// going back to an older value, whichever replica publishes last.
import { isPlatformSettingKey, PLATFORM_SETTING_DEFAULTS } from '@civic/contracts';
import type { AdminContext } from '../context.ts';

interface PendingRow {
  key: string;
  value: string;
  revision: bigint | string | number;
}

async function publishRows(ctx: AdminContext, rows: PendingRow[]): Promise<number> {
  for (const row of rows) {
    if (!isPlatformSettingKey(row.key)) continue;
    const revision = Number(row.revision);
    await ctx.platform.settings.publish(row.key, { value: row.value, revision });
    await ctx.db.execute('UPDATE admin.platform_settings SET published_revision = $2 WHERE key = $1 AND published_revision < $2', [row.key, BigInt(revision)]);
  }
  return rows.length;
}

/** One key, after the transaction that changed it committed. */
export async function publishSetting(ctx: AdminContext, key: string): Promise<void> {
  await publishRows(ctx, await ctx.db.query<PendingRow>('SELECT key, value, revision FROM admin.platform_settings WHERE key = $1', [key]));
}

/** Every key whose last change the bucket may not hold yet (`all`: every key, at start). */
export async function publishPendingSettings(ctx: AdminContext, { all = false } = {}): Promise<number> {
  const rows = await ctx.db.query<PendingRow>(
    `SELECT key, value, revision FROM admin.platform_settings ${all ? '' : 'WHERE published_revision < revision'} ORDER BY key`,
  );
  return publishRows(ctx, rows);
}

/**
 * At start, before publishing every row: a database restored from a backup, or made again, counts
 * revisions from where it stands, below what the bucket already holds, and the bucket (which never
 * goes back to an older revision) would ignore its values. The database is the source of truth, so
 * a row behind the bucket, or level with it and different, moves one past the bucket's revision and
 * is published with the rest.
 */
export async function catchUpWithPublishedRevisions(ctx: AdminContext): Promise<number> {
  let moved = 0;
  for (const { key } of PLATFORM_SETTING_DEFAULTS) {
    const published = ctx.platform.settings.held(key);
    moved += await ctx.db.execute(
      `UPDATE admin.platform_settings SET revision = $2::bigint + 1
       WHERE key = $1 AND (revision < $2::bigint OR (revision = $2::bigint AND value <> $3))`,
      [key, BigInt(published.revision), published.value],
    );
  }
  return moved;
}
