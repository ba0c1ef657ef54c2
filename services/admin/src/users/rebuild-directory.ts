// Rebuilding the users directory (`npm run admin:rebuild-directory`, docs/architecture.md "Users
// directory"): the event streams keep 7 days, so the accounts are read back from auth
// (rpc.auth.user_directory) and each part applied as its event would be, so events arriving meanwhile
// merge in either order. The command adds a row to admin.directory_rebuilds; one process claims it
// (a crashed run is claimed again after RESUME_AFTER).
import { AUTH_REQUESTS, type TUserDirectoryEntry, type TUserDirectoryPageReply, USER_DIRECTORY_PAGE_MAX } from '@civic/contracts';
import { SERVICE_IDENTITY } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { AdminContext } from '../context.ts';
import { applyBalance, applyFollowers } from './apply-numbers.ts';
import { applyProfile } from './apply-profile.ts';
import { applyRegistration } from './apply-registration.ts';
import { applyStanding } from './apply-standing.ts';

/** A run that started this long ago and never finished (its process died) is started again. */
const RESUME_AFTER = "interval '10 minutes'";
const PAGE_TIMEOUT_MS = 10_000;

/** One account of auth's page, applied part by part as the owners' events are. */
export async function applyDirectoryEntry(tx: SqlDriver, u: TUserDirectoryEntry): Promise<void> {
  await applyRegistration(tx, { userId: u.userId, email: u.email, registeredAt: u.registeredAt, isAdmin: u.isAdmin, approvalStatus: u.approvalStatus });
  if (u.standingVersion > 0) await applyStanding(tx, { ...u });
  if (u.profileUpdatedAt) await applyProfile(tx, { ...u, updatedAt: u.profileUpdatedAt });
  if (u.politicalCapitalVersion > 0) await applyBalance(tx, { userId: u.userId, balance: u.politicalCapital, version: u.politicalCapitalVersion });
  if (u.followersVersion > 0) await applyFollowers(tx, { userId: u.userId, followers: u.followers, version: u.followersVersion });
}

/** Empties the directory and reads every account back from auth; resolves to the accounts read. */
export async function rebuildDirectory(ctx: AdminContext): Promise<number> {
  await ctx.db.execute('DELETE FROM admin.user_directory');
  let afterId: string | null = null;
  let count = 0;
  for (;;) {
    const { users }: TUserDirectoryPageReply = await ctx.platform.requests.request(
      AUTH_REQUESTS.userDirectory,
      { afterId, limit: USER_DIRECTORY_PAGE_MAX },
      { caller: 'admin', identity: SERVICE_IDENTITY, timeoutMs: PAGE_TIMEOUT_MS },
    );
    await ctx.db.transaction(async (tx) => {
      for (const user of users) await applyDirectoryEntry(tx, user);
    });
    count += users.length;
    if (users.length < USER_DIRECTORY_PAGE_MAX) return count;
    afterId = users.at(-1)!.userId;
  }
}

/** The periodic job: runs the oldest requested rebuild, if any, and records how it went. */
export async function runRequestedRebuild(ctx: AdminContext): Promise<void> {
  const [claimed] = await ctx.db.query<{ id: string }>(`UPDATE admin.directory_rebuilds SET started_at = now(), error = NULL
      WHERE id = (SELECT id FROM admin.directory_rebuilds
                   WHERE finished_at IS NULL AND (started_at IS NULL OR started_at < now() - ${RESUME_AFTER})
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id::text`);
  if (!claimed) return;
  try {
    const users = await rebuildDirectory(ctx);
    await ctx.db.execute('UPDATE admin.directory_rebuilds SET finished_at = now(), users = $2 WHERE id = $1::bigint', [claimed.id, users]);
    ctx.platform.logger.info({ rebuild: claimed.id, users }, 'users directory rebuilt');
  } catch (error) {
    // Finished, with the reason: the operator runs the command again (the events keep the rows current meanwhile).
    await ctx.db.execute('UPDATE admin.directory_rebuilds SET finished_at = now(), error = $2 WHERE id = $1::bigint', [claimed.id, (error as Error).message]);
    throw error;
  }
}
