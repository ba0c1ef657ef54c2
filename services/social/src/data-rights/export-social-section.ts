// The social service's section of the account export: every activity the user has, oldest first,
// and their network (whom they follow, who follows them, whom they blocked, whom they recruited and
// who recruited them), oldest first. Other
// citizens appear by id only: their names and their activities stay out, and so does who blocked
// the user (the blocker's data).
import type { EXPORT_REQUESTS, ReplyPayload, TActivityType } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

interface ActivityRow {
  type: string;
  description: string;
  createdAt: Date;
}

/** Another citizen's id and when the edge was made. */
interface EdgeRow {
  userId: string;
  at: Date;
}

interface RecruitRow {
  userId: string;
  joinedAt: Date;
  rewarded: boolean;
}

export async function exportSocialSection(ctx: SocialContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.social>> {
  const [activities, following, followers, blocked, recruits, [recruitedBy]] = await Promise.all([
    ctx.db.query<ActivityRow>(`SELECT type, description, created_at AS "createdAt" FROM social.activities WHERE user_id = $1::uuid ORDER BY created_at, id`, [
      userId,
    ]),
    ctx.db.query<EdgeRow>(
      `SELECT followee_id AS "userId", created_at AS at FROM social.follows WHERE follower_id = $1::uuid ORDER BY created_at, followee_id`,
      [userId],
    ),
    ctx.db.query<EdgeRow>(
      `SELECT follower_id AS "userId", created_at AS at FROM social.follows WHERE followee_id = $1::uuid ORDER BY created_at, follower_id`,
      [userId],
    ),
    ctx.db.query<EdgeRow>(`SELECT blocked_id AS "userId", created_at AS at FROM social.blocks WHERE blocker_id = $1::uuid ORDER BY created_at, blocked_id`, [
      userId,
    ]),
    ctx.db.query<RecruitRow>(
      `SELECT recruited_user_id AS "userId", joined_at AS "joinedAt", rewarded
       FROM social.recruits WHERE recruiter_id = $1::uuid ORDER BY joined_at, recruited_user_id`,
      [userId],
    ),
    ctx.db.query<Omit<RecruitRow, 'rewarded'>>(
      `SELECT recruiter_id AS "userId", joined_at AS "joinedAt" FROM social.recruits WHERE recruited_user_id = $1::uuid`,
      [userId],
    ),
  ]);
  return {
    activities: activities.map((a) => ({ type: a.type as TActivityType, description: a.description, createdAt: a.createdAt.toISOString() })),
    following: following.map((f) => ({ userId: f.userId, followedAt: f.at.toISOString() })),
    followers: followers.map((f) => ({ userId: f.userId, followedAt: f.at.toISOString() })),
    blocked: blocked.map((b) => ({ userId: b.userId, blockedAt: b.at.toISOString() })),
    recruits: recruits.map((r) => ({ userId: r.userId, joinedAt: r.joinedAt.toISOString(), rewarded: r.rewarded })),
    recruitedBy: recruitedBy ? { userId: recruitedBy.userId, joinedAt: recruitedBy.joinedAt.toISOString() } : null,
  };
}
