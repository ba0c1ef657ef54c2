// GET /api/admin/users (spec 2.12, 7.4): newest first, a page at a time (20 by default), narrowed by a
// search on name or e-mail (a substring, any case) and a status. One query, answered by the partial
// (created_at DESC, id DESC) index of the status, or the trigram index when searching (migration
// 20261206000000_user_directory).
import type { TAdminUser, TAdminUserQuery, TAdminUserStatusFilter } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { DIRECTORY_COLUMNS, type DirectoryRow, toAdminUser } from './directory-view.ts';

/** The text the search reads: the same expression as the trigram index, so the index serves it. */
export const SEARCH_TEXT_SQL = `(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '') || ' ' || coalesce(d.email, ''))`;

/** Each filter is the predicate of its partial index (the badge: Admin, Banned, Pending, else Active). */
const STATUS_SQL: Record<TAdminUserStatusFilter, string> = {
  admin: 'd.is_admin',
  banned: 'd.is_banned',
  pending: "d.approval_status = 'pending'",
  active: "NOT d.is_admin AND NOT d.is_banned AND d.approval_status = 'approved'",
};

/** LIKE's own characters in a search term match themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The page query and its parameters (also what the EXPLAIN test reads). */
export function userPageQuery(query: TAdminUserQuery): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['d.email IS NOT NULL'];
  if (query.status) where.push(STATUS_SQL[query.status]);
  if (query.search) where.push(`${SEARCH_TEXT_SQL} ILIKE ${param(likePattern(query.search))}`);
  const sql = `SELECT ${DIRECTORY_COLUMNS} FROM admin.user_directory d WHERE ${where.join(' AND ')}
    ORDER BY d.created_at DESC, d.id DESC LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`;
  return { sql, values };
}

export async function listUsers(db: SqlDriver, query: TAdminUserQuery): Promise<TAdminUser[]> {
  const { sql, values } = userPageQuery(query);
  const rows = await db.query<DirectoryRow>(sql, values);
  return rows.map((row) => toAdminUser(row));
}
