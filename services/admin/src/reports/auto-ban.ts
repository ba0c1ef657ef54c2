// The brigading guard and the automatic ban (README "What stops brigading"): per author, the distinct
// eligible reporters of their current episode are counted (an account older than a day; an unban
// starts a new episode, so the reports behind the last ban cannot ban again). At auto_ban_threshold,
// auto_ban_requested goes to the outbox once per author and episode; auth, the ban flag's one writer,
// bans unless the user is an admin or banned already.
import type { authEvents, EventPayload } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { AdminContext } from '../context.ts';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';
import { emitAutoBanRequested } from '../events.ts';

interface AuthorRow {
  episode: number;
  episodeStartedAt: Date | null;
  isAdmin: boolean;
}

/**
 * The author's row, locked for the rest of the transaction (made if new): every report about the author
 * takes it before it writes and counts, so concurrent reports count one after the other (READ
 * COMMITTED: each count sees the reports committed before it), and the one that reaches the threshold
 * sees it reached.
 */
export async function lockReportedAuthor(tx: SqlDriver, authorId: string): Promise<AuthorRow> {
  const [row] = await tx.query<AuthorRow>(
    `INSERT INTO admin.report_authors (author_id) VALUES ($1::uuid)
     ON CONFLICT (author_id) DO UPDATE SET author_id = EXCLUDED.author_id
     RETURNING episode, episode_started_at AS "episodeStartedAt", is_admin AS "isAdmin"`,
    [authorId],
  );
  return row!;
}

/** Distinct eligible reporters of the author's content in the current episode. */
async function countReporters(tx: SqlDriver, authorId: string, since: Date | null): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `SELECT count(DISTINCT reporter_id)::int AS count FROM admin.reports
      WHERE author_id = $1::uuid AND eligible AND ($2::timestamptz IS NULL OR created_at >= $2::timestamptz)`,
    [authorId, since?.toISOString() ?? null],
  );
  return row!.count;
}

/**
 * With the author's row locked (lockReportedAuthor): requests the automatic ban when the current
 * episode's count reached the threshold and none was requested for it yet. True when this call did.
 */
export async function requestAutoBanIfDue(ctx: AdminContext, tx: SqlDriver, authorId: string, author: AuthorRow, now: Date): Promise<boolean> {
  if (author.isAdmin) return false;
  const threshold = settingOf(ctx, 'auto_ban_threshold');
  const count = await countReporters(tx, authorId, author.episodeStartedAt);
  if (count < threshold) return false;
  const inserted = await tx.execute(
    `INSERT INTO admin.auto_ban_requests (author_id, episode, report_count, threshold, requested_at)
     VALUES ($1::uuid, $2, $3, $4, $5::timestamptz) ON CONFLICT DO NOTHING`,
    [authorId, author.episode, count, threshold, now.toISOString()],
  );
  if (inserted !== 1) return false;
  await emitAutoBanRequested(tx, { userId: authorId, reportCount: count, threshold, requestedAt: now.toISOString() });
  return true;
}

/**
 * civic.auth.user.standing_changed, in the consumer's transaction: remembers whether the user is an
 * admin (never banned automatically), and on an unban starts a new episode from the unban's time. The
 * standing version keeps an older event from undoing a newer one. After an unban the new episode is
 * checked at once: reports made since the unban that reach the threshold request the ban again.
 */
export async function applyStandingToReports(ctx: AdminContext, tx: SqlDriver, p: EventPayload<typeof authEvents.UserStandingChanged>): Promise<void> {
  if (await adminErasureGuard.isDeletedUser(tx, p.userId)) return;
  await lockReportedAuthor(tx, p.userId);
  // is_admin follows the newest standing; an unban newer than the episode's start opens the next one
  // (whatever order the events came in: the inbox makes a redelivery a no-op).
  const [applied] = await tx.query<AuthorRow & { opened: boolean }>(
    `WITH opening AS (
       SELECT $4::boolean AND (episode_started_at IS NULL OR episode_started_at < $5::timestamptz) AS opens
         FROM admin.report_authors WHERE author_id = $1::uuid
     )
     UPDATE admin.report_authors
        SET is_admin = CASE WHEN standing_version < $3 THEN $2 ELSE is_admin END,
            standing_version = GREATEST(standing_version, $3),
            episode = episode + CASE WHEN opening.opens THEN 1 ELSE 0 END,
            episode_started_at = CASE WHEN opening.opens THEN $5::timestamptz ELSE episode_started_at END
       FROM opening
      WHERE author_id = $1::uuid
      RETURNING episode, episode_started_at AS "episodeStartedAt", is_admin AS "isAdmin", opening.opens AS opened`,
    [p.userId, p.isAdmin, p.standingVersion, p.change === 'unban_user', p.changedAt],
  );
  if (applied?.opened) await requestAutoBanIfDue(ctx, tx, p.userId, applied, ctx.platform.clock.now());
}
