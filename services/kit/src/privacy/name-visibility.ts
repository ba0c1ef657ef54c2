// SECURITY 31, "private is private": the one rule for whether a citizen may be named to someone else
// next to what they did. A citizen whose activity is private (activityVisibility) is named to nobody
// but themselves: not to followers, not in mails, feeds, other people's exports, admin screens other
// than moderation, open data. A private profile hides the profile, not the name (spec 2.10), so only
// the activity switch counts. Every consumer asks mayNameActor (TypeScript) or embeds privateActorSql.

export type ActivityVisibility = 'public' | 'private';

export interface ActorPrivacy {
  actorId: string;
  /** As the consumer's read model holds it; unknown (null/undefined) is the default, public. */
  activityVisibility?: ActivityVisibility | null;
}

/** Whether `viewerId` (null: anyone, e.g. open data) may see the actor named next to what they did. */
export function mayNameActor(actor: ActorPrivacy, viewerId: string | null): boolean {
  return actor.actorId === viewerId || actor.activityVisibility !== 'private';
}

/**
 * The same rule in SQL over a read model's member row `alias` (with `activity_visibility`): true when
 * the actor must not be named to anyone else. A missing row is the default, public.
 */
export function privateActorSql(alias: string): string {
  return `COALESCE(${alias}.activity_visibility = 'private', false)`;
}
