// Discover (spec 2.9, GET /api/users/search): citizens with a public profile whose first, last or
// full name contains the term, case-insensitive; never the caller, never anyone blocked either way
// (account's read model of civic.social.block.changed). Private profiles are never found by name.
// The full-name expression is the one the trigram index of migration 20261203000000 is built on, so
// the ILIKE is answered through it rather than by reading every profile.
import type { TCitizenSearchQuery, TCitizenSearchResult } from '@civic/contracts';
import type { AccountContext } from '../context.ts';

/** The term as a LIKE pattern that matches it literally anywhere: `%`, `_` and `\` lose their meaning. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface ResultRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  location: string | null;
  occupation: string | null;
}

/** The search's SQL and parameters (the plan test runs the same statement). */
export function searchQuery(viewerId: string, query: TCitizenSearchQuery): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT p.user_id AS id, p.first_name, p.last_name, p.profile_image_url, p.location, p.occupation
     FROM account.profiles p
     LEFT JOIN account.settings s ON s.user_id = p.user_id
     WHERE (coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) ILIKE $2
       AND coalesce(s.profile_visibility, 'public') = 'public'
       AND p.user_id <> $1::uuid
       AND NOT EXISTS (
         SELECT 1 FROM account.blocks b
         WHERE b.blocked AND ((b.blocker_id = $1::uuid AND b.blocked_id = p.user_id) OR (b.blocker_id = p.user_id AND b.blocked_id = $1::uuid))
       )
     ORDER BY lower(coalesce(p.first_name, '')), lower(coalesce(p.last_name, '')), p.user_id
     LIMIT $3::int`,
    params: [viewerId, containsPattern(query.q), query.limit],
  };
}

export async function searchCitizens(ctx: AccountContext, viewerId: string, query: TCitizenSearchQuery): Promise<TCitizenSearchResult[]> {
  const { sql, params } = searchQuery(viewerId, query);
  const rows = await ctx.db.query<ResultRow>(sql, params);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    profileImageUrl: r.profile_image_url,
    location: r.location,
    occupation: r.occupation,
  }));
}
